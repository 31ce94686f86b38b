import { spawnSync } from "node:child_process";
import * as path from "node:path";
import { groupProblems, problemsOf, type PackedPackage } from "../scripts/release/npm-checks";

/**
 * `npm run release`, the dry run of a release: the built script on this checkout's packages
 * (`npm test` builds first), and its checks on packages made to fail each one.
 */
const root = path.resolve(__dirname, "..");

jest.setTimeout(300_000);

test("npm run release's check passes on the three packages as they would be published", () => {
  const run = spawnSync(process.execPath, [path.join(root, "dist", "scripts", "release.js")], {
    cwd: root,
    encoding: "utf8",
  });
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  for (const name of ["pulumi-docs-workspace", "docs-workspace-emulator", "docs-workspace-cli"]) {
    expect(run.stdout).toMatch(new RegExp(`^${name}@0\\.2\\.0: \\d+ files`, "m"));
  }
  expect(run.stdout).toMatch(/bins docs-workspace docs-workspace-harness/);
});

/** A package as the dry run would describe it, its files' texts given. */
function packed(
  dir: string,
  manifest: PackedPackage["manifest"],
  files: Record<string, [mode: number, text: string]>,
): PackedPackage {
  return {
    dir: path.join(root, dir),
    manifest,
    files: Object.entries(files).map(([file, [mode]]) => ({ path: file, mode })),
    read: (file) => files[file]![1],
  };
}

const complete = {
  "package.json": [0o644, "{}"],
  "README.md": [0o644, "# x"],
  "CHANGELOG.md": [0o644, "# x\n\n## 0.2.0\n"],
  "dist/cli/harness/cli.js": [0o755, "#!/usr/bin/env node\n"],
  "dist/cli/harness/index.js": [0o644, ""],
  "dist/cli/harness/index.d.ts": [0o644, ""],
} satisfies Record<string, [number, string]>;
const manifest = {
  name: "docs-workspace-cli",
  version: "0.2.0",
  main: "./dist/cli/harness/index.js",
  exports: {
    ".": { types: "./dist/cli/harness/index.d.ts", default: "./dist/cli/harness/index.js" },
  },
  bin: { "docs-workspace-harness": "./dist/cli/harness/cli.js" },
};

test("a complete package has no problem", () => {
  expect(problemsOf(packed("cli", manifest, complete))).toEqual([]);
});

test("each problem is named: missing files, types, bins, tests, sources, a foreign dist", () => {
  const broken = packed(
    "cli",
    {
      ...manifest,
      exports: { ...manifest.exports, "./extra": "./dist/cli/extra.js" },
      bin: { ...manifest.bin, "docs-workspace": "./dist/cli/exporter/cli.js" },
    },
    {
      "package.json": complete["package.json"],
      "CHANGELOG.md": [0o644, "# x\n\n## 0.1.0\n"],
      "dist/cli/harness/cli.js": [0o644, "#!/usr/bin/env node\n"],
      "dist/cli/harness/index.js": complete["dist/cli/harness/index.js"],
      "dist/cli/exporter/cli.js": [0o755, '"use strict";\n'],
      "dist/test/harness/cli.test.js": [0o644, ""],
      "dist/cli/harness/state.test.js.map": [0o644, ""],
      "cli/harness/index.ts": [0o644, ""],
      "dist/provider/index.js": [0o644, ""],
    },
  );
  expect(problemsOf(broken).sort()).toEqual(
    [
      "README.md is not packed",
      "CHANGELOG.md has no section for 0.2.0",
      'exports["."].types: ./dist/cli/harness/index.d.ts is not packed',
      'exports["./extra"] names no .d.ts types',
      'exports["./extra"].default: ./dist/cli/extra.js is not packed',
      "bin docs-workspace-harness: dist/cli/harness/cli.js is not executable",
      "bin docs-workspace: dist/cli/exporter/cli.js has no shebang",
      "dist/test/harness/cli.test.js: a test file",
      "dist/cli/harness/state.test.js.map: a test file",
      "cli/harness/index.ts: a TypeScript source (only .d.ts ship)",
      "dist/provider/index.js: another package's folder in this package's dist",
    ].sort(),
  );
});

test("the provider must ship its plugin's launcher, executable, and its schema", () => {
  const provider = packed(
    "provider",
    { name: "pulumi-docs-workspace", version: "0.2.0" },
    {
      "package.json": complete["package.json"],
      "README.md": complete["README.md"],
      "CHANGELOG.md": complete["CHANGELOG.md"],
      "native/plugin/pulumi-resource-docs-workspace": [0o644, "#!/bin/sh\n"],
    },
  );
  expect(problemsOf(provider)).toEqual([
    "native/schema.json is not packed",
    "native/plugin/pulumi-resource-docs-workspace is not executable",
  ]);
});

test("the three share one version, which the tools' dependency on the provider names", () => {
  const provider = packed("provider", { name: "pulumi-docs-workspace", version: "0.3.0" }, {});
  const cli = packed(
    "cli",
    { ...manifest, dependencies: { "pulumi-docs-workspace": "^0.2.0" } },
    complete,
  );
  expect(groupProblems([provider, cli])).toEqual([
    "versions differ: 0.3.0, 0.2.0 (a fixed group)",
    "docs-workspace-cli depends on pulumi-docs-workspace@^0.2.0, not ^0.3.0",
  ]);
});
