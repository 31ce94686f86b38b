import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { up, destroy } from "../../harness";
import { startTestEmulator, type TestEmulator } from "../support/emulator";

const root = path.resolve(__dirname, "../..");
const LIMIT = 2.5 * 1024;

let emu: TestEmulator;
let scratch: string;

/**
 * What a fresh clone holds: the files git would commit, no `dist/`. Its node_modules links each
 * of this repository's installed packages, so packing it needs no registry.
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
  for (const entry of fs.readdirSync(path.join(root, "node_modules"))) {
    if (entry === "pulumi-docs-workspace") continue; // the clone's `prepare` makes its own
    fs.symlinkSync(path.join(root, "node_modules", entry), path.join(clone, "node_modules", entry));
  }
  return clone;
}

let clone: string;
let tarball: string;

/**
 * A scratch project with the package as `npm pack` makes it from a fresh clone, unpacked into
 * its node_modules the way npm installs it. Its dependencies are linked from this repository's
 * node_modules, so the test needs no registry.
 */
function scratchProject(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-packed-"));
  tarball = execFileSync("npm", ["pack", "--silent", "--pack-destination", dir], {
    cwd: clone,
    encoding: "utf8",
  }).trim();
  const installed = path.join(dir, "node_modules", "pulumi-docs-workspace");
  fs.mkdirSync(installed, { recursive: true });
  execFileSync("tar", ["xzf", path.join(dir, tarball), "-C", installed, "--strip-components=1"]);
  for (const dep of ["@pulumi", "@grpc", "@hono", "hono", "ofetch", "zod"]) {
    fs.symlinkSync(path.join(root, "node_modules", dep), path.join(dir, "node_modules", dep));
  }
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
});
afterAll(async () => {
  await emu.close();
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.rmSync(clone, { recursive: true, force: true });
});

test("npm pack from a fresh clone ships the built package, and no script runs at install", () => {
  const installed = path.join(scratch, "node_modules", "pulumi-docs-workspace");
  for (const file of [
    "dist/provider/index.js",
    "dist/provider/index.d.ts",
    "dist/provider/runtime/index.js",
    "dist/emulator/cli.js",
    "dist/harness/cli.js",
    "README.md",
  ]) {
    expect(fs.existsSync(path.join(installed, file))).toBe(true);
  }
  const manifest = JSON.parse(fs.readFileSync(path.join(installed, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  // npm runs these in every user's install; the repository's self-link is `prepare`'s, which
  // does not run there.
  for (const hook of ["preinstall", "install", "postinstall"]) {
    expect(manifest.scripts[hook]).toBeUndefined();
  }
  expect(fs.existsSync(path.join(installed, "scripts"))).toBe(false);
  // The clone's own `prepare` linked the package to itself, as `npm ci` does in a checkout.
  expect(fs.realpathSync(path.join(clone, "node_modules", "pulumi-docs-workspace"))).toBe(
    fs.realpathSync(clone),
  );
});

test("__provider is at most 2.5 KB per resource, free of the token, the same for every release", async () => {
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
