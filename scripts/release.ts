/**
 * `npm run release`: every artifact of a version into `dist/release/<version>/`, flat: the six
 * plugin archives, the npm tarballs (and, as issue 31's other parts land, the Python wheel and
 * sdist and the Go module under go/), then `manifest.json` and `checksums.txt`, then every check:
 * the manifest and checksums against the files, each plugin archive's layout and runtime, each
 * npm tarball's contents. It prints one line per artifact and exits non-zero naming every
 * problem. Publishing is the release workflow's; nothing here publishes.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import {
  CHECKSUMS,
  MANIFEST,
  manifestProblems,
  writeManifest,
  type ReleaseManifest,
} from "./release/manifest";
import { goModule } from "./release/go";
import { PLATFORMS } from "./release/node-runtime";
import { groupProblems, packedTarball, problemsOf, type PackedPackage } from "./release/npm-checks";
import { archiveEntries, archiveName, archiveProblems, pluginArchives } from "./release/plugins";
import {
  releaseVersion,
  repoRoot,
  type ReleaseContext,
  type ReleaseFile,
  type ReleaseStep,
} from "./release/types";
import { NODEJS_SDK, NPM_WORKSPACES, npmTarballs } from "./release/npm";
import { pythonPackages } from "./release/python";

/**
 * The steps, in order; each writes its files into `out` and returns them (scripts/release/types):
 * the plugin archives, the four npm tarballs, the Python wheel and sdist, the Go module in a
 * proxy's layout. A new artifact is one step and one line here.
 */
export const STEPS: { name: string; run: ReleaseStep }[] = [
  { name: "plugin archives", run: pluginArchives },
  { name: "npm tarballs", run: npmTarballs },
  { name: "Python wheel and sdist", run: pythonPackages },
  { name: "Go module", run: goModule },
];

export const releaseOut = (root: string, version: string) =>
  path.join(root, "dist", "release", version);

/** The folder of the workspace an npm tarball was packed from, found by the package's name. */
function workspaceDir(root: string, name: string): string {
  for (const dir of [...NPM_WORKSPACES, NODEJS_SDK]) {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, dir, "package.json"), "utf8")) as {
      name: string;
    };
    if (manifest.name === name) return path.join(root, dir);
  }
  return path.join(root, name);
}

/** What `read` returns, or the problem naming `file` when it cannot be read (a corrupt archive). */
function readable<T>(file: string, read: () => T): T | string {
  try {
    return read();
  } catch (error) {
    return `${file}: cannot be read (${error instanceof Error ? error.message : String(error)})`;
  }
}

/** Every problem of a built release folder, each naming its file. */
export function releaseProblems(root: string, out: string): string[] {
  const version = releaseVersion(root);
  const expected = PLATFORMS.map((platform) => archiveName(version, platform));
  const problems = manifestProblems(out, expected);
  if (!fs.existsSync(path.join(out, MANIFEST))) return problems;
  const manifest = JSON.parse(fs.readFileSync(path.join(out, MANIFEST), "utf8")) as ReleaseManifest;
  if (manifest.version !== version) {
    problems.push(`${MANIFEST}: version ${manifest.version}, not ${version}`);
  }
  const present = (file: string) => fs.existsSync(path.join(out, file));
  for (const artifact of manifest.artifacts.filter((a) => a.kind === "plugin" && present(a.file))) {
    const platform = `${artifact.os}-${artifact.arch}`;
    if (artifact.file !== archiveName(version, platform)) {
      problems.push(`${artifact.file}: not named ${archiveName(version, platform)}`);
    }
    const entries = readable(artifact.file, () =>
      archiveEntries(path.join(out, artifact.file), platform),
    );
    if (typeof entries === "string") problems.push(entries);
    else {
      const found = archiveProblems(entries, platform, version);
      problems.push(...found.map((p) => `${artifact.file}: ${p}`));
    }
  }
  const packages: PackedPackage[] = [];
  for (const artifact of manifest.artifacts.filter((a) => a.kind === "npm" && present(a.file))) {
    const pkg = readable(artifact.file, () => packedTarball(path.join(out, artifact.file), ""));
    if (typeof pkg === "string") problems.push(pkg);
    else packages.push({ ...pkg, dir: workspaceDir(root, pkg.manifest.name) });
  }
  for (const pkg of packages) {
    problems.push(...problemsOf(pkg).map((p) => `${pkg.manifest.name}: ${p}`));
  }
  problems.push(...groupProblems(packages));
  return problems;
}

/** Builds the release folder afresh: every step, then the manifest and checksums. */
export async function buildRelease(
  root: string = repoRoot(),
): Promise<{ out: string; manifest: ReleaseManifest }> {
  const version = releaseVersion(root);
  const out = releaseOut(root, version);
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  const context: ReleaseContext = { version, root, out };
  const files: ReleaseFile[] = [];
  for (const step of STEPS) {
    const started = Date.now();
    const wrote = await step.run(context);
    console.log(
      `${step.name}: ${wrote.length} file(s) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    files.push(...wrote);
  }
  return { out, manifest: writeManifest(out, version, files) };
}

function report(problems: string[]): void {
  if (problems.length === 0) return;
  console.error(
    `release: ${problems.length} problem(s):\n${problems.map((p) => `  ${p}`).join("\n")}`,
  );
  process.exit(1);
}

/** `release.js` builds and checks; `release.js --check <folder>` checks a release folder alone. */
async function main(args: string[]): Promise<void> {
  const root = repoRoot();
  if (args[0] === "--check") {
    const folder = path.resolve(args[1] ?? releaseOut(root, releaseVersion(root)));
    report(releaseProblems(root, folder));
    console.log(`release: ${path.relative(root, folder) || "."} passes every check`);
    return;
  }
  const { out, manifest } = await buildRelease(root);
  for (const artifact of manifest.artifacts) {
    const platform = artifact.os === undefined ? "" : ` ${artifact.os}-${artifact.arch}`;
    console.log(
      `${artifact.kind}${platform}: ${artifact.file} (${(artifact.bytes / 2 ** 20).toFixed(1)} MiB)`,
    );
  }
  const problems = releaseProblems(root, out);
  if (problems.length > 0) {
    console.error(
      `release: ${problems.length} problem(s):\n${problems.map((p) => `  ${p}`).join("\n")}`,
    );
    process.exit(1);
  }
  console.log(
    `release: ${manifest.artifacts.length} artifacts of ${manifest.version} in ${path.relative(root, out)}, with ${MANIFEST} and ${CHECKSUMS} (nothing was published)`,
  );
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(`release: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
