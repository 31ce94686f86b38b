import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/**
 * The provider's own layering rules, checked on its sources: no `as never` standing in for a
 * type, and each door in its own room, which the declarations do not import. Sizes and import cycles are
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

/** The provider's files that `file` imports by a relative path, from the provider's root. */
function importsOf(file: string, text: string): string[] {
  return [...text.matchAll(/from "(\.{1,2}\/[^"]+)"/g)].map(([, target]) =>
    relative(provider, resolve(provider, dirname(file), target!)),
  );
}

test("each door has its room, which the declarations (api/, lifecycle/, resources/, lookups/) never import", () => {
  const declarations = files.filter((f) => /^(api|lifecycle|resources|lookups)\//.test(f.file));
  expect(declarations.length).toBeGreaterThan(40);
  const reaching = declarations.flatMap((f) =>
    importsOf(f.file, f.text)
      .filter((target) => /^(dynamic|native)\//.test(target))
      .map((target) => `${f.file} -> ${target}`),
  );
  expect(reaching).toEqual([]);
});

test("the dynamic door is reached through the package's entries only: index.ts and the runtime its shim requires", () => {
  const outside = files.filter((f) => !f.file.startsWith("dynamic/") && f.file !== "index.ts");
  const reaching = outside.flatMap((f) =>
    importsOf(f.file, f.text)
      .filter((target) => target.startsWith("dynamic/"))
      .map((target) => `${f.file} -> ${target}`),
  );
  expect(reaching).toEqual([]);
  const manifest = JSON.parse(readFileSync(join(provider, "package.json"), "utf8")) as {
    exports: Record<string, { default: string }>;
  };
  expect(manifest.exports["./runtime"]!.default).toBe("./dist/provider/dynamic/runtime.js");
});
