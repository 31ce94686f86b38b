import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { generateSdks, installPythonSdk, linkNodeSdk } from "../support/native-sdk";
import { callApi, writes } from "../support/provider";
import { describeCli, PulumiStack } from "../support/pulumi";

/**
 * The native provider through the real CLI, from each language it serves: the programs in
 * examples/native (YAML, Python and TypeScript on the generated SDKs) declare a collection, a
 * space, a published site with a section and a share link, and run against the emulator through
 * up, the no-change checks, a detailed diff, `pulumi import` and destroy.
 */
const root = path.resolve(__dirname, "../..");
const plugin = "../../../provider/native/plugin";

interface Language {
  name: string;
  /** The file that holds the program. */
  file: string;
  /** The space's title as the program writes it, and the edit that changes it. */
  title: [string, string];
  /** What the code `pulumi import` writes for a space looks like. */
  imported: RegExp;
}

const languages: Language[] = [
  {
    name: "yaml",
    file: "Pulumi.yaml",
    title: ["title: Guide\n", "title: Guide book\n"],
    imported: /type: docs-workspace:(index:)?Space\n/,
  },
  {
    name: "python",
    file: "__main__.py",
    title: ['title="Guide"', 'title="Guide book"'],
    imported: /\.Space\("imported"/,
  },
  {
    name: "typescript",
    file: "index.ts",
    title: ['title: "Guide"', 'title: "Guide book"'],
    imported: /new \w+\.Space\("imported"/,
  },
];

jest.setTimeout(600_000);

describeCli("examples/native through the real CLI and the native plugin", () => {
  let emu: TestEmulator;
  let work: string;
  let sdks: { python: string; nodejs: string };

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-native-"));
    // The SDKs of the committed schema, as `npm run sdk` makes them; YAML needs none.
    sdks = await generateSdks(work);
    await installPythonSdk(sdks.python);
    emu = await startTestEmulator();
  });
  afterAll(async () => {
    await emu?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  /** The ids of the organization's collections, spaces and sites, and of the sites' share links. */
  async function objects(): Promise<string[]> {
    const org = `/v1/orgs/${emu.organizationId}`;
    const ids: string[] = [];
    for (const kind of ["collections", "spaces", "sites"]) {
      const body = (await callApi(emu, "GET", `${org}/${kind}`)).body as {
        items: { id: string }[];
      };
      ids.push(...body.items.map((i) => `${kind}/${i.id}`));
      if (kind !== "sites") continue;
      for (const site of body.items) {
        const links = (await callApi(emu, "GET", `${org}/sites/${site.id}/share-links`)).body as {
          items: { id: string }[];
        };
        ids.push(...links.items.map((l) => `share-links/${l.id}`));
      }
    }
    return ids.sort();
  }

  describe.each(languages)("$name", (language) => {
    let stack: PulumiStack;
    let before: string[];

    beforeAll(async () => {
      before = await objects();
      stack = await PulumiStack.create({
        program: path.join(root, "examples", "native", language.name),
        emulator: emu,
        typeCheck: language.name === "typescript",
      });
      // The copy lies elsewhere: the plugin's folder, named from there.
      stack.edit(
        "Pulumi.yaml",
        `path: ${plugin}`,
        `path: ${path.join(root, "provider/native/plugin")}`,
      );
      if (language.name === "typescript") linkNodeSdk(sdks.nodejs, stack.work);
    });
    afterAll(() => stack?.close());

    test("up makes the collection, space, published site, section and share link; up and refresh then find nothing to change", async () => {
      const up = await stack.json(["up"]);
      expect(up.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      expect(up.result.code).toBe(0);
      const made = up.steps.filter((s) => s.op === "create" && !s.type.startsWith("pulumi:"));
      expect(made.map((s) => s.type).sort()).toEqual(
        ["Collection", "ShareLink", "Site", "SiteSection", "Space"].map(
          (t) => `docs-workspace:index:${t}`,
        ),
      );
      const site = made.find((s) => s.type === "docs-workspace:index:Site")!;
      expect(site.outputs).toMatchObject({ published: true, visibility: "share-link" });

      await emu.clearRequests();
      expect((await stack.run(["up", "--yes", "--expect-no-changes"])).code).toBe(0);
      expect((await stack.run(["refresh", "--yes", "--expect-no-changes"])).code).toBe(0);
      expect(await writes(emu)).toEqual([]);
    });

    test("the share link's URL is a secret output: the state holds it only encrypted", async () => {
      const state = await stack.exportState();
      const link = state.deployment.resources!.find(
        (r) => r.type === "docs-workspace:index:ShareLink",
      )!;
      const url = link.outputs!.url as Record<string, unknown>;
      expect(url["4dabf18193072939515e22adb298388d"]).toBe("1b47061264138c4ac30d75fd1eb44270");
      const shown = await stack.ok(["stack", "output", "--json", "--show-secrets"]);
      const clear = (JSON.parse(shown.stdout) as { reviewersUrl: string }).reviewersUrl;
      expect(clear).toMatch(/^https?:\/\//);
      expect(JSON.stringify(state)).not.toContain(clear);
    });

    test("an edited title shows in preview --diff as an update of title alone, and up applies it", async () => {
      stack.edit(language.file, language.title[0], language.title[1]);
      const preview = await stack.ok(["preview", "--diff"]);
      expect(preview.stdout).toMatch(/~ docs-workspace:index:Space: \(update\)/);
      expect(preview.stdout).toMatch(/~ title\s*: "Guide" => "Guide book"/);
      expect(preview.stdout).not.toMatch(/replace/);
      const up = await stack.json(["up"]);
      expect(up.changeSummary).toMatchObject({ update: 1 });
    });

    test("pulumi import of a space writes its code; with that code the next up changes nothing", async () => {
      const made = await callApi(emu, "POST", `/v1/orgs/${emu.organizationId}/spaces`, {
        title: `Imported (${language.name})`,
      });
      expect(made.status).toBe(201);
      const id = (made.body as { id: string }).id;
      const out = path.join(stack.work, `imported-${language.name}`);
      await stack.ok([
        "import",
        "docs-workspace:index:Space",
        "imported",
        id,
        "--yes",
        "--protect=false",
        "--out",
        out,
      ]);
      const code = fs.readFileSync(out, "utf8");
      expect(code).toMatch(language.imported);
      expect(code).toContain(`Imported (${language.name})`);
      addImportedCode(stack, language, code);
      const again = await stack.run(["up", "--yes", "--expect-no-changes"]);
      expect(again.stdout + again.stderr).not.toMatch(/error/i);
      expect(again.code).toBe(0);
    });

    test("destroy deletes what the stack made or imported: the organization is as before", async () => {
      await stack.ok(["destroy", "--yes"]);
      expect(await objects()).toEqual(before);
    });
  });
});

/** Adds the code `pulumi import` wrote to the program's copy, as a user pastes it. */
function addImportedCode(stack: PulumiStack, language: Language, code: string): void {
  const file = path.join(stack.dir, language.file);
  if (language.name === "yaml") {
    // The generated document's resources go under the program's own `resources:`.
    const entries = code.slice(code.indexOf("resources:\n") + "resources:\n".length);
    const program = fs.readFileSync(file, "utf8");
    fs.writeFileSync(file, program.replace("resources:\n", `resources:\n${entries}`));
    return;
  }
  fs.appendFileSync(file, `\n${code}`);
}
