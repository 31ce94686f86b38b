import * as path from "node:path";
import ts from "typescript";
import {
  ANY,
  pascal,
  type Property,
  type PropertySpec,
  type TypeSpec,
  type TypeTable,
} from "./spec";

/**
 * What the TypeScript sources say that zod does not: the TSDoc of each Args interface, Resource
 * class and output mapper, the types of the outputs (through the compiler's checker, as a program
 * sees them), and the lookups' arguments and results.
 */

const root = path.resolve(__dirname, "..", "..");

/** A TSDoc comment as schema text: `{@link X}` as `X`, an `@example` value kept as one line. */
function docOf(checker: ts.TypeChecker, symbol: ts.Symbol | undefined): string | undefined {
  if (symbol === undefined) return undefined;
  const text = ts.displayPartsToString(symbol.getDocumentationComment(checker));
  const examples = symbol
    .getJsDocTags(checker)
    .filter((tag) => tag.name === "example")
    .map((tag) => ts.displayPartsToString(tag.text).trim())
    // A code block or an expression of the program (`handbook.id`) is TypeScript: only a literal
    // value reads the same in every language.
    .filter((value) => /^("[^"]*"|-?\d+(\.\d+)?|true|false|null)$/.test(value))
    .map((value) => `Example: \`${value}\`.`);
  const joined = [withoutLinks(text), ...examples].filter((p) => p !== "").join("\n\n");
  return joined === "" ? undefined : joined;
}

/** A class's or function's TSDoc, its `@example` code left out: it is TypeScript. */
function summaryOf(checker: ts.TypeChecker, symbol: ts.Symbol): string | undefined {
  const text = withoutLinks(ts.displayPartsToString(symbol.getDocumentationComment(checker)));
  return text === "" ? undefined : text;
}

function withoutLinks(text: string): string {
  return unwrapLines(text.replace(/\{@link\s+([^}\s|]+)[^}]*\}/g, "$1").trim());
}

const NULLABLE = ts.TypeFlags.Null | ts.TypeFlags.Undefined;

/** Whether `type` is how a program passes a value later: a Promise or a Pulumi Output. */
function isWrapper(type: ts.Type): boolean {
  const name = type.getSymbol()?.name;
  return name === "Promise" || name === "OutputInstance";
}

/** Unwraps `pulumi.Input<T>` and `pulumi.Output<T>` to `T`. */
function unwrapped(checker: ts.TypeChecker, type: ts.Type): ts.Type {
  if (type.isIntersection()) {
    const output = type.types.find(isWrapper);
    if (output) return checker.getTypeArguments(output as ts.TypeReference)[0] ?? type;
  }
  return type;
}

/** Joins the lines TSDoc wraps, keeping paragraphs, list items and code blocks. */
export function unwrapLines(text: string): string {
  const out: string[] = [];
  let fenced = false;
  for (const line of text.split("\n")) {
    const previous = out.length > 0 ? out[out.length - 1]! : "";
    if (line.startsWith("```")) fenced = !fenced;
    const starts =
      fenced || line.startsWith("```") || line === "" || /^\s*([-*]|\d+\.) /.test(line);
    if (starts || previous === "" || previous.startsWith("```")) out.push(line);
    else out[out.length - 1] = `${previous} ${line.trim()}`;
  }
  return out.join("\n");
}

export interface Lookup {
  name: string;
  description: string | undefined;
  inputs: Record<string, Property>;
  outputs: Record<string, Property>;
}

export class Sources {
  private readonly program: ts.Program;
  private readonly checker: ts.TypeChecker;

  constructor(private readonly table: TypeTable) {
    const config = ts.getParsedCommandLineOfConfigFile(
      path.join(root, "tsconfig.json"),
      {},
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
    );
    const files = ["resources", "dynamic/resources", "lookups"].flatMap((dir) =>
      ts.sys
        .readDirectory(path.join(root, "provider", dir), [".ts"])
        .filter((f) => !f.endsWith(".d.ts")),
    );
    files.push(path.join(root, "provider", "config.ts"));
    this.program = ts.createProgram(files.sort(), { ...config!.options, noEmit: true });
    this.checker = this.program.getTypeChecker();
  }

  private exported(file: string, name: string): ts.Symbol {
    const source = this.program.getSourceFile(path.join(root, "provider", file));
    const module = source && this.checker.getSymbolAtLocation(source);
    const symbol = module && this.checker.getExportsOfModule(module).find((s) => s.name === name);
    if (symbol === undefined) throw new Error(`native schema: provider/${file} exports no ${name}`);
    return symbol;
  }

  private exports(file: string): ts.Symbol[] {
    const source = this.program.getSourceFile(path.join(root, "provider", file))!;
    return this.checker.getExportsOfModule(this.checker.getSymbolAtLocation(source)!);
  }

  /** The file of `provider/resources/` that declares resource `type` (its `<type>Args`). */
  resourceFile(type: string): string {
    const file = this.program
      .getRootFileNames()
      .map((f) => path.relative(path.join(root, "provider"), f))
      .find(
        (f) => f.startsWith("resources/") && this.exports(f).some((s) => s.name === `${type}Args`),
      );
    if (file === undefined) throw new Error(`native schema: no resource file exports ${type}Args`);
    return file;
  }

  /** The TSDoc of the Resource class, which the dynamic door's file of the same name declares. */
  classDoc(file: string, type: string): string | undefined {
    return summaryOf(this.checker, this.exported(path.join("dynamic", file), type));
  }

  /** The TSDoc of each property of the `<type>Args` interface, inherited ones included. */
  argsDocs(file: string, type: string): Record<string, string | undefined> {
    const args = this.checker.getDeclaredTypeOfSymbol(this.exported(file, `${type}Args`));
    return Object.fromEntries(
      this.checker.getPropertiesOfType(args).map((p) => [p.name, docOf(this.checker, p)]),
    );
  }

  /** The TSDoc of each output mapper of the definition `definition` (`outputs: { ... }`). */
  outputDocs(file: string, definition: string): Record<string, string | undefined> {
    const declaration = this.exported(file, definition).valueDeclaration;
    const docs: Record<string, string | undefined> = {};
    const visit = (node: ts.Node): void => {
      if (
        ts.isPropertyAssignment(node) &&
        node.name.getText() === "outputs" &&
        ts.isObjectLiteralExpression(node.initializer)
      ) {
        for (const property of node.initializer.properties) {
          const symbol = property.name && this.checker.getSymbolAtLocation(property.name);
          if (property.name) docs[property.name.getText()] = docOf(this.checker, symbol);
        }
        return;
      }
      ts.forEachChild(node, visit);
    };
    if (declaration) visit(declaration);
    return docs;
  }

  /**
   * The type of each output `keys` of the definition `definition` of resource `type`: the `O` of
   * its `DefinedResource<S, O>`, what its Resource class carries as Outputs. Only the `typed` ones
   * are given a schema type (and, for an object, a named type).
   */
  outputTypes(
    file: string,
    definition: string,
    type: string,
    keys: readonly string[],
    typed: readonly string[],
  ): Record<string, Property> {
    const defined = this.checker.getTypeOfSymbol(this.exported(file, definition));
    const outputs = this.checker.getTypeArguments(defined as ts.TypeReference)[1];
    if (outputs === undefined)
      throw new Error(`native schema: ${definition} is no DefinedResource`);
    return Object.fromEntries(
      keys.map((key) => {
        const property = this.checker.getPropertyOfType(outputs, key);
        if (property === undefined) throw new Error(`native schema: ${type} has no output ${key}`);
        const value = this.checker.getTypeOfSymbol(property);
        // Only whether it is required, for an output an input types.
        const hint = typed.includes(key) ? pascal(type, key) : undefined;
        return [key, this.property(value, hint, undefined)];
      }),
    );
  }

  /** The TSDoc of each member of `ProviderConfig`, and of `WORKSPACES`. */
  configDocs(): Record<string, string | undefined> {
    const config = this.checker.getDeclaredTypeOfSymbol(
      this.exported("config.ts", "ProviderConfig"),
    );
    return {
      ...Object.fromEntries(
        this.checker.getPropertiesOfType(config).map((p) => [p.name, summaryOf(this.checker, p)]),
      ),
      workspaces: summaryOf(this.checker, this.exported("config.ts", "WORKSPACES")),
    };
  }

  /** Every `get*` function of provider/lookups: its TSDoc, argument and result. */
  lookups(): Lookup[] {
    const files = this.program
      .getRootFileNames()
      .map((f) => path.relative(path.join(root, "provider"), f))
      .filter((f) => f.startsWith("lookups/"));
    return files
      .flatMap((file) => this.exports(file).filter((s) => /^get[A-Z]/.test(s.name)))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((symbol) => this.lookup(symbol));
  }

  private lookup(symbol: ts.Symbol): Lookup {
    const signature = this.checker.getTypeOfSymbol(symbol).getCallSignatures()[0]!;
    const [parameter] = signature.getParameters();
    const args = parameter ? this.checker.getTypeOfSymbol(parameter) : undefined;
    const result = unwrapped(this.checker, signature.getReturnType());
    const owner = pascal(symbol.name);
    return {
      name: symbol.name,
      description: summaryOf(this.checker, symbol),
      inputs: args ? this.properties(args, owner) : {},
      outputs: this.properties(result, `${owner}Result`),
    };
  }

  /** The properties of an object type (of every member of a union), each typed and described. */
  private properties(type: ts.Type, owner: string): Record<string, Property> {
    const parts = type.isUnion() ? type.types : [type];
    const symbols = new Map<string, ts.Symbol>();
    for (const part of parts.filter((t) => !(t.flags & ts.TypeFlags.Undefined))) {
      for (const p of this.checker.getPropertiesOfType(part)) {
        if (!symbols.has(p.name)) symbols.set(p.name, p);
      }
    }
    const out: Record<string, Property> = {};
    for (const symbol of symbols.values()) {
      const value = this.checker.getTypeOfSymbol(symbol);
      if (value.flags & ts.TypeFlags.Never) continue;
      // Optional when any member of the union leaves it out (`getMember`'s email or user id).
      const optional = parts.some((t) => {
        const own = this.checker.getPropertyOfType(t, symbol.name);
        return own === undefined || (own.flags & ts.SymbolFlags.Optional) !== 0;
      });
      const property = this.property(
        value,
        pascal(owner, symbol.name),
        docOf(this.checker, symbol),
      );
      out[symbol.name] = { spec: property.spec, required: property.required && !optional };
    }
    return out;
  }

  private property(
    type: ts.Type,
    hint: string | undefined,
    description: string | undefined,
  ): Property {
    const nullable = type.isUnion() && type.types.some((t) => t.flags & NULLABLE);
    const spec: PropertySpec = {
      ...(hint === undefined ? {} : this.typeSpec(type, hint)),
      ...(description === undefined ? {} : { description }),
    };
    return { spec, required: !nullable };
  }

  /** The schema type of a TypeScript type, `null` and `undefined` left out. */
  private typeSpec(type: ts.Type, hint: string): TypeSpec {
    const parts = (type.isUnion() ? type.types : [type]).filter(
      (t) => !(t.flags & NULLABLE) && !isWrapper(t),
    );
    const every = (flags: ts.TypeFlags) => parts.length > 0 && parts.every((t) => t.flags & flags);
    if (every(ts.TypeFlags.StringLike)) return { type: "string" };
    if (every(ts.TypeFlags.NumberLike)) return { type: "number" };
    if (every(ts.TypeFlags.BooleanLike)) return { type: "boolean" };
    // `Open<T>`: the values known today, or any other string (`string & {}`).
    if (parts.every((t) => t.flags & ts.TypeFlags.StringLike || t.isIntersection())) {
      return { type: "string" };
    }
    if (parts.length !== 1) return ANY;
    const [only] = parts as [ts.Type];
    if (this.checker.isArrayType(only)) {
      const [item] = this.checker.getTypeArguments(only as ts.TypeReference);
      return { type: "array", items: item ? this.typeSpec(item, `${hint}Item`) : ANY };
    }
    if (only.flags & ts.TypeFlags.Object) return this.objectSpec(only, hint);
    return ANY;
  }

  private objectSpec(type: ts.Type, hint: string): TypeSpec {
    const values = this.checker.getIndexTypeOfType(type, ts.IndexKind.String);
    const properties = this.checker.getPropertiesOfType(type);
    if (properties.length === 0) {
      return { type: "object", additionalProperties: values ? this.typeSpec(values, hint) : ANY };
    }
    const props = this.properties(type, hint);
    const required = Object.keys(props).filter((k) => props[k]!.required);
    return this.table.define(hint, {
      type: "object",
      properties: Object.fromEntries(Object.entries(props).map(([k, p]) => [k, p.spec])),
      ...(required.length > 0 ? { required } : {}),
    });
  }
}
