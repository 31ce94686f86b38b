// @slow: packs and installs the packages (`npm run test:fast` leaves it out; `npm test` runs it).
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { up, destroy } from "../../cli/harness";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { installTarballs, packWorkspaces, PACKAGES, type PackageName } from "../support/packed";

const root = path.resolve(__dirname, "../..");
/** A kind's one-line `__provider` text (provider/dynamic/shim.ts): 2.2 KB before 0.4.0. */
const LIMIT = 128;

let emu: TestEmulator;
let scratch: string;

/**
 * What a fresh clone holds: the files git would commit, no dist/. Its node_modules links each of
 * this repository's installed packages but the workspaces', which it links to its own folders as
 * `npm ci` does, so packing it needs no registry.
 */
function freshClone(): string {
  const clone = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-clone-"));
  const files = execFileSync(
    "git",
    ["ls-files", "-z", "--cached", "--others", "--exclude-standard"],
    {
      cwd: root,
      encoding: "utf8",
    },
  )
    .split("\0")
    .filter((file) => file !== "" && fs.existsSync(path.join(root, file)));
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(clone, file)), { recursive: true });
    fs.copyFileSync(path.join(root, file), path.join(clone, file));
  }
  fs.mkdirSync(path.join(clone, "node_modules"));
  const workspaces = Object.entries(PACKAGES).map(([dir, name]) => ({ dir, name }));
  for (const entry of fs.readdirSync(path.join(root, "node_modules"))) {
    if (workspaces.some((w) => w.name === entry)) continue;
    fs.symlinkSync(path.join(root, "node_modules", entry), path.join(clone, "node_modules", entry));
  }
  for (const { dir, name } of workspaces) {
    fs.symlinkSync(path.join("..", dir), path.join(clone, "node_modules", name));
  }
  return clone;
}

let clone: string;
let tarballs: Record<PackageName, string>;

/**
 * The three packages as `npm pack` makes them from a fresh clone (each `prepack` builds its
 * dist), and a user's project with the provider alone installed from its tarball.
 */
function scratchProject(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-packed-"));
  tarballs = packWorkspaces(dir, { cwd: clone, ignoreScripts: false });
  installTarballs(dir, { [PACKAGES.provider]: tarballs[PACKAGES.provider] });
  fs.writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    "name: packed\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n",
  );
  fs.writeFileSync(
    path.join(dir, "index.ts"),
    [
      'import { Collection, Space } from "pulumi-docs-workspace";',
      'const guides = new Collection("guides", { title: "Guides" });',
      'new Space("intro", { title: "Intro", parent: guides.id });',
      "",
    ].join("\n"),
  );
  return dir;
}

beforeAll(async () => {
  emu = await startTestEmulator();
  clone = freshClone();
  scratch = scratchProject();
}, 600_000);
afterAll(async () => {
  await emu.close();
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.rmSync(clone, { recursive: true, force: true });
});

/** The files a tarball holds, as `tar` lists them (without the `package/` prefix). */
const contents = (tarball: string) =>
  execFileSync("tar", ["tzf", tarball], { encoding: "utf8" })
    .split("\n")
    .filter(Boolean)
    .map((f) => f.replace(/^package\//, ""));

test("npm pack from a fresh clone builds and ships each package's own dist, and no script runs at install", () => {
  const expected: Record<PackageName, string[]> = {
    [PACKAGES.provider]: [
      "dist/provider/index.js",
      "dist/provider/index.d.ts",
      "dist/provider/dynamic/runtime.js",
      "dist/provider/tools.d.ts",
      "dist/provider/native/main.js",
      "native/plugin/pulumi-resource-docs-workspace",
      "native/schema.json",
      "CHANGELOG.md",
    ],
    [PACKAGES.emulator]: ["dist/emulator/cli.js", "dist/emulator/index.d.ts", "CHANGELOG.md"],
    [PACKAGES.cli]: ["dist/cli/exporter/cli.js", "dist/cli/harness/cli.js", "CHANGELOG.md"],
  };
  for (const [name, files] of Object.entries(expected)) {
    const shipped = contents(tarballs[name as PackageName]);
    expect([name, files.filter((f) => !shipped.includes(f))]).toEqual([name, []]);
    expect([name, shipped.includes("README.md")]).toEqual([name, true]);
    // Each package's dist holds its own folder and its own compiled common/, nothing else.
    const dir = Object.entries(PACKAGES).find(([, n]) => n === name)![0];
    const foreign = shipped.filter(
      (f) =>
        f.startsWith("dist/") && !f.startsWith(`dist/${dir}/`) && !f.startsWith("dist/common/"),
    );
    expect([name, foreign]).toEqual([name, []]);
    expect([name, shipped.filter((f) => f.startsWith("test/") || /\.test\./.test(f))]).toEqual([
      name,
      [],
    ]);
  }
  const installed = path.join(scratch, "node_modules", "pulumi-docs-workspace");
  const manifest = JSON.parse(fs.readFileSync(path.join(installed, "package.json"), "utf8")) as {
    scripts?: Record<string, string>;
  };
  // npm runs these in every user's install.
  for (const hook of ["preinstall", "install", "postinstall", "prepare"]) {
    expect(manifest.scripts?.[hook]).toBeUndefined();
  }
  expect(fs.existsSync(path.join(installed, "scripts"))).toBe(false);
});

test("__provider is at most 128 bytes per resource, free of the token, the same for every release", async () => {
  const stateFile = path.join(scratch, "state.json");
  const opts = {
    programDir: scratch,
    stateFile,
    config: {
      "docs-workspace:apiUrl": emu.url,
      "docs-workspace:organizationId": emu.organizationId,
    },
    secrets: { "docs-workspace:apiToken": emu.token },
  };
  const result = await up(opts);
  expect(result.summary).toMatchObject({ create: 3 });

  const text = fs.readFileSync(stateFile, "utf8");
  expect(text).not.toContain(emu.token);
  const state = JSON.parse(text) as {
    resources: {
      type: string;
      inputs?: Record<string, unknown>;
      outputs?: Record<string, unknown>;
    }[];
  };
  const custom = state.resources.filter((r) => r.type.startsWith("pulumi-nodejs:dynamic"));
  expect(custom).toHaveLength(2);
  for (const resource of custom) {
    for (const provider of [resource.inputs?.__provider, resource.outputs?.__provider]) {
      expect(typeof provider).toBe("string");
      const serialized = provider as string;
      expect(Buffer.byteLength(serialized)).toBeLessThanOrEqual(LIMIT);
      expect(serialized).not.toContain(emu.token);
      expect(serialized).not.toContain(emu.url);
      // Nothing tied to this install or this release: no path, no version, only the kind.
      expect(serialized).not.toContain(scratch);
      expect(serialized).not.toContain(root);
      expect(serialized).not.toMatch(/\d+\.\d+\.\d+/);
      expect(serialized).toContain('require("pulumi-docs-workspace/runtime")');
    }
  }
  await destroy(opts);
});
