import { importIdOf } from "pulumi-docs-workspace/tools";
import { definitions } from "pulumi-docs-workspace/tools";
import { Code } from "./code";
import type { Declaration } from "./declarations";

/**
 * Pulumi's bulk-import file (`pulumi import --file import.json`) for the native provider: one
 * entry per declared object, by its token, its name in the stack and its id. A program in any
 * language takes a live organization over with it, as the TypeScript program does with `adoptId`;
 * `pulumi import` reads each object and writes the code that declares it.
 */
export interface ImportFile {
  resources: ImportEntry[];
}

export interface ImportEntry {
  /** The native token: `docs-workspace:index:Space`. */
  type: string;
  name: string;
  id: string;
}

const tokens: ReadonlyMap<string, string> = new Map(definitions.map((d) => [d.type, d.token]));

/**
 * The import file of the declarations of a program, in the program's order. An object of a site
 * is named by its site's id too (`importIdOf`): its parent is a reference to another declaration,
 * or an id.
 */
export function importFile(declarations: readonly Declaration[]): ImportFile {
  const ids = new Map(declarations.map((d) => [`${d.variable}.id`, d.id]));
  const idOf = (value: unknown): string | undefined =>
    value instanceof Code ? ids.get(value.text) : typeof value === "string" ? value : undefined;
  return {
    resources: declarations.map((d) => {
      const type = tokens.get(d.type);
      if (type === undefined) throw new Error(`no native token for the resource class ${d.type}`);
      const parents = { siteId: idOf(d.args.siteId), teamId: idOf(d.args.teamId) };
      return { type, name: d.name, id: importIdOf(type, d.id, parents) };
    }),
  };
}
