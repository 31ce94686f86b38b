import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { families } from "../../emulator/families";

/**
 * The emulator's layering rule (emulator/README.md, "Layering"), checked on its sources: the
 * store owns all SQL (a WHERE fragment handed to it included), render modules only read rows and
 * import no routes, no route file imports another, and each family has its three files. Sizes and
 * import cycles are checked for every room by test/house.test.ts.
 */
const emulator = resolve(__dirname, "../../emulator");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    // Not the package's build (dist/) nor what an install puts beside its sources.
    if (name === "dist" || name === "node_modules") return [];
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith(".ts") ? [path] : [];
  });
}

const files = sources(emulator).map((path) => ({
  path: relative(emulator, path),
  text: readFileSync(path, "utf8"),
}));

test("only the store runs SQL", () => {
  // `store.statement(...)`, `db.prepare(...)`, `db.exec(...)` (not RegExp.exec) and SQL verbs.
  const sql =
    /\.(statement|prepare)\(|\bdb\.exec\(|\b(SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM)\b/;
  const outside = files.filter((f) => !f.path.startsWith("store/") && sql.test(f.text));
  expect(outside.map((f) => f.path)).toEqual([]);
});

test("no SQL condition is written outside the store, not even one handed to it", () => {
  // `"parent_id = ?"`, `"deleted_at IS NULL"`, `"id IN (...)"`: a WHERE fragment in a string.
  const where = /["'`][^"'`\n]*\b[a-z_]+ (=|IS( NOT)?|<=?|>=?|LIKE|IN) (\?|NULL\b|\()/;
  const outside = files.filter((f) => !f.path.startsWith("store/") && where.test(f.text));
  expect(outside.map((f) => f.path)).toEqual([]);
});

test("no route file imports another: what routes share lives in access/, views.ts, render/ or validation.ts", () => {
  const routes = files.filter((f) => f.path.startsWith("routes/"));
  const crossImports = routes.flatMap((f) =>
    [...f.text.matchAll(/from "\.\/([^"]+)"/g)].map(([, target]) => `${f.path} -> ${target}`),
  );
  expect(crossImports).toEqual([]);
});

test("render modules turn rows into JSON without reading the store", () => {
  for (const f of files.filter((file) => file.path.startsWith("render/"))) {
    const storeImports = [
      ...f.text.matchAll(/^import (type )?\{[^}]*\} from "\.\.\/store[^"]*";$/gm),
    ];
    expect([f.path, storeImports.filter(([, type]) => type === undefined).length]).toEqual([
      f.path,
      0,
    ]);
    expect([f.path, /from "\.\.\/routes\//.test(f.text)]).toEqual([f.path, false]);
  }
});

test("every family listed in families.ts has its routes, store and render files", () => {
  expect(families.length).toBeGreaterThanOrEqual(9);
  for (const family of families)
    for (const layer of ["routes", "store", "render"])
      expect([family.name, layer, existsSync(join(emulator, layer, `${family.name}.ts`))]).toEqual([
        family.name,
        layer,
        true,
      ]);
});

test("the emulator imports nothing from provider/, by path or by its package's name", () => {
  const imports = files.filter((f) =>
    /from "((\.\.\/)+(provider|cli)\/|pulumi-docs-workspace|docs-workspace-cli)/.test(f.text),
  );
  expect(imports.map((f) => f.path)).toEqual([]);
});
