/**
 * The release's four npm tarballs, packed by `npm pack` as `npm publish` would pack them, from the
 * build `npm run release` made first: the three workspaces (`pulumi-docs-workspace`,
 * `docs-workspace-emulator`, `docs-workspace-cli`) from their folders, and the native SDK
 * (`pulumi-docs-workspace-native`) from sdk/nodejs/bin, where `npm run build` compiled it: its
 * package.json, README and CHANGELOG copied beside the compiled index.js and .d.ts, as Pulumi's
 * providers publish their Node.js SDKs. The workflow publishes these same files
 * (`npm publish <tarball>`), so what was checked is what is published.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import type { ReleaseContext, ReleaseFile } from "./types";
import { sdkVersionProblems } from "./sdk-versions";

/** The workspaces packed from their own folders. */
export const NPM_WORKSPACES = ["provider", "emulator", "cli"] as const;
/** The native SDK's workspace folder, and the folder it is packed from. */
export const NODEJS_SDK = "sdk/nodejs";
const NODEJS_SDK_PACKED = `${NODEJS_SDK}/bin`;
/** Files of sdk/nodejs that ship beside the compiled SDK (CHANGELOG.md once Changesets wrote it). */
const NODEJS_SDK_FILES = ["package.json", "README.md", "CHANGELOG.md"];

interface Packed {
  name: string;
  version: string;
  filename: string;
}

function pack(root: string, args: string[]): Packed[] {
  return JSON.parse(
    execFileSync("npm", ["pack", "--json", "--ignore-scripts", ...args], {
      cwd: root,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    }),
  ) as Packed[];
}

/**
 * Makes sdk/nodejs/bin a package folder: the compiled SDK (`npm run build`) with the workspace's
 * package.json, README and CHANGELOG beside it. Throws when the SDK is not built.
 */
export function stageNodejsSdk(root: string): string {
  const sdk = path.join(root, NODEJS_SDK);
  const bin = path.join(root, NODEJS_SDK_PACKED);
  for (const file of ["index.js", "index.d.ts"]) {
    if (!fs.existsSync(path.join(bin, file))) {
      throw new Error(`${NODEJS_SDK_PACKED}/${file} is missing: run \`npm run build\``);
    }
  }
  for (const file of NODEJS_SDK_FILES) {
    if (fs.existsSync(path.join(sdk, file))) {
      fs.copyFileSync(path.join(sdk, file), path.join(bin, file));
    }
  }
  return bin;
}

/** `npm pack` of the four packages into `out`; each must be at the release's version. */
export async function npmTarballs({ version, root, out }: ReleaseContext): Promise<ReleaseFile[]> {
  fs.mkdirSync(out, { recursive: true });
  const packed = pack(root, [
    "--pack-destination",
    out,
    ...NPM_WORKSPACES.flatMap((dir) => ["--workspace", dir]),
  ]);
  packed.push(
    ...pack(root, ["--pack-destination", out, `./${path.relative(root, stageNodejsSdk(root))}`]),
  );
  const problems = [
    ...packed
      .filter((p) => p.version !== version)
      .map((p) => `${p.name}@${p.version} is not at the release's version ${version}`),
    // The npm SDK follows `changeset version`; the others only `npm run sdk`.
    ...sdkVersionProblems(path.join(root, "sdk"), version),
  ];
  if (problems.length > 0) throw new Error(`npm: ${problems.join("; ")}`);
  return packed.map(({ filename }) => ({ file: filename, kind: "npm" }));
}
