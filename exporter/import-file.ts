import { definitions } from "../provider/runtime";
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

/** The import file of the declarations of a program, in the program's order. */
export function importFile(declarations: readonly Declaration[]): ImportFile {
  const byVariable = new Map(declarations.map((d) => [d.variable, d]));
  return {
    resources: declarations.map((d) => {
      const type = tokens.get(d.type);
      if (type === undefined) throw new Error(`no native token for the resource class ${d.type}`);
      return { type, name: d.name, id: importId(d, byVariable) };
    }),
  };
}

/** The kinds a site holds: the native provider reads them by `<siteId>/<id>`. */
const IN_SITE: ReadonlySet<string> = new Set([
  "ShareLink",
  "SiteSection",
  "SiteSectionGroup",
  "SiteSpace",
]);

/**
 * The id `pulumi import` takes for a declaration: its object's id, behind its site's for an
 * object of a site (provider/native/resources.ts, fromImportId). The declaration names its site
 * by a reference (`site.id`) or, for a site the program does not declare, by its id.
 */
export function importId(d: Declaration, byVariable: ReadonlyMap<string, Declaration>): string {
  if (!IN_SITE.has(d.type)) return d.id;
  const site = d.args.siteId;
  const siteId =
    site instanceof Code ? byVariable.get(site.text.split(".")[0]!)?.id : (site as string);
  if (siteId === undefined) throw new Error(`the ${d.type} ${d.name} names no site`);
  return `${siteId}/${d.id}`;
}
