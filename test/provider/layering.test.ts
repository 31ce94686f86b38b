import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * The provider's own layering rules, checked on its sources: no `as never` standing in for a
 * type, and a runtime/ that holds only what the provider host loads. Sizes and import cycles are
 * checked for every room by test/house.test.ts.
 */
const provider = resolve(__dirname, "../../provider");

// Its sources: not the build (dist/) nor what an install puts beside them.
const files = readdirSync(provider, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".ts") && !/^(dist|node_modules)\//.test(file))
  .map((file) => ({ file, text: readFileSync(join(provider, file), "utf8") }));

test("no `as never` in provider/: the lifecycle's one adapter types what handlers call", () => {
  expect(files.filter((f) => /\bas never\b/.test(f.text)).map((f) => f.file)).toEqual([]);
});

test("provider/runtime/ holds only the entry the host loads by its package name", () => {
  expect(readdirSync(join(provider, "runtime"))).toEqual(["index.ts"]);
});
