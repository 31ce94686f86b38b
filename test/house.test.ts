import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";

/**
 * The house rules of issue 21 for the whole source tree (tests aside): no file over 400 lines, no
 * function over 80 lines but a route table, and no import cycle, type-only imports included.
 * Each failure lists every offender, so one run says all that is left to do.
 */
const root = path.resolve(__dirname, "..");
/** The three packages (cli holding the harness and the exporter), common/, and the repository's tools. */
const SOURCE_DIRS = ["provider", "emulator", "cli", "common", "drivers", "bench", "scripts"];
/** What a build or an install puts inside a package's folder: not source. */
const NOT_SOURCE = new Set(["node_modules", "dist"]);
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 80;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return NOT_SOURCE.has(entry.name) ? [] : sourceFiles(file);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [file] : [];
  });
}

const files = SOURCE_DIRS.flatMap((dir) => sourceFiles(path.join(root, dir))).sort();
const relative = (file: string) => path.relative(root, file);
const parsed = new Map(
  files.map((file) => [
    file,
    ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true),
  ]),
);

/** Lines as `wc -l` counts them: a last line without its newline counts too. */
const lineCount = (text: string) => text.split("\n").length - (text.endsWith("\n") ? 1 : 0);

/** What a function is called where it stands: its own name, or the variable or key it is given to. */
function nameOf(node: ts.FunctionLikeDeclaration): string {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (
    (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) &&
    parent.initializer === node
  ) {
    return parent.name.getText();
  }
  return "<anonymous>";
}

/** `apiRoute({...})`, `pageRoute({...})`, `adminRoute({...})`: one route, declared as data. */
const isRouteDeclaration = (e: ts.Expression) =>
  ts.isCallExpression(e) && ts.isIdentifier(e.expression) && /Route$/.test(e.expression.text);

/**
 * A route table: a function that returns an array literal of route declarations, after nothing
 * but `const`s the routes share (a family's answers, its path parameters). The handlers inside
 * are functions of their own, and measured as such.
 */
function isRouteTable(body: ts.ConciseBody): boolean {
  if (!ts.isBlock(body)) return false;
  const last = body.statements.at(-1);
  return (
    last !== undefined &&
    ts.isReturnStatement(last) &&
    last.expression !== undefined &&
    ts.isArrayLiteralExpression(last.expression) &&
    last.expression.elements.every(isRouteDeclaration) &&
    body.statements.slice(0, -1).every(ts.isVariableStatement)
  );
}

interface Span {
  where: string;
  name: string;
  lines: number;
}

function longFunctions(source: ts.SourceFile): Span[] {
  const found: Span[] = [];
  const line = (position: number) => source.getLineAndCharacterOfPosition(position).line;
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body !== undefined) {
      const fn = node as ts.FunctionLikeDeclaration & { body: ts.ConciseBody };
      const first = line(fn.getStart(source));
      const lines = line(fn.getEnd()) - first + 1;
      if (lines > MAX_FUNCTION_LINES && !isRouteTable(fn.body)) {
        found.push({ where: `${relative(source.fileName)}:${first + 1}`, name: nameOf(fn), lines });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The source file behind each entry of the workspace's packages, by the name a file imports it by
 * (`pulumi-docs-workspace/runtime`): its package.json's `exports` name a built file under `dist/`,
 * which the same path under the repository's root, in TypeScript, is compiled from.
 */
const packageEntries: ReadonlyMap<string, string> = new Map(
  ["provider", "emulator", "cli"].flatMap((dir) => {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, dir, "package.json"), "utf8")) as {
      name: string;
      exports: Record<string, { default?: string } | string>;
    };
    return Object.entries(manifest.exports).flatMap(([subpath, target]) => {
      const built = typeof target === "string" ? target : target.default;
      if (built === undefined || !built.startsWith("./dist/") || !built.endsWith(".js")) return [];
      const source = path.join(root, built.slice("./dist/".length).replace(/\.js$/, ".ts"));
      return [[path.posix.join(manifest.name, subpath), source] as const];
    });
  }),
);

/**
 * The project files a file imports (`import`, `import type`, `export ... from`, `require`), by a
 * relative path or by a workspace package's name: a call-time `require` of the package's own
 * entry is an edge like any other.
 */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
  return importedFiles
    .map((i) => i.fileName)
    .flatMap((name) => {
      const entry = packageEntries.get(name);
      if (entry !== undefined) return parsed.has(entry) ? [entry] : [];
      if (!name.startsWith(".")) return [];
      const base = path.resolve(path.dirname(file), name);
      const target = [`${base}.ts`, path.join(base, "index.ts")].find((f) => parsed.has(f));
      return target === undefined ? [] : [target];
    });
}

/** Each cycle once, as the path that closes it: `a.ts -> b.ts -> a.ts`. */
function importCycles(): string[] {
  const graph = new Map(files.map((file) => [file, importsOf(file)]));
  const done = new Set<string>();
  const cycles: string[] = [];
  const walk = (file: string, trail: string[]) => {
    const at = trail.indexOf(file);
    if (at >= 0) {
      const cycle = trail.slice(at).map(relative);
      // The same loop reached from another file: named from its first file in sort order.
      const start = cycle.indexOf([...cycle].sort()[0]!);
      const named = [...cycle.slice(start), ...cycle.slice(0, start), cycle[start]!].join(" -> ");
      if (!cycles.includes(named)) cycles.push(named);
      return;
    }
    if (done.has(file)) return;
    for (const next of graph.get(file) ?? []) walk(next, [...trail, file]);
    done.add(file);
  };
  for (const file of files) walk(file, []);
  return cycles;
}

test("no source file is over 400 lines", () => {
  const long = [...parsed.values()]
    .map((source) => ({ file: relative(source.fileName), lines: lineCount(source.text) }))
    .filter(({ lines }) => lines > MAX_FILE_LINES)
    .map(({ file, lines }) => `${file} ${lines} lines`);
  expect(long).toEqual([]);
});

test("no function is over 80 lines, but a route table", () => {
  const long = [...parsed.values()]
    .flatMap(longFunctions)
    .map(({ where, name, lines }) => `${where} ${name} ${lines} lines`);
  expect(long).toEqual([]);
});

test("no import cycle among source files, type-only imports included", () => {
  expect(importCycles()).toEqual([]);
});

test("a package's entries, as other files import them by name, are source files the cycle check follows", () => {
  // Without them, a circle closed by a require of `pulumi-docs-workspace/runtime` goes unseen.
  expect(packageEntries.get("pulumi-docs-workspace/runtime")).toBeDefined();
  for (const [name, source] of packageEntries)
    expect([name, parsed.has(source)]).toEqual([name, true]);
});

test("the hosted service's client is read by tests only: no source file imports @gitbook/api", () => {
  const importers = files.filter((file) =>
    ts
      .preProcessFile(fs.readFileSync(file, "utf8"), true, true)
      .importedFiles.some(
        (i) => i.fileName === "@gitbook/api" || i.fileName.startsWith("@gitbook/"),
      ),
  );
  expect(importers.map(relative)).toEqual([]);
});

/** The relative imports of every `.ts` file under `dir`, resolved: `[file, imported path]`. */
function relativeImportsUnder(dir: string): [string, string][] {
  const walk = (folder: string): string[] =>
    fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) return NOT_SOURCE.has(entry.name) ? [] : walk(file);
      return entry.name.endsWith(".ts") ? [file] : [];
    });
  return walk(path.join(root, dir)).flatMap((file) =>
    ts
      .preProcessFile(fs.readFileSync(file, "utf8"), true, true)
      .importedFiles.filter((i) => i.fileName.startsWith("."))
      .map((i): [string, string] => [
        relative(file),
        relative(path.resolve(path.dirname(file), i.fileName)),
      ]),
  );
}

test("the bench and the tests share drivers/, never each other's files", () => {
  const crossing = [
    ...relativeImportsUnder("bench").filter(([, to]) => to.startsWith(`test${path.sep}`)),
    ...relativeImportsUnder("test").filter(([, to]) => to.startsWith(`bench${path.sep}`)),
    // drivers/ is below both: through it either would reach the other's files again.
    ...relativeImportsUnder("drivers").filter(([, to]) =>
      [`test${path.sep}`, `bench${path.sep}`].some((room) => to.startsWith(room)),
    ),
  ];
  expect(crossing.map(([from, to]) => `${from} imports ${to}`)).toEqual([]);
});
