// @slow: builds the Python wheel and sdist and packs the npm tarballs (`npm run test:fast` leaves it out; `npm test` runs it).
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { PLUGIN_DOWNLOAD_URL } from "../../scripts/native-schema";
import { npmTarballs } from "../../scripts/release/npm";
import {
  pythonPackages,
  sdistName,
  sdistProblems,
  wheelName,
  wheelProblems,
} from "../../scripts/release/python";

/**
 * The release's npm and Python steps (scripts/release/npm.ts, python.ts), run as `npm run
 * release` runs them, into a folder of the test's: the files each writes, and what is in them.
 * The npm step packs the build (`npm test` builds first); the Python step builds in
 * .cache/python/venv (scripts/pulumi-cli/python-venv.sh makes it).
 */
const root = path.resolve(__dirname, "..", "..");
const version = (
  JSON.parse(fs.readFileSync(path.join(root, "provider", "package.json"), "utf8")) as {
    version: string;
  }
).version;

jest.setTimeout(300_000);

let out: string;
beforeAll(() => {
  out = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-release-sdks-"));
});
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

/** The files of a tarball, and the text of one of them. */
function tarball(file: string) {
  const listed = spawnSync("tar", ["-tzf", file], { encoding: "utf8" });
  expect(listed.status).toBe(0);
  return {
    names: listed.stdout.split("\n").filter((n) => n !== ""),
    read: (name: string) => spawnSync("tar", ["-xzOf", file, name], { encoding: "utf8" }).stdout,
  };
}

describe("the npm step", () => {
  let files: { file: string; kind: string }[];
  beforeAll(async () => {
    files = await npmTarballs({ version, root, out: path.join(out, "npm") });
  });

  test("packs the four packages under the names npm pack gives them", () => {
    expect(files.map((f) => f.file).sort()).toEqual(
      [
        `docs-workspace-cli-${version}.tgz`,
        `docs-workspace-emulator-${version}.tgz`,
        `pulumi-docs-workspace-${version}.tgz`,
        `pulumi-docs-workspace-native-${version}.tgz`,
      ].sort(),
    );
    expect(files.every((f) => f.kind === "npm")).toBe(true);
    for (const { file } of files) expect(fs.existsSync(path.join(out, "npm", file))).toBe(true);
  });

  test("the native SDK's tarball is the compiled SDK: index.js and its types at the root, its package.json at the version, its plugin's download address", () => {
    const sdk = tarball(path.join(out, "npm", `pulumi-docs-workspace-native-${version}.tgz`));
    for (const name of [
      "index.js",
      "index.d.ts",
      "utilities.js",
      "package.json",
      "README.md",
      "CHANGELOG.md",
    ]) {
      expect(sdk.names).toContain(`package/${name}`);
    }
    expect(sdk.names.filter((n) => /\.ts$/.test(n) && !n.endsWith(".d.ts"))).toEqual([]);
    const manifest = JSON.parse(sdk.read("package/package.json")) as {
      name: string;
      version: string;
      main?: string;
      pulumi: { resource: boolean; name: string; version: string; server: string };
    };
    expect(manifest).toMatchObject({
      name: "pulumi-docs-workspace-native",
      version,
      pulumi: { resource: true, name: "docs-workspace", version, server: PLUGIN_DOWNLOAD_URL },
    });
    // No main: Node and TypeScript find index.js and index.d.ts beside package.json.
    expect(manifest.main ?? "index.js").toBe("index.js");
    expect(sdk.read("package/CHANGELOG.md")).toContain(`## ${version}`);
  });
});

describe("the Python step", () => {
  let files: { file: string; kind: string }[];
  let python: string;
  beforeAll(async () => {
    files = await pythonPackages({ version, root, out: path.join(out, "python") });
    python = path.join(root, ".cache", "python", "venv", "bin", "python");
  });

  test("builds the wheel and the sdist under PyPI's names", () => {
    expect(files).toEqual([
      { file: wheelName(version), kind: "python" },
      { file: sdistName(version), kind: "python" },
    ]);
    expect(wheelName(version)).toBe(`pulumi_docs_workspace-${version}-py3-none-any.whl`);
    expect(sdistName(version)).toBe(`pulumi_docs_workspace-${version}.tar.gz`);
  });

  test("the wheel is the distribution pulumi-docs-workspace at the version, requiring pulumi, with the package and its plugin file", () => {
    const wheel = path.join(out, "python", wheelName(version));
    expect(wheelProblems(python, wheel, version)).toEqual([]);
    const metadata = spawnSync(
      python,
      [
        "-c",
        "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); print(z.read([n for n in z.namelist() if n.endswith('METADATA')][0]).decode())",
        wheel,
      ],
      { encoding: "utf8" },
    ).stdout;
    expect(metadata).toMatch(/^Name: pulumi-docs-workspace$/m);
    expect(metadata).toMatch(new RegExp(`^Version: ${version.replace(/\./g, "\\.")}$`, "m"));
    expect(metadata).toMatch(/^Requires-Dist: pulumi<4\.0\.0,>=3\.\d+\.\d+$/m);
  });

  test("the sdist holds pyproject.toml and the package", () => {
    const sdist = tarball(path.join(out, "python", sdistName(version)));
    const top = `pulumi_docs_workspace-${version}`;
    expect(sdist.names).toEqual(
      expect.arrayContaining([`${top}/pyproject.toml`, `${top}/pulumi_docs_workspace/__init__.py`]),
    );
    expect(sdist.read(`${top}/pyproject.toml`)).toMatch(/^\s*name = "pulumi-docs-workspace"$/m);
    expect(sdistProblems(path.join(out, "python", sdistName(version)), version)).toEqual([]);
  });

  test("a wheel of another name, version or without the plugin file is refused, each named", () => {
    const bad = path.join(out, "bad.whl");
    const script = `
import sys, zipfile
src, dst = zipfile.ZipFile(sys.argv[1]), zipfile.ZipFile(sys.argv[2], "w")
for n in src.namelist():
    if n.endswith("pulumi-plugin.json"):
        continue
    data = src.read(n)
    if n.endswith("METADATA"):
        data = data.replace(b"Name: pulumi-docs-workspace", b"Name: pulumi_docs").replace(b"Requires-Dist: pulumi<", b"Requires-Dist: pulumix<")
    dst.writestr(n, data)
dst.close()
`;
    const made = spawnSync(
      python,
      ["-c", script, path.join(out, "python", wheelName(version)), bad],
      {
        encoding: "utf8",
      },
    );
    expect(made.stderr).toBe("");
    expect(wheelProblems(python, bad, "9.9.9")).toEqual([
      "bad.whl: METADATA Name is pulumi_docs, not pulumi-docs-workspace",
      `bad.whl: METADATA Version is ${version}, not 9.9.9`,
      "bad.whl: METADATA requires no pulumi",
      "bad.whl: pulumi_docs_workspace/pulumi-plugin.json is not in the wheel",
    ]);
    expect(sdistProblems(path.join(out, "python", sdistName(version)), "9.9.9")).toEqual(
      expect.arrayContaining([
        `${sdistName(version)}: pulumi_docs_workspace-9.9.9/pyproject.toml is missing`,
      ]),
    );
  });
});
