import * as fs from "node:fs";
import * as path from "node:path";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { LAUNCHER_DIR } from "../support/native-plugin";
import { callApi, writes } from "../support/provider";
import {
  describeCli,
  nameOf,
  PulumiStack,
  type ExportedResource,
  type PulumiResult,
} from "../support/pulumi";
import { definitions } from "../../provider/resources/registry";

/**
 * The native plugin through the real `pulumi` CLI: a TypeScript program declaring every resource
 * kind by its token (no SDK), then `pulumi import` of every kind into a second stack.
 */
const program = path.resolve(__dirname, "../fixtures/native-program");
const importer = path.resolve(__dirname, "../fixtures/native-import");

jest.setTimeout(900_000);

/**
 * Whether the package schema is generated (provider/native/schema.json): `pulumi import` writes
 * code from it, and fails to without it ("unknown resource type").
 */
const schemaGenerated = fs.existsSync(path.resolve(__dirname, "../../provider/native/schema.json"));

/** A stack of `dir` whose Pulumi.yaml finds the plugin at the launcher's folder. */
async function nativeStack(dir: string, emu: TestEmulator): Promise<PulumiStack> {
  const stack = await PulumiStack.create({ program: dir, emulator: emu, token: "config" });
  stack.edit("Pulumi.yaml", "PLUGIN_DIR", LAUNCHER_DIR);
  return stack;
}

/** What a `pulumi import` needs beyond an object's id: its site, for the kinds a site holds. */
function importId(type: string, id: string, outputs: Record<string, unknown>): string {
  const inSite = [
    "ShareLink",
    "SiteSection",
    "SiteSectionGroup",
    "SiteSpace",
    "SiteSpaceCustomization",
    "SiteRedirect",
    "SiteMcpServer",
    "SiteChannel",
    "SiteContextConnection",
    "SiteExternalLink",
  ];
  if (type.split(":")[2] === "IntegrationInstallation")
    return `${String(outputs.integration)}/${id}`;
  // Their id is their import id: `<integration>/<installationId>/<siteId or spaceId>`.
  if (["IntegrationSiteInstallation", "IntegrationSpaceInstallation"].includes(type.split(":")[2]!))
    return id;
  return inSite.includes(type.split(":")[2]!) ? `${String(outputs.siteId)}/${id}` : id;
}

/** State values with each secret as `{ __secret: value }`, which the importing program reads. */
function unsealed(value: unknown): Record<string, unknown> {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v !== "object" || v === null) return v;
    const o = v as Record<string, unknown>;
    if (typeof o.plaintext === "string") return { __secret: JSON.parse(o.plaintext) };
    return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, walk(x)]));
  };
  return walk(value) as Record<string, unknown>;
}

/** A run's output; a failed run fails the test with it. */
function succeeded(result: PulumiResult): string {
  const output = `${result.stdout}${result.stderr}`;
  if (result.code !== 0) throw new Error(`pulumi exited ${result.code}:\n${output.slice(-6000)}`);
  return output;
}

describeCli("the native plugin through the real pulumi CLI", () => {
  let emu: TestEmulator;
  let stack: PulumiStack;

  beforeAll(async () => {
    emu = await startTestEmulator();
    stack = await nativeStack(program, emu);
  });
  afterAll(async () => {
    stack?.close();
    await emu?.close();
  });

  test("up makes every kind; up and refresh then show no change and send no write", async () => {
    const first = await stack.json(["up"]);
    expect(first.result.code).toBe(0);
    const made = first.steps.filter(
      (s) => s.op === "create" && s.type.startsWith("docs-workspace:index:"),
    );
    expect(new Set(made.map((s) => s.type))).toEqual(new Set(definitions.map((d) => d.token)));
    const exported = await stack.exportState();
    const link = exported.deployment.resources?.find((r) => nameOf(r.urn) === "readers");
    // The share link's URL holds its key: the state keeps it encrypted.
    expect(JSON.stringify(link?.outputs?.url)).toContain("ciphertext");

    // An explicit provider instance, configured by its arguments, made its space.
    const viaExplicit = exported.deployment.resources?.find(
      (r) => nameOf(r.urn) === "via-explicit",
    );
    expect(viaExplicit?.provider).toMatch(/::explicit::/);
    const listed = await callApi(emu, "GET", `/v1/orgs/${emu.organizationId}/spaces`);
    expect(JSON.stringify(listed.body.items)).toContain("Through an explicit provider");

    // The space read by its id, and the lookup as an invoke, see the space the program made.
    const outputs = JSON.parse((await stack.ok(["stack", "output", "--json"])).stdout);
    expect(outputs).toMatchObject({
      readTitle: "Guide",
      lookedUpTitle: "Guide",
      faqGrants: ["grace@example.com:comment"],
    });

    await emu.clearRequests();
    expect((await stack.run(["up", "--yes", "--expect-no-changes"])).code).toBe(0);
    expect((await stack.run(["refresh", "--yes", "--expect-no-changes"])).code).toBe(0);
    expect(await writes(emu)).toEqual([]);
  });

  test("preview --diff after an edit names the changed property, as an update", async () => {
    await stack.setConfig("native:guideTitle", "User guide");
    const preview = await stack.run(["preview", "--diff"]);
    expect(preview.code).toBe(0);
    expect(preview.stdout).toMatch(/~ docs-workspace:index:Space: \(update\)\n.*\n.*::guide\]/);
    expect(preview.stdout).toMatch(/~ title\s*: "Guide" => "User guide"/);
    expect(preview.stdout).not.toMatch(/replace/);
    expect((await stack.run(["up", "--yes"])).code).toBe(0);
  });

  test("pulumi import brings in every kind; declaring the imported inputs is no change", async () => {
    const imports = await nativeStack(importer, emu);
    try {
      const resources = await stack.resources();
      // Every object the program made (not the space it only reads), each by the single form
      // `pulumi import <type> <name> <id>`.
      const made = [...resources.values()].filter((r) => nameOf(r.urn) !== "guide-read");
      for (const r of made) {
        const name = nameOf(r.urn);
        const run = await imports.run([
          "import",
          r.type,
          name,
          importId(r.type, r.id!, r.outputs ?? {}),
          "--yes",
          ...(schemaGenerated ? [] : ["--generate-code=false"]),
        ]);
        const output = succeeded(run);
        // With the generated schema, the code it writes declares the object by its class.
        const type = r.type.split(":")[2]!;
        expect(output).toMatch(schemaGenerated ? new RegExp(`${type}\\("${name}"`) : /imported/);
      }

      const imported = await imports.resources();
      expect(new Set([...imported.values()].map((r) => r.type))).toEqual(
        new Set(definitions.map((d) => d.token)),
      );
      // The inputs as the state holds them, secrets in plain text (the program marks them again).
      const plain = JSON.parse(
        (await imports.ok(["stack", "export", "--show-secrets"])).stdout,
      ) as {
        deployment: { resources: ExportedResource[] };
      };
      const declared = plain.deployment.resources
        .filter((r) => r.type.startsWith("docs-workspace:index:"))
        .map((r) => ({ type: r.type, name: nameOf(r.urn), inputs: unsealed(r.inputs ?? {}) }));
      // A font face's storage key is written, never read back: the service answers the file's
      // URL. An imported CustomFont holds no key, so the program declares the keys it was made
      // with, as a user who imports one writes them; its first up points the faces at them.
      const font = declared.find((d) => d.type === "docs-workspace:index:CustomFont")!;
      expect(font.inputs.fontFaces).toEqual([{ weight: 400, storageKey: null }]);
      font.inputs.fontFaces = resources.get("brand")!.outputs!.fontFaces;
      // A context connection's token is answered redacted: an imported one holds none, so the
      // program declares it, and its first up sends the setup with it.
      const connection = declared.find(
        (d) => d.type === "docs-workspace:index:SiteContextConnection",
      )!;
      expect(connection.inputs.token).toBeUndefined();
      connection.inputs.token = { __secret: "ghp_native-fixture" };
      fs.writeFileSync(path.join(imports.dir, "declared.json"), JSON.stringify(declared));
      await emu.clearRequests();
      const up = await imports.run(["up", "--yes"]);
      expect(succeeded(up)).not.toMatch(/error/i);
      const issues = resources.get("internal-issues")!;
      const site = issues.outputs!.siteId as string;
      expect(
        (await writes(emu))
          .map((w) => [w.method, w.path, w.body])
          .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      ).toEqual([
        [
          "PATCH",
          `/v1/orgs/${emu.organizationId}/sites/${site}/context-connections/${issues.id}`,
          {
            connector: "builtin:github-issues",
            setupSettings: { repository: "acme/docs", token: "***" },
          },
        ],
        [
          "POST",
          `/v1/orgs/${emu.organizationId}/fonts/${resources.get("brand")!.id}`,
          { fontFaces: [{ weight: 400, storageKey: "fonts/native-sans-regular.woff2" }] },
        ],
      ]);
      // Every other kind, and the font from then on, is no change.
      await emu.clearRequests();
      const again = await imports.run(["up", "--yes", "--expect-no-changes"]);
      expect(succeeded(again)).not.toMatch(/error/i);
      expect(await writes(emu)).toEqual([]);
    } finally {
      imports.close();
    }
  });

  test("destroy leaves nothing", async () => {
    expect((await stack.json(["destroy"])).result.code).toBe(0);
    for (const kind of [
      "teams",
      "saml",
      "sites",
      "collections",
      "spaces",
      "translations-glossary",
    ]) {
      const body = (await callApi(emu, "GET", `/v1/orgs/${emu.organizationId}/${kind}`)).body;
      expect({ kind, items: body.items }).toEqual({ kind, items: [] });
    }
  });
});
