import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const root = path.resolve(__dirname, "../..");

interface PackageJson {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/**
 * A scratch project with this package installed as a user installs it: the tarball `npm pack`
 * makes, unpacked into node_modules, beside exactly what package.json declares (its dependencies
 * and the @pulumi/pulumi peer), linked from this repository's node_modules so no registry is
 * needed. Anything the package uses without declaring it is missing there, as it would be for a
 * user. Needs a built dist (`npm test` builds first).
 */
export function installPacked(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-installed-"));
  const tarball = execFileSync("npm", ["pack", "--silent", "--pack-destination", dir], {
    cwd: root,
    encoding: "utf8",
  }).trim();
  const modules = path.join(dir, "node_modules");
  const installed = path.join(modules, "pulumi-docs-workspace");
  fs.mkdirSync(installed, { recursive: true });
  execFileSync("tar", ["xzf", path.join(dir, tarball), "-C", installed, "--strip-components=1"]);
  const manifest = JSON.parse(
    fs.readFileSync(path.join(root, "package.json"), "utf8"),
  ) as PackageJson;
  const declared = [
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
  ];
  for (const name of declared) {
    const link = path.join(modules, name);
    fs.mkdirSync(path.dirname(link), { recursive: true });
    fs.symlinkSync(path.join(root, "node_modules", name), link);
  }
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}
