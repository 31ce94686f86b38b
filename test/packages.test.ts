import * as fs from "node:fs";
import { builtinModules } from "node:module";
import * as path from "node:path";
import ts from "typescript";

/**
 * The workspaces' boundaries (issue 25), checked on the sources of the three packages: a package
 * reaches another only through that package's public entries (its `exports`), never by a path
 * into its folder or into its dist; common/ is compiled into each package that imports it and
 * itself imports no package; and every package a source imports at run time is one its
 * package.json declares (dependencies or peerDependencies), so the provider stays at ofetch,
 * zod and its @pulumi/pulumi peer.
 */
const root = path.resolve(__dirname, "..");
const PACKAGES = ["provider", "emulator", "cli"] as const;
/** Folders every package may import by path: compiled into each package's own dist. */
const SHARED = ["common"];

interface Manifest {
  name: string;
  exports?: Record<string, unknown>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const manifestOf = (dir: string) =>
  JSON.parse(fs.readFileSync(path.join(root, dir, "package.json"), "utf8")) as Manifest;
const manifests = new Map<string, Manifest>(PACKAGES.map((dir) => [dir, manifestOf(dir)]));
const byName = new Map([...manifests].map(([dir, m]) => [m.name, { dir, manifest: m }]));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return entry.name === "dist" || entry.name === "node_modules" ? [] : sourceFiles(file);
    }
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [file] : [];
  });
}

interface Import {
  file: string;
  specifier: string;
  /** Erased at compile time: `import type`, or only types named. */
  typeOnly: boolean;
}

/** Every import and re-export of a file, with whether the compiled JavaScript keeps it. */
function importsOf(file: string): Import[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
  const found: Import[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const typeOnly = ts.isImportDeclaration(node)
        ? (node.importClause?.isTypeOnly ?? false)
        : node.isTypeOnly;
      found.push({ file, specifier: node.moduleSpecifier.text, typeOnly });
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === "require")) &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push({ file, specifier: node.arguments[0].text, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The top folder of the repository a file sits in: its package, or common. */
const roomOf = (file: string) => path.relative(root, file).split(path.sep)[0]!;
/** `@scope/name/sub` -> `@scope/name`, `name/sub` -> `name`. */
const packageName = (specifier: string) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");
const isBuiltin = (specifier: string) =>
  specifier.startsWith("node:") || builtinModules.includes(packageName(specifier));

const rooms = [...PACKAGES, ...SHARED];
const imports = rooms.flatMap((room) => sourceFiles(path.join(root, room)).flatMap(importsOf));
/**
 * The one import of a package by its own name: the shim each resource's state holds requires the
 * runtime by name at call time, because the dynamic-provider host loads it from a string with no
 * file of its own (provider/dynamic/shim.ts). That is the entry a 0.1.0 stack needs.
 */
const isShimRequire = (i: Import) =>
  path.relative(root, i.file) === path.join("provider", "dynamic", "shim.ts") &&
  i.specifier === "pulumi-docs-workspace/runtime";
const shown = (i: Import) => `${path.relative(root, i.file)}: ${i.specifier}`;

test("a package reaches another's files only through that package's public entries", () => {
  const crossing = imports.filter((i) => {
    if (!i.specifier.startsWith(".")) return false;
    const target = roomOf(path.resolve(path.dirname(i.file), i.specifier));
    const from = roomOf(i.file);
    return target !== from && !SHARED.includes(target);
  });
  expect(crossing.map(shown)).toEqual([]);
});

test("a package imported by name is imported by one of its exports, and declared", () => {
  const wrong = imports.flatMap((i) => {
    const target = byName.get(packageName(i.specifier));
    if (!target || isShimRequire(i)) return [];
    const entry = `.${i.specifier.slice(target.manifest.name.length)}`;
    const exported = Object.keys(target.manifest.exports ?? {}).includes(entry);
    const from = roomOf(i.file);
    const own = manifests.get(from);
    const declared =
      own !== undefined &&
      (own.dependencies?.[target.manifest.name] !== undefined ||
        own.peerDependencies?.[target.manifest.name] !== undefined);
    if (from === target.dir) return [`${shown(i)} (a package importing itself by name)`];
    if (!exported) return [`${shown(i)} (not one of ${target.manifest.name}'s exports)`];
    return declared ? [] : [`${shown(i)} (not in ${from}/package.json's dependencies)`];
  });
  expect(wrong).toEqual([]);
});

test("common/ imports no package of the workspace, by path or by name", () => {
  const wrong = imports.filter(
    (i) =>
      roomOf(i.file) === "common" &&
      (byName.has(packageName(i.specifier)) ||
        (i.specifier.startsWith(".") &&
          roomOf(path.resolve(path.dirname(i.file), i.specifier)) !== "common")),
  );
  expect(wrong.map(shown)).toEqual([]);
});

test("every package a source loads at run time is declared in its own package.json", () => {
  const undeclared = PACKAGES.flatMap((dir) => {
    const manifest = manifests.get(dir)!;
    const declared = new Set([
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}),
    ]);
    return imports
      .filter((i) => roomOf(i.file) === dir && !isShimRequire(i))
      .filter((i) => !i.typeOnly && !i.specifier.startsWith(".") && !isBuiltin(i.specifier))
      .filter((i) => !declared.has(packageName(i.specifier)))
      .map(shown);
  });
  expect(undeclared).toEqual([]);
});

test("the provider depends on ofetch and zod only, with @pulumi/pulumi as a peer", () => {
  const provider = manifests.get("provider")!;
  expect(Object.keys(provider.dependencies ?? {}).sort()).toEqual(["ofetch", "zod"]);
  expect(Object.keys(provider.peerDependencies ?? {})).toEqual(["@pulumi/pulumi"]);
});

test("common/ holds nothing whose identity a copy could split: no package at run time, no module state", () => {
  // Each package's dist carries its own compiled copy of common/: a copy must be as good as
  // another, so common/ loads no package (types aside) and keeps no `let`/`var` at module level.
  const loaded = imports.filter(
    (i) => roomOf(i.file) === "common" && !i.typeOnly && !i.specifier.startsWith("."),
  );
  expect(loaded.filter((i) => !isBuiltin(i.specifier)).map(shown)).toEqual([]);
  const stateful = sourceFiles(path.join(root, "common")).filter((file) => {
    const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
    return source.statements.some(
      (s) => ts.isVariableStatement(s) && !(s.declarationList.flags & ts.NodeFlags.Const),
    );
  });
  expect(stateful.map((file) => path.relative(root, file))).toEqual([]);
});

test("nothing imports a package's folder by path: that is its package.json's built entry", () => {
  // `../../emulator` resolves through emulator/package.json's main to emulator/dist: a second,
  // built copy beside the sources a test or a tool imports. `../../emulator/index` is the source.
  const all = ["test", "scripts", "bench", ...rooms].flatMap((dir) =>
    sourceFiles(path.join(root, dir)).flatMap(importsOf),
  );
  const folders = new Set(PACKAGES.map((dir) => path.join(root, dir)));
  const wrong = all.filter(
    (i) =>
      i.specifier.startsWith(".") && folders.has(path.resolve(path.dirname(i.file), i.specifier)),
  );
  expect(wrong.map(shown)).toEqual([]);
});

test("the exporter and the harness share a package but not a file: neither imports the other", () => {
  // docs-workspace-cli ships both commands (issue 34 kept it one package); what they share lives
  // in common/ or the provider's public entries, so either could leave for a package of its own.
  const cli = path.join(root, "cli");
  const roomIn = (file: string) => path.relative(cli, file).split(path.sep)[0];
  const crossing = imports.filter((i) => {
    if (roomOf(i.file) !== "cli" || !i.specifier.startsWith(".")) return false;
    const from = roomIn(i.file);
    const to = roomIn(path.resolve(path.dirname(i.file), i.specifier));
    return (from === "exporter" && to === "harness") || (from === "harness" && to === "exporter");
  });
  expect(crossing.map(shown)).toEqual([]);
});
