import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import * as ts from "typescript";

/**
 * The provider's shape, checked on its sources: no import cycle (type-only imports included),
 * no file over 400 lines nor function over 80, no `as never` standing in for a type, and a
 * runtime/ that holds only what the provider host loads.
 */
const provider = resolve(__dirname, "../../provider");

const files = readdirSync(provider, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".ts"))
  .map((file) => join(provider, file))
  .map((path) => ({ path, text: readFileSync(path, "utf8") }));
const name = (path: string) => relative(provider, path);

/** The provider files `path` imports or re-exports from, type-only ones included. */
function importsOf(path: string, text: string): string[] {
  return [...text.matchAll(/^(?:import|export)\s[^;]*?from\s+"(\.[^"]+)"/gms)].flatMap(([, to]) => {
    const target = resolve(dirname(path), to!);
    const file = [`${target}.ts`, join(target, "index.ts")].find((f) => existsSync(f));
    return file === undefined || !file.startsWith(provider) ? [] : [file];
  });
}

test("no import cycle in provider/, type-only imports included", () => {
  const graph = new Map(files.map((f) => [f.path, importsOf(f.path, f.text)]));
  const cycles: string[][] = [];
  const done = new Set<string>();
  const visit = (path: string, trail: string[]) => {
    const at = trail.indexOf(path);
    if (at >= 0) return void cycles.push(trail.slice(at).map(name));
    if (done.has(path)) return;
    for (const next of graph.get(path) ?? []) visit(next, [...trail, path]);
    done.add(path);
  };
  for (const path of graph.keys()) visit(path, []);
  expect(cycles).toEqual([]);
});

test("no file in provider/ is over 400 lines, and no function over 80", () => {
  const long: string[] = [];
  for (const { path, text } of files) {
    const lines = text.split("\n").length;
    if (lines > 400) long.push(`${name(path)}: ${lines} lines`);
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionLike(node) && "body" in node && node.body !== undefined) {
        const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
        const last = source.getLineAndCharacterOfPosition(node.end).line;
        if (last - first + 1 > 80)
          long.push(`${name(path)}:${first + 1}: a ${last - first + 1}-line function`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  expect(long).toEqual([]);
});

test("no `as never` in provider/: the lifecycle's one adapter types what handlers call", () => {
  expect(files.filter((f) => /\bas never\b/.test(f.text)).map((f) => name(f.path))).toEqual([]);
});

test("provider/runtime/ holds only the entry the host loads by its package name", () => {
  expect(readdirSync(join(provider, "runtime"))).toEqual(["index.ts"]);
});
