import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { repoRoot, type ReleaseContext, type ReleaseFile } from "./types";

/**
 * The release's Go SDK as a module proxy serves it: `go/<module path>/@v/` with `list`,
 * `v<version>.info`, `.mod` and `.zip`, the files `go get <module>@v<version>` fetches. The module
 * is `sdk/` (its go.mod names it), as its `sdk/v<version>` tag holds it: the zip is built from
 * the files git tracks there (a tag holds nothing else), by golang.org/x/mod's zip package
 * (scripts/release/go-module), which applies the go command's own rules. Publishing is the tag
 * itself; this folder is what a `GOPROXY=file://...` stand-in serves in the tests.
 */
/** The zip writer, scripts/release/go-module, of the checkout this file runs from. */
const ZIPPER = path.join(repoRoot(), "scripts", "release", "go-module");

/** The folder the Go SDK's module lives in, and its tag's prefix (`sdk/v0.3.0`). */
export const GO_MODULE_DIR = "sdk";

/** The module path `sdk/go.mod` declares. */
export function goModulePath(root: string): string {
  const goMod = fs.readFileSync(path.join(root, GO_MODULE_DIR, "go.mod"), "utf8");
  const module = /^module\s+(\S+)/m.exec(goMod)?.[1];
  if (module === undefined) throw new Error(`${GO_MODULE_DIR}/go.mod declares no module`);
  return module;
}

/** A module path as a proxy's folders spell it: each capital letter as `!` and its lower case. */
export function escapeModulePath(module: string): string {
  return module.replace(/[A-Z]/g, (letter) => `!${letter.toLowerCase()}`);
}

/** The files git tracks under `sdk/`, copied to `stage` as the tag would hold them. */
function stageTracked(root: string, stage: string): number {
  const listed = execFileSync("git", ["ls-files", "-z", "--", GO_MODULE_DIR], {
    cwd: root,
    encoding: "utf8",
  })
    .split("\0")
    .filter(Boolean);
  for (const file of listed) {
    const target = path.join(stage, path.relative(GO_MODULE_DIR, file));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(path.join(root, file), target);
  }
  return listed.length;
}

/** The commit's time, as a proxy's `.info` records a tag's. */
function commitTime(root: string): string {
  return execFileSync("git", ["log", "-1", "--format=%cI"], { cwd: root, encoding: "utf8" }).trim();
}

export async function goModule({ version, root, out }: ReleaseContext): Promise<ReleaseFile[]> {
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-go-module-"));
  try {
    if (stageTracked(root, stage) === 0 || !fs.existsSync(path.join(stage, "go.mod"))) {
      throw new Error(`git tracks no ${GO_MODULE_DIR}/go.mod: commit the Go SDK (npm run sdk)`);
    }
    const proxy = path.join(out, "go");
    fs.rmSync(proxy, { recursive: true, force: true });
    execFileSync("go", ["run", ".", stage, `v${version}`, proxy, commitTime(root)], {
      cwd: ZIPPER,
      env: { ...process.env, GOFLAGS: "-mod=readonly", GOTOOLCHAIN: "local", CGO_ENABLED: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const versions = ["go", escapeModulePath(goModulePath(root)), "@v"].join("/");
    return ["list", `v${version}.info`, `v${version}.mod`, `v${version}.zip`].map((name) => ({
      file: `${versions}/${name}`,
      kind: "go" as const,
    }));
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}
