/**
 * The release's Python SDK: the wheel and the sdist of sdk/python (pyproject, setuptools), as PyPI
 * takes them: `pulumi_docs_workspace-<version>-py3-none-any.whl` and
 * `pulumi_docs_workspace-<version>.tar.gz`, distribution `pulumi-docs-workspace`. Built by
 * `python -m build --no-isolation` in the project's venv (.cache/python/venv, which
 * scripts/pulumi-cli/python-venv.sh makes with `build` and a setuptools of the names PEP 625
 * gives), from a copy, so that sdk/python stays as gen-sdk wrote it; nothing is fetched here.
 */
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { ReleaseContext, ReleaseFile } from "./types";

/** The distribution's name on PyPI, its import package, and the files' stem (PEP 427, PEP 625). */
export const PYTHON_DISTRIBUTION = "pulumi-docs-workspace";
const IMPORT_PACKAGE = "pulumi_docs_workspace";
export const wheelName = (version: string) => `${IMPORT_PACKAGE}-${version}-py3-none-any.whl`;
export const sdistName = (version: string) => `${IMPORT_PACKAGE}-${version}.tar.gz`;

/** The venv's python: made (or reused) by scripts/pulumi-cli/python-venv.sh. */
function venvPython(root: string): string {
  const venv = execFileSync("bash", [path.join(root, "scripts", "pulumi-cli", "python-venv.sh")], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  }).trim();
  return path.join(venv, "bin", "python");
}

/** What a wheel holds: its file names and its METADATA. */
const WHEEL_SURVEY = `
import json, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
names = z.namelist()
meta = [n for n in names if n.endswith(".dist-info/METADATA")]
print(json.dumps({"names": names, "metadata": z.read(meta[0]).decode() if meta else ""}))
`;

/** Every problem of a built wheel, each naming what is wrong; empty when it is as PyPI wants it. */
export function wheelProblems(python: string, wheel: string, version: string): string[] {
  const survey = spawnSync(python, ["-c", WHEEL_SURVEY, wheel], { encoding: "utf8" });
  if (survey.status !== 0)
    return [`${path.basename(wheel)}: not a wheel (${survey.stderr.trim()})`];
  const { names, metadata } = JSON.parse(survey.stdout) as { names: string[]; metadata: string };
  const field = (name: string) =>
    metadata
      .split("\n")
      .filter((line) => line.startsWith(`${name}: `))
      .map((line) => line.slice(name.length + 2).trim());
  const problems: string[] = [];
  if (field("Name")[0] !== PYTHON_DISTRIBUTION) {
    problems.push(`METADATA Name is ${field("Name")[0]}, not ${PYTHON_DISTRIBUTION}`);
  }
  if (field("Version")[0] !== version) {
    problems.push(`METADATA Version is ${field("Version")[0]}, not ${version}`);
  }
  if (!field("Requires-Dist").some((r) => /^pulumi(\s|[<>=!~;([]|$)/.test(r))) {
    problems.push("METADATA requires no pulumi");
  }
  for (const file of ["__init__.py", "pulumi-plugin.json", "py.typed"]) {
    if (!names.includes(`${IMPORT_PACKAGE}/${file}`)) {
      problems.push(`${IMPORT_PACKAGE}/${file} is not in the wheel`);
    }
  }
  return problems.map((p) => `${path.basename(wheel)}: ${p}`);
}

/** Every problem of a built sdist: its pyproject.toml, PKG-INFO and package at its root folder. */
export function sdistProblems(sdist: string, version: string): string[] {
  const listed = spawnSync("tar", ["-tzf", sdist], { encoding: "utf8" });
  if (listed.status !== 0)
    return [`${path.basename(sdist)}: not a tar.gz (${listed.stderr.trim()})`];
  const names = new Set(listed.stdout.split("\n"));
  const top = `${IMPORT_PACKAGE}-${version}`;
  return ["pyproject.toml", "PKG-INFO", "README.md", `${IMPORT_PACKAGE}/__init__.py`]
    .filter((file) => !names.has(`${top}/${file}`))
    .map((file) => `${path.basename(sdist)}: ${top}/${file} is missing`);
}

/** Builds the wheel and the sdist of sdk/python into `out`, and checks both. */
export async function pythonPackages({
  version,
  root,
  out,
}: ReleaseContext): Promise<ReleaseFile[]> {
  const python = venvPython(root);
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-python-release-"));
  const built = path.join(copy, "dist");
  try {
    fs.cpSync(path.join(root, "sdk", "python"), path.join(copy, "python"), { recursive: true });
    const run = spawnSync(
      python,
      ["-m", "build", "--no-isolation", "--sdist", "--wheel", "--outdir", built, "python"],
      { cwd: copy, encoding: "utf8", env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1" } },
    );
    if (run.status !== 0) {
      throw new Error(`python -m build of sdk/python exited ${run.status}:\n${run.stderr}`);
    }
    const files = [wheelName(version), sdistName(version)];
    const found = fs.readdirSync(built).sort();
    if (found.join() !== [...files].sort().join()) {
      throw new Error(
        `python -m build wrote ${found.join(", ")}, not ${files.join(", ")}: is sdk/python at ${version}? (run \`npm run schema && npm run sdk\`)`,
      );
    }
    const problems = [
      ...wheelProblems(python, path.join(built, files[0]!), version),
      ...sdistProblems(path.join(built, files[1]!), version),
    ];
    if (problems.length > 0) throw new Error(`python: ${problems.join("; ")}`);
    fs.mkdirSync(out, { recursive: true });
    for (const file of files) fs.copyFileSync(path.join(built, file), path.join(out, file));
    return files.map((file) => ({ file, kind: "python" }));
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
}
