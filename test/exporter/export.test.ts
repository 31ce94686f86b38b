// @slow: exports and applies the example workspace (`npm run test:fast` leaves it out; `npm test` runs it).
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { preview, refresh, up, type HarnessOptions } from "../../cli/harness";
import { readInventory } from "../../cli/exporter/inventory";
import { buildProgram } from "../../cli/exporter/program";
import { ApiClient } from "../../provider/client";
import { DEMO_PEOPLE } from "../../emulator/seed";
import { startTestEmulator, type TestEmulator, adminHeaders } from "../support/emulator";
import { callApi } from "../support/provider";
import { EXAMPLE_RESOURCES } from "../support/example-workspace";

const root = path.resolve(__dirname, "../..");
const example = path.join(root, "examples/workspace");
/** The example's stand-in certificate (examples/workspace/index.ts). */
const DEMO_CERTIFICATE =
  "-----BEGIN CERTIFICATE-----\nMIIBdemoCertificateForTheEmulatorOnly\n-----END CERTIFICATE-----";

// The example (EXAMPLE_RESOURCES), then the generated program, each through the provider host.
jest.setTimeout(600_000);

let emu: TestEmulator;
/**
 * Where the generated projects go; its `node_modules` is this project's, so that they resolve
 * `pulumi-docs-workspace` (linked to this checkout) as an installed project would.
 */
let dir: string;

beforeAll(async () => {
  emu = await startTestEmulator();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-export-"));
  fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  const first = await up(
    options(example, "example", emu.organizationId, {
      "handbook:teams": JSON.stringify(["Platform", "Payments"]),
    }),
  );
  expect(first.summary).toMatchObject({ create: EXAMPLE_RESOURCES });
});
afterAll(async () => {
  await emu.close();
  if (!process.env.KEEP_EXPORT_OUT) fs.rmSync(dir, { recursive: true, force: true });
});

function options(
  programDir: string,
  name: string,
  organizationId: string,
  config: Record<string, string> = {},
  secrets: Record<string, string> = {},
): HarnessOptions {
  return {
    programDir,
    stateFile: path.join(dir, `${name}.state.json`),
    config: {
      "docs-workspace:apiUrl": emu.url,
      "docs-workspace:organizationId": organizationId,
      ...config,
    },
    secrets: { "docs-workspace:apiToken": emu.token, ...secrets },
    passphrase: "exporter-test-passphrase",
  };
}

/** Runs the built `docs-workspace` command; answers its exit code and output. */
export function exportCli(
  emulator: TestEmulator,
  args: readonly string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runNode([path.join(root, "cli/dist/cli/exporter/cli.js"), ...args], {
    ...process.env,
    DOCS_WORKSPACE_API_URL: emulator.url,
    DOCS_WORKSPACE_API_TOKEN: emulator.token,
  });
}

/**
 * Runs a Node script in a child process without blocking this one: the emulator answers from this
 * process, and a stall of it (spawnSync) would stall the server between two of the tests' requests.
 */
function runNode(
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, args, { env });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Exports `organizationId` into `dir/<name>` with the command, as a user would, and answers the
 * program as the exporter builds it, its folder and source, and the stack config its secrets need.
 */
const EXAMPLE_FONT_KEYS: Record<string, string> = {
  400: "fonts/handbook-sans-regular.woff2",
  700: "fonts/handbook-sans-bold.woff2",
};

async function exported(name: string, organizationId: string, clone = false) {
  const out = path.join(dir, name);
  const run = await exportCli(emu, [
    "export",
    "--out",
    out,
    "--organization",
    organizationId,
    ...(clone ? ["--clone"] : []),
  ]);
  expect(run).toMatchObject({ code: 0 });
  const client = new ApiClient({ apiUrl: emu.url, apiToken: emu.token, maxConcurrency: 8 });
  const program = buildProgram(await readInventory(client, organizationId), { clone });
  // The certificate the program reads from its stack config: the example's, set as a user would.
  const secrets = Object.fromEntries(
    program.secrets.map((s) => [`${name}:${s.key}`, DEMO_CERTIFICATE]),
  );
  // The storage keys of the example font's faces, which the service never answers: set as the
  // export's notes ask, with the keys examples/workspace made the faces with.
  const config = Object.fromEntries(
    program.notes.flatMap((note) => {
      const asked = /weight (\d+): .* `pulumi config set (\S+) <storage key>`/.exec(note);
      return asked ? [[`${name}:${asked[2]!}`, EXAMPLE_FONT_KEYS[asked[1]!]!]] : [];
    }),
  );
  const source = fs.readFileSync(path.join(out, "index.ts"), "utf8");
  return { program, out, secrets, config, source };
}

async function writes() {
  return (await emu.requests()).filter((r) => r.method !== "GET");
}

test("the export of the example workspace declares every kind, by variable, each adopting its object; its first up writes nothing but the font's faces, and a refresh and a preview after it show no change", async () => {
  const { program, out, secrets, config, source } = await exported("handbook", emu.organizationId);
  const types = new Set(program.declarations.map((d) => d.type));
  expect([...types].sort()).toEqual(
    [
      "Collection",
      "CollectionPermission",
      "CustomFont",
      "IntegrationInstallation",
      "IntegrationSiteInstallation",
      "OpenApiSpec",
      "OrganizationMember",
      "OrganizationSettings",
      "SamlProvider",
      "ShareLink",
      "Site",
      "SiteAdaptiveSchema",
      "SiteCustomization",
      "SiteExternalLink",
      "SiteMcpServer",
      "SitePermission",
      "SiteSection",
      "SiteSectionGroup",
      "SiteSpace",
      "SiteSpaceCustomization",
      "Space",
      "SpacePermission",
      "Team",
      "Translation",
      "TranslationGlossary",
      "SiteRedirect",
      "SiteVisitorAuth",
      "SiteAgentSettings",
      "SiteAds",
    ].sort(),
  );
  // References are variables; the only literal ids are the adoptIds.
  expect(source).toMatch(/parent: engineeringHandbook\.id/);
  expect(source).toMatch(/siteId: engineeringDocs\.id/);
  expect(source).toMatch(/defaultTeam: reviewersTeam\.id/);
  expect(source).toContain('certificate: config.requireSecret("exampleIdpCertificate")');
  expect(source).not.toContain("MIIBdemoCertificate");
  // A grant is found by its target and principal: it takes no adoptId.
  for (const d of program.declarations)
    expect(d.adoptId).toBe(d.type.endsWith("Permission") ? undefined : d.id);
  // Each grant names its team by variable, a user by e-mail: what a clone copies them by.
  expect(source).toMatch(
    /new SpacePermission\("[^"]+", \{\s*spaceId: onboarding\.id,\s*teamId: writers\.id,\s*role: "edit"/,
  );
  expect(source).toMatch(
    /spaceId: incidentResponse\.id,\s*email: "linus@example\.com",\s*role: "admin"/,
  );
  // The same objects, for the native provider's `pulumi import --file`, but the organization's
  // settings and members, which `--only` brings in.
  const imports = JSON.parse(fs.readFileSync(path.join(out, "import.json"), "utf8")) as {
    resources: { type: string; name: string; id: string }[];
  };
  const imported = program.declarations.filter(
    (d) => d.type !== "OrganizationSettings" && d.type !== "OrganizationMember",
  );
  expect(imports.resources.map(({ type, name }) => ({ type, name }))).toEqual(
    imported.map((d) => ({ type: `docs-workspace:index:${d.type}`, name: d.variable })),
  );
  // A site's objects are named `<siteId>/<id>` (the native plugin reads them through their site),
  // everything else by its id: each names the object the API serves there.
  const family: Record<string, string> = {
    ShareLink: "share-links",
    SiteSection: "sections",
    SiteSectionGroup: "section-groups",
    SiteSpace: "site-spaces",
    // A site space's customization is named by its site space.
    SiteSpaceCustomization: "site-spaces",
    SiteRedirect: "redirects",
    SiteMcpServer: "mcp-servers",
    SiteChannel: "channels",
    SiteExternalLink: "structure",
  };
  for (const [i, entry] of imports.resources.entries()) {
    const d = imported[i]!;
    if (d.type.startsWith("Integration")) {
      // Named by its integration: `<integration>/<installationId>`, then `/<siteId>` on a site.
      const [name, installation, siteId] = entry.id.split("/");
      expect([name, d.type === "IntegrationInstallation" ? installation : entry.id]).toEqual([
        "googleanalytics",
        d.id,
      ]);
      const on = siteId === undefined ? "" : `/sites/${siteId}`;
      const url = `/v1/integrations/${name}/installations/${installation}${on}`;
      expect({ url, status: (await callApi(emu, "GET", url)).status }).toEqual({
        url,
        status: 200,
      });
      continue;
    }
    const children = family[d.type];
    if (children === undefined) {
      expect(entry.id).toBe(d.id);
      continue;
    }
    const [siteId, id] = entry.id.split("/");
    expect(id).toBe(d.id);
    if (d.type === "SiteExternalLink") {
      // No list of links: the site's structure holds them.
      const structure = `/v1/orgs/${emu.organizationId}/sites/${siteId}/structure`;
      expect(JSON.stringify((await callApi(emu, "GET", structure)).body)).toContain(`"${id}"`);
      continue;
    }
    // The site it names lists it (the API has no GET of one section).
    const url = `/v1/orgs/${emu.organizationId}/sites/${siteId}/${children}`;
    const listed = (await callApi(emu, "GET", url)).body as { items?: { id: string }[] };
    expect({ url, ids: listed.items?.map((item) => item.id) }).toEqual({
      url,
      ids: expect.arrayContaining([id]),
    });
  }
  const ids = new Set(program.declarations.map((d) => d.id));
  const literals = [...source.matchAll(/(\w+): "([^"]+)"/g)].filter(
    // An OpenAPI spec's id is its slug.
    ([, key, value]) => key !== "adoptId" && key !== "slug" && ids.has(value!),
  );
  expect(literals).toEqual([]);

  await emu.clearRequests();
  const opts = options(out, "handbook", emu.organizationId, config, secrets);
  const first = await up(opts);
  expect(first.summary).toMatchObject({ create: program.declarations.length + 1 });
  // Nothing is written but the font's faces: the service never answers a face's storage key, so
  // taking a font over points its faces at the declared keys, in one POST (docs/api-decisions.md,
  // "CustomFont import").
  const font = program.declarations.find((d) => d.type === "CustomFont")!;
  expect((await writes()).map((w) => [w.method, w.path, w.body])).toEqual([
    [
      "POST",
      `/v1/orgs/${emu.organizationId}/fonts/${font.id}`,
      {
        fontFaces: [
          { weight: 400, storageKey: EXAMPLE_FONT_KEYS[400] },
          { weight: 700, storageKey: EXAMPLE_FONT_KEYS[700] },
        ],
      },
    ],
  ]);
  await emu.clearRequests();

  const refreshed = await refresh(opts);
  expect(refreshed.steps.filter((s) => s.op !== "same")).toEqual([]);
  const previewed = await preview(opts);
  expect(previewed.steps.filter((s) => s.op !== "same")).toEqual([]);
  expect(await writes()).toEqual([]);
});

test("the generated project type-checks against this package", async () => {
  const { out } = await exported("typed", emu.organizationId);
  const tsc = await runNode([
    path.join(root, "node_modules/typescript/bin/tsc"),
    "--noEmit",
    "-p",
    out,
  ]);
  expect(tsc.stdout + tsc.stderr).toBe("");
  expect(tsc.code).toBe(0);
});

test("a clone made into a second, empty organization exports to the same program but for ids and the organization", async () => {
  // The same people are members there (members join through invites or SSO, not through a program).
  const seeded = await emu.fetch(`${emu.url}/_emulator/seed`, {
    method: "POST",
    headers: adminHeaders(emu.adminToken, true),
    body: JSON.stringify({
      members: DEMO_PEOPLE.map(({ email, role }) => ({
        organization: emu.secondOrganizationId,
        user: email,
        role,
      })),
    }),
  });
  expect(seeded.status).toBe(201);

  const clone = await exported("copy", emu.organizationId, true);
  expect(clone.source).not.toMatch(/adoptId: "/);
  // A clone makes new objects: it has nothing to import.
  expect(fs.existsSync(path.join(clone.out, "import.json"))).toBe(false);
  const made = await up(
    options(clone.out, "copy", emu.secondOrganizationId, clone.config, clone.secrets),
  );
  expect(made.summary).toMatchObject({ create: clone.program.declarations.length + 1 });

  const original = await exported("original", emu.organizationId);
  const copy = await exported("copied", emu.secondOrganizationId);
  // Hostnames are not cloned: the original's export says so of the example's, the copy has none.
  const hostnameNote =
    /^\/\/ Custom hostname \S+ \(site Engineering docs\) is not declared: hostnames are not cloned.*\n/m;
  expect(original.source).toMatch(hostnameNote);
  expect(copy.source).not.toMatch(/Custom hostname/);
  const normalized = (source: string) =>
    source
      .replace(/adoptId: "[^"]+"/g, 'adoptId: "<id>"')
      .replace(/^\/\/ The workspace of organization .*$/m, "")
      .replace(hostnameNote, "")
      .replace(/ {2}title: "(Test|Second) organization",\n/, "");
  expect(normalized(copy.source)).toEqual(normalized(original.source));
  // The copy's grants went to the copy's teams, found by their titles.
  const copyTeams = (await callApi(emu, "GET", `/v1/orgs/${emu.secondOrganizationId}/teams`)).body
    .items as { id: string; title: string }[];
  const copySpaces = (await callApi(emu, "GET", `/v1/orgs/${emu.secondOrganizationId}/spaces`)).body
    .items as { id: string; title: string }[];
  const onboardingCopy = copySpaces.find((sp) => sp.title === "Onboarding")!;
  const granted = (await callApi(emu, "GET", `/v1/spaces/${onboardingCopy.id}/permissions/teams`))
    .body.items as { team: { id: string }; permission: string }[];
  expect(granted.map((g) => [g.team.id, g.permission])).toEqual([
    [copyTeams.find((t) => t.title === "Writers")!.id, "edit"],
  ]);
  expect(copy.source).not.toEqual(original.source);
});

test("docs-workspace --help exits 0; a missing --out or an unknown command exits 2 with the usage; the token never shows", async () => {
  const help = await exportCli(emu, ["--help"]);
  expect(help).toMatchObject({ code: 0 });
  expect(help.stdout).toContain("docs-workspace export --out DIR");
  const missing = await exportCli(emu, ["export"]);
  expect(missing.code).toBe(2);
  expect(missing.stderr).toContain("--out DIR is required");
  expect((await exportCli(emu, ["import"])).code).toBe(2);
  const denied = await exportCli(emu, [
    "export",
    "--out",
    path.join(dir, "foreign"),
    "--organization",
    emu.foreignOrganizationId,
  ]);
  expect(denied.code).toBe(1);
  expect(denied.stderr).toMatch(/^docs-workspace: \[GET\] \/v1\/orgs\/[^:]+: 40[34]/);
  for (const run of [help, missing, denied]) {
    expect(run.stdout + run.stderr).not.toContain(emu.token);
  }
});
