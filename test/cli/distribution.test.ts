import * as fs from "node:fs";
import * as path from "node:path";
import { packPlugin } from "../../scripts/native-plugin-pack";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { callApi } from "../support/provider";
import { describeCli, PulumiStack } from "../support/pulumi";

/**
 * The plugin as a user gets it (docs/migrate-to-native.md, "Installing the plugin"): the tarball
 * `npm run plugin` makes, installed with `pulumi plugin install resource ... --file` into the
 * stack's own PULUMI_HOME; a YAML program with no `plugins` block then finds it.
 */
const version = (
  JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../provider/package.json"), "utf8")) as {
    version: string;
  }
).version;

jest.setTimeout(600_000);

describeCli("the plugin tarball, installed with pulumi plugin install", () => {
  let emu: TestEmulator;
  let stack: PulumiStack;
  let tarball: string;

  beforeAll(async () => {
    emu = await startTestEmulator();
    tarball = await packPlugin();
    stack = await PulumiStack.create({
      program: path.resolve(__dirname, "../fixtures/distribution"),
      emulator: emu,
    });
  });
  afterAll(async () => {
    stack?.close();
    await emu?.close();
  });

  const home = () => stack.env.PULUMI_HOME!;
  const installed = () => path.join(home(), "plugins", `resource-docs-workspace-v${version}`);

  async function titles(kind: string): Promise<string[]> {
    const body = (await callApi(emu, "GET", `/v1/orgs/${emu.organizationId}/${kind}`)).body as {
      items: { title: string }[];
    };
    return body.items.map((i) => i.title);
  }

  test("the tarball installs a plugin holding the launcher, the package and its production modules only", async () => {
    expect(path.basename(tarball)).toMatch(
      new RegExp(
        `^pulumi-resource-docs-workspace-v${version}-(linux|darwin|windows)-\\w+\\.tar\\.gz$`,
      ),
    );
    await stack.ok(["plugin", "install", "resource", "docs-workspace", version, "--file", tarball]);
    const dir = installed();
    expect(fs.statSync(path.join(dir, "pulumi-resource-docs-workspace")).mode & 0o111).not.toBe(0);
    expect(fs.existsSync(path.join(dir, "dist", "provider", "native", "main.js"))).toBe(true);
    expect(fs.existsSync(path.join(dir, "node_modules", "@pulumi", "pulumi"))).toBe(true);
    for (const dev of ["jest", "typescript", "eslint", "node"]) {
      expect(fs.existsSync(path.join(dir, "node_modules", dev))).toBe(false);
    }
  });

  test("a YAML program without a plugins block runs up on the installed plugin, then finds nothing to change", async () => {
    const up = await stack.json(["up"]);
    expect(up.result.code).toBe(0);
    expect(up.changeSummary).toEqual({ create: 3 });
    expect(await titles("collections")).toEqual(["Handbook (installed plugin)"]);
    const exported = await stack.exportState();
    // The installed plugin is the only one the engine can find: no `plugins` block, none on PATH.
    const providers = exported.deployment.resources!.filter((r) =>
      r.type.startsWith("pulumi:providers:"),
    );
    expect(providers.map((r) => r.type)).toEqual(["pulumi:providers:docs-workspace"]);
    expect((await stack.run(["up", "--yes", "--expect-no-changes"])).code).toBe(0);
  });

  test("pulumi package get-schema docs-workspace prints the installed plugin's schema", async () => {
    const printed = await stack.ok(["package", "get-schema", "docs-workspace"]);
    const schema = JSON.parse(printed.stdout) as {
      name: string;
      version: string;
      resources: object;
    };
    expect(schema).toMatchObject({ name: "docs-workspace", version });
    expect(Object.keys(schema.resources)).toContain("docs-workspace:index:Space");
  });

  test("pulumi package add on the installed launcher's path generates the SDK; the YAML host then lacks Link", async () => {
    const launcher = path.join(installed(), "pulumi-resource-docs-workspace");
    const added = await stack.run(["package", "add", launcher]);
    expect(added.stdout).toContain("Successfully generated an SDK for the docs-workspace package");
    expect(fs.existsSync(path.join(stack.dir, "sdks", "docs-workspace"))).toBe(true);
    // v3.248's `package add` ends with the language host's Link, which the host build.sh makes
    // for YAML does not implement: the project file is left as it was.
    expect(added.stderr).toMatch(/linking package: method Link not implemented/);
    expect(added.code).not.toBe(0);
  });

  test("destroy on the installed plugin deletes what up made", async () => {
    await stack.ok(["destroy", "--yes"]);
    expect(await titles("collections")).toEqual([]);
    expect(await titles("spaces")).toEqual([]);
  });
});
