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

/** The resource classes an import file may list: `--only` takes them. */
export const IMPORT_KINDS: readonly string[] = definitions.map((d) => d.type);

/**
 * The kinds an import file leaves out unless `--only` names them (their definitions'
 * `exporter.standing`): the organization's settings and its members exist whether a stack
 * manages them or not, and OrganizationSettings' id is the
 * organization's, so with it in the file `pulumi import` writes every resource's
 * `organizationId` as a reference to it (`${["organization-settings"].id}`).
 */
export const ORGANIZATION_KINDS: readonly string[] = definitions
  .filter((d) => d.exporter.standing)
  .map((d) => d.type);

/**
 * The import file of the declarations of a program, in the program's order: those of the kinds
 * `only` names, else all but ORGANIZATION_KINDS. An object of a site is named by its site's id too
 * (`importIdOf`): its parent is a reference to another declaration, or an id. `pulumi import`
 * writes a property that holds the id of another resource of the file as a reference to it, so a
 * parent imported with its children is referenced by its variable, and one left out by its id.
 */
export function importFile(
  declarations: readonly Declaration[],
  only?: ReadonlySet<string>,
): ImportFile {
  const ids = new Map(declarations.map((d) => [`${d.variable}.id`, d.id]));
  const idOf = (value: unknown): string | undefined =>
    value instanceof Code ? ids.get(value.text) : typeof value === "string" ? value : undefined;
  const listed = (type: string) =>
    only !== undefined ? only.has(type) : !ORGANIZATION_KINDS.includes(type);
  return {
    resources: declarations
      .filter((d) => listed(d.type))
      .map((d) => {
        const type = tokens.get(d.type);
        if (type === undefined) throw new Error(`no native token for the resource class ${d.type}`);
        const parents = {
          siteId: idOf(d.args.siteId),
          teamId: idOf(d.args.teamId),
          integration: idOf(d.args.integration),
          installationId: idOf(d.args.installationId),
        };
        // Named by its variable (`handbookSite`): the code `pulumi import` writes then refers to it
        // as `${handbookSite.id}`, not `${["handbook-site"].id}`.
        return { type, name: d.variable, id: importIdOf(type, d.id, parents) };
      }),
  };
}
