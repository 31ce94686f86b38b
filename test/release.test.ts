import { spawnSync } from "node:child_process";
import * as crypto from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { releaseProblems } from "../scripts/release";
import {
  CHECKSUMS,
  MANIFEST,
  releaseFiles,
  type ReleaseManifest,
} from "../scripts/release/manifest";
import { PLATFORMS } from "../scripts/release/node-runtime";
import { groupProblems, problemsOf, type PackedPackage } from "../scripts/release/npm-checks";
import { archiveName } from "../scripts/release/plugins";
import { releaseVersion } from "../scripts/release/types";
import { releaseDir } from "./support/release";

/**
 * `npm run release`: the release folder it builds (dist/release/<version>/, once per run of the
 * suite), its manifest and checksums against the files, a release made to fail each check, and
 * the checks of the npm tarballs on packages made to fail each one.
 */
const root = path.resolve(__dirname, "..");
const version = releaseVersion(root);

jest.setTimeout(600_000);

const sha256 = (file: string) =>
  crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");

describe("the release folder", () => {
  let out: string;
  let manifest: ReleaseManifest;
  beforeAll(async () => {
    out = await releaseDir();
    manifest = JSON.parse(fs.readFileSync(path.join(out, MANIFEST), "utf8")) as ReleaseManifest;
  });

  /** The release in a scratch folder beside it, each file a hard link (so never edit one in place). */
  function scratchCopy(): string {
    const copy = fs.mkdtempSync(path.join(root, "dist", "release-check-"));
    for (const file of releaseFiles(out)) {
      fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
      fs.linkSync(path.join(out, file), path.join(copy, file));
    }
    return copy;
  }

  /** `release.js --check` on a folder: its exit code and what it printed on stderr. */
  function check(folder: string) {
    const run = spawnSync(
      process.execPath,
      [path.join(root, "dist", "scripts", "release.js"), "--check", folder],
      { cwd: root, encoding: "utf8" },
    );
    return { status: run.status, stderr: run.stderr };
  }

  test("holds the six plugin archives and the three npm tarballs, flat, with no problem found", () => {
    const plugins = PLATFORMS.map((platform) => archiveName(version, platform));
    const tarballs = ["pulumi-docs-workspace", "docs-workspace-emulator", "docs-workspace-cli"].map(
      (name) => `${name}-${version}.tgz`,
    );
    expect(fs.readdirSync(out)).toEqual(
      expect.arrayContaining([...plugins, ...tarballs, MANIFEST, CHECKSUMS]),
    );
    expect(manifest.version).toBe(version);
    expect(
      manifest.artifacts
        .filter((a) => a.kind === "plugin")
        .map((a) => a.file)
        .sort(),
    ).toEqual(plugins.sort());
    for (const platform of PLATFORMS) {
      const [osName, arch] = platform.split("-");
      expect(manifest.artifacts).toContainEqual(
        expect.objectContaining({ file: archiveName(version, platform), os: osName, arch }),
      );
    }
    expect(manifest.artifacts.filter((a) => a.kind === "npm").map((a) => a.file)).toEqual(
      expect.arrayContaining(tarballs),
    );
    expect(releaseProblems(root, out)).toEqual([]);
    expect(check(out)).toEqual({ status: 0, stderr: "" });
  });

  test("manifest.json and checksums.txt agree with the files, each sha256 recomputed", () => {
    for (const artifact of manifest.artifacts) {
      const file = path.join(out, artifact.file);
      expect({ file: artifact.file, bytes: fs.statSync(file).size, sha256: sha256(file) }).toEqual({
        file: artifact.file,
        bytes: artifact.bytes,
        sha256: artifact.sha256,
      });
    }
    const lines = fs.readFileSync(path.join(out, CHECKSUMS), "utf8").trimEnd().split("\n");
    const files = lines.map((line) => line.slice(66));
    // Every file but checksums.txt itself, sorted by name, as `sha256sum` writes them.
    const every = fs
      .readdirSync(out, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(out, path.join(e.parentPath, e.name)))
      .filter((file) => file !== CHECKSUMS);
    expect([...files].sort()).toEqual(every.sort());
    expect(files).toEqual([...files].sort());
    expect(files).toContain(MANIFEST);
    for (const line of lines) {
      const [sum, file] = [line.slice(0, 64), line.slice(66)];
      expect(`${line.slice(64, 66)}${sha256(path.join(out, file))}`).toBe(`  ${sum}`);
    }
  });

  test("a checksum mismatch is refused, naming the file", () => {
    const copy = scratchCopy();
    try {
      const name = archiveName(version, "linux-arm64");
      const bytes = fs.readFileSync(path.join(copy, name));
      bytes[bytes.length >> 1] ^= 0xff;
      fs.rmSync(path.join(copy, name));
      fs.writeFileSync(path.join(copy, name), bytes);
      const problems = releaseProblems(root, copy);
      expect(problems).toContainEqual(
        expect.stringMatching(
          new RegExp(`^${name.replace(/\./g, "\\.")}: sha256 [0-9a-f]{64}, manifest.json says`),
        ),
      );
      expect(problems).toContainEqual(expect.stringContaining(`${name}: sha256`));
      expect(problems.filter((p) => !p.startsWith(name))).toEqual([]);
      const run = check(copy);
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`${name}: sha256`);
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });

  test("a missing archive is refused, naming the file", () => {
    const copy = scratchCopy();
    try {
      const name = archiveName(version, "windows-arm64");
      fs.rmSync(path.join(copy, name));
      expect(releaseProblems(root, copy)).toEqual([
        `${name}: missing (manifest.json lists it)`,
        `${name}: missing (checksums.txt lists it)`,
      ]);
      const run = check(copy);
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`${name}: missing`);
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });

  test("an archive that the manifest omits is refused, naming it", () => {
    const copy = scratchCopy();
    try {
      const name = archiveName(version, "darwin-arm64");
      const edited = { ...manifest, artifacts: manifest.artifacts.filter((a) => a.file !== name) };
      fs.rmSync(path.join(copy, MANIFEST));
      fs.writeFileSync(path.join(copy, MANIFEST), JSON.stringify(edited));
      expect(releaseProblems(root, copy)).toContainEqual(`${name}: missing from manifest.json`);
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });
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
