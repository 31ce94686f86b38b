import * as fs from "node:fs";
import * as path from "node:path";

interface LockedPackage {
  version?: string;
  optionalDependencies?: Record<string, string>;
}

const lock = JSON.parse(
  fs.readFileSync(path.resolve(__dirname, "../../package-lock.json"), "utf8"),
) as { packages: Record<string, LockedPackage> };

/** Where Node would find `name` from the package at `from` (a lock key such as `node_modules/a`). */
function resolve(from: string, name: string): LockedPackage | undefined {
  for (let dir = from; ;) {
    const found = lock.packages[`${dir === "" ? "" : `${dir}/`}node_modules/${name}`];
    if (found !== undefined || dir === "") return found;
    const parent = dir.lastIndexOf("/node_modules/");
    dir = parent < 0 ? "" : dir.slice(0, parent);
  }
}

test("npm ci accepts the lock file: every platform's optional package is locked", () => {
  // `npm ci` refuses a lock that lacks any optional dependency of a locked package, even one for
  // another platform that would never be installed here.
  const missing = Object.entries(lock.packages).flatMap(([at, pkg]) =>
    Object.keys(pkg.optionalDependencies ?? {})
      .filter((name) => resolve(at, name) === undefined)
      .map((name) => `${at} -> ${name}`),
  );
  expect(missing).toEqual([]);
});
