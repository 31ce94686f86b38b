import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { callApi, writes } from "../support/provider";
import { describeCli, PulumiStack } from "../support/pulumi";

/**
 * The other way off the dynamic resources (docs/migrate-to-native.md, "To another language"):
 * `docs-workspace export` writes import.json, a YAML stack takes every object over with
 * `pulumi import --file import.json`, and the old stack is removed with `pulumi stack rm --force`,
 * which forgets its resources without deleting them. No step writes to the service.
 */
const root = path.resolve(__dirname, "../..");
const fixtures = path.join(root, "test/fixtures/migrate");

jest.setTimeout(600_000);

describeCli("moving a dynamic stack to a YAML program with pulumi import --file", () => {
  let emu: TestEmulator;
  let old: PulumiStack;
  let yaml: PulumiStack;

  beforeAll(async () => {
    emu = await startTestEmulator();
    old = await PulumiStack.create({ program: path.join(fixtures, "dynamic"), emulator: emu });
    yaml = await PulumiStack.create({ program: path.join(fixtures, "yaml"), emulator: emu });
    yaml.edit("Pulumi.yaml", "PLUGIN_DIR", path.join(root, "provider/native/plugin"));
  });
  afterAll(async () => {
    old?.close();
    yaml?.close();
    await emu?.close();
  });

  async function objectIds(): Promise<string[]> {
    const org = `/v1/orgs/${emu.organizationId}`;
    const ids: string[] = [];
    for (const kind of ["collections", "spaces", "sites"]) {
      const body = (await callApi(emu, "GET", `${org}/${kind}`)).body as {
        items: { id: string }[];
      };
      ids.push(...body.items.map((i) => i.id));
    }
    return ids.sort();
  }

  test("the exporter's import.json takes every object into the YAML stack, and the imported code then changes nothing, with no write", async () => {
    expect((await old.run(["up", "--yes"])).code).toBe(0);
    const made = await objectIds();
    expect(made).toHaveLength(3);

    const out = path.join(yaml.work, "export");
    // Asynchronously: the emulator answers from this process.
    const exported = await promisify(execFile)(
      process.execPath,
      [
        path.join(root, "cli/dist/cli/exporter/cli.js"),
        "export",
        "--out",
        out,
        "--only",
        "Collection,Space,Site,SiteSection,ShareLink",
      ],
      {
        encoding: "utf8",
        env: {
          ...process.env,
          DOCS_WORKSPACE_API_URL: emu.url,
          DOCS_WORKSPACE_API_TOKEN: emu.token,
          DOCS_WORKSPACE_ORGANIZATION_ID: emu.organizationId,
        },
      },
    );
    expect(exported.stderr).toMatch(/^Wrote \d+ resources/);
    // With `--only` the kinds the old stack declares, the file lists exactly what it manages (an
    // object of a site as <siteId>/<id>): not the site space its section made, the site's
    // adaptive schema, the organization's settings or its members.
    const managed = new Set(
      [...(await old.resources()).values()].map(
        (r) =>
          `${r.type.replace("pulumi-nodejs:dynamic/docs-workspace:", "docs-workspace:index:")} ${r.id}`,
      ),
    );
    const file = path.join(out, "import.json");
    const entries = (
      JSON.parse(fs.readFileSync(file, "utf8")) as { resources: { type: string; id: string }[] }
    ).resources;
    expect(entries.map((e) => `${e.type} ${e.id.split("/").pop()}`).sort()).toEqual(
      [...managed].sort(),
    );

    await emu.clearRequests();
    const code = path.join(yaml.work, "imported.yaml");
    await yaml.ok(["import", "--file", file, "--yes", "--protect=false", "--out", code]);
    // The code reads as a person writes it: parents by reference, the organization left to the
    // stack's configuration rather than a reference to its settings.
    const written = fs.readFileSync(code, "utf8");
    expect(written).not.toContain("organization-settings");
    expect(written).toMatch(/parent: \$\{handbook\.id\}/);
    expect(written).toMatch(/siteId: \$\{handbookSite\.id\}/);
    fs.appendFileSync(path.join(yaml.dir, "Pulumi.yaml"), fs.readFileSync(code, "utf8"));
    const again = await yaml.run(["up", "--yes", "--expect-no-changes"]);
    expect(again.stdout + again.stderr).not.toMatch(/error/i);
    expect(again.code).toBe(0);
    expect((await yaml.run(["refresh", "--yes", "--expect-no-changes"])).code).toBe(0);
    expect(await writes(emu)).toEqual([]);
  });

  test("stack rm --force forgets the dynamic stack and deletes nothing; destroy of the YAML stack then does", async () => {
    const before = await objectIds();
    await emu.clearRequests();
    await old.ok(["stack", "rm", "--force", "--yes"]);
    expect(await writes(emu)).toEqual([]);
    expect(await objectIds()).toEqual(before);

    await yaml.ok(["destroy", "--yes"]);
    expect(await objectIds()).toEqual([]);
  });
});
