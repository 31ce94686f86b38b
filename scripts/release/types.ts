import * as fs from "node:fs";
import * as path from "node:path";

/** What every step of `npm run release` is given: the version, the checkout, the release folder. */
export interface ReleaseContext {
  /** The version released, read from provider/package.json (the fixed group keeps them equal). */
  version: string;
  /** The checkout's root. */
  root: string;
  /** `dist/release/<version>/`, where every artifact is written, flat (the Go proxy under go/). */
  out: string;
}

/** What the manifest says an artifact is. */
export type ArtifactKind = "plugin" | "npm" | "python" | "go";

/** One file a step wrote, relative to `out` (`/` between folders), and what it is. */
export interface ReleaseFile {
  file: string;
  kind: ArtifactKind;
  /** Pulumi's names, for a plugin archive: linux, darwin, windows; amd64, arm64. */
  os?: string;
  arch?: string;
}

/** One step of the release: a module under scripts/release/ exporting such a function. */
export type ReleaseStep = (context: ReleaseContext) => Promise<ReleaseFile[]>;

/** The checkout's root, from a module under scripts/ (tsx) or dist/scripts/ (the build). */
export function repoRoot(from: string = __dirname): string {
  for (let dir = from; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (
      fs.existsSync(path.join(dir, "package-lock.json")) &&
      fs.existsSync(path.join(dir, "provider", "package.json"))
    ) {
      return dir;
    }
  }
  throw new Error(`no checkout holds ${from}`);
}

/** The version every artifact carries: the provider package's. */
export function releaseVersion(root: string): string {
  return (
    JSON.parse(fs.readFileSync(path.join(root, "provider", "package.json"), "utf8")) as {
      version: string;
    }
  ).version;
}
