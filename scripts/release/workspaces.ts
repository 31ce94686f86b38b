/**
 * The release's npm tarballs of the three workspaces (provider, emulator, cli), packed by `npm
 * pack` as `npm publish` would pack them, from the build `npm run release` made first. Issue 31's
 * sdks part brings scripts/release/npm.ts, which packs these and the native SDK's: it replaces
 * this step in scripts/release.ts's list.
 */
import { execFileSync } from "node:child_process";
import type { ReleaseContext, ReleaseFile } from "./types";

/** The workspaces that ship, by folder. */
export const WORKSPACES = ["provider", "emulator", "cli"] as const;

export async function workspaceTarballs({ root, out }: ReleaseContext): Promise<ReleaseFile[]> {
  const args = ["pack", "--json", "--ignore-scripts", "--pack-destination", out];
  for (const dir of WORKSPACES) args.push("--workspace", dir);
  const packed = JSON.parse(
    execFileSync("npm", args, { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }),
  ) as { filename: string }[];
  return packed.map(({ filename }) => ({ file: filename, kind: "npm" }));
}
