/**
 * The release's `manifest.json` (the version and, per artifact, its file, kind, platform for a
 * plugin, bytes and sha256) and `checksums.txt` (`<sha256>  <file>` per line, as `sha256sum`
 * writes, for every file of the release but itself, sorted by file name), and the check that
 * both agree with the files, each sha256 recomputed.
 */
import * as crypto from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import type { ArtifactKind, ReleaseFile } from "./types";

export const MANIFEST = "manifest.json";
export const CHECKSUMS = "checksums.txt";

export interface ManifestArtifact {
  file: string;
  kind: ArtifactKind;
  os?: string;
  arch?: string;
  bytes: number;
  sha256: string;
}

export interface ReleaseManifest {
  version: string;
  artifacts: ManifestArtifact[];
}

export function sha256(file: string): string {
  return crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");
}

/** Every file under `out`, relative with `/`, sorted (byte order, as `sort` in the C locale). */
export function releaseFiles(out: string): string[] {
  return fs
    .readdirSync(out, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(out, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"),
    )
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Writes manifest.json for `files`, then checksums.txt for every file of `out` but itself. */
export function writeManifest(out: string, version: string, files: ReleaseFile[]): ReleaseManifest {
  const manifest: ReleaseManifest = {
    version,
    artifacts: [...files]
      .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
      .map((f) => {
        const full = path.join(out, f.file);
        return { ...f, bytes: fs.statSync(full).size, sha256: sha256(full) };
      }),
  };
  fs.writeFileSync(path.join(out, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  const lines = releaseFiles(out)
    .filter((file) => file !== CHECKSUMS)
    .map((file) => `${sha256(path.join(out, file))}  ${file}\n`);
  fs.writeFileSync(path.join(out, CHECKSUMS), lines.join(""));
  return manifest;
}

/** checksums.txt's lines as file -> sha256, with each line it cannot read named. */
function parseChecksums(text: string): { sums: Map<string, string>; problems: string[] } {
  const sums = new Map<string, string>();
  const problems: string[] = [];
  text
    .split("\n")
    .filter((line) => line !== "")
    .forEach((line, i) => {
      const match = /^([0-9a-f]{64}) {2}(.+)$/.exec(line);
      if (match === null) problems.push(`${CHECKSUMS}: line ${i + 1} is not "<sha256>  <file>"`);
      else sums.set(match[2]!, match[1]!);
    });
  return { sums, problems };
}

/**
 * Every disagreement between the release folder, its manifest and its checksums, each naming the
 * file: one missing, one whose bytes or sha256 differ, one listed in neither, `expected` files
 * (the six plugin archives) that the manifest lacks.
 */
export function manifestProblems(out: string, expected: string[] = []): string[] {
  const problems: string[] = [];
  const present = new Set(releaseFiles(out));
  for (const file of [MANIFEST, CHECKSUMS]) {
    if (!present.has(file)) problems.push(`${file}: missing`);
  }
  if (problems.length > 0) return problems;
  const manifest = JSON.parse(fs.readFileSync(path.join(out, MANIFEST), "utf8")) as ReleaseManifest;
  const { sums, problems: unreadable } = parseChecksums(
    fs.readFileSync(path.join(out, CHECKSUMS), "utf8"),
  );
  problems.push(...unreadable);
  const actual = new Map<string, string>();
  const hashOf = (file: string) => {
    if (!actual.has(file)) actual.set(file, sha256(path.join(out, file)));
    return actual.get(file)!;
  };
  const listed = new Set(manifest.artifacts.map((a) => a.file));
  for (const file of expected) {
    if (!listed.has(file)) problems.push(`${file}: missing from ${MANIFEST}`);
  }
  for (const artifact of manifest.artifacts) {
    if (!present.has(artifact.file)) {
      problems.push(`${artifact.file}: missing (${MANIFEST} lists it)`);
      continue;
    }
    const bytes = fs.statSync(path.join(out, artifact.file)).size;
    if (bytes !== artifact.bytes) {
      problems.push(`${artifact.file}: ${bytes} bytes, ${MANIFEST} says ${artifact.bytes}`);
    }
    if (hashOf(artifact.file) !== artifact.sha256) {
      problems.push(
        `${artifact.file}: sha256 ${hashOf(artifact.file)}, ${MANIFEST} says ${artifact.sha256}`,
      );
    }
  }
  for (const [file, sum] of sums) {
    if (!present.has(file)) problems.push(`${file}: missing (${CHECKSUMS} lists it)`);
    else if (hashOf(file) !== sum) {
      problems.push(`${file}: sha256 ${hashOf(file)}, ${CHECKSUMS} says ${sum}`);
    }
  }
  for (const file of present) {
    if (file !== CHECKSUMS && !sums.has(file)) problems.push(`${file}: not in ${CHECKSUMS}`);
  }
  const order = [...sums.keys()];
  if (order.join("\n") !== [...order].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).join("\n")) {
    problems.push(`${CHECKSUMS}: not sorted by file name`);
  }
  return problems;
}
