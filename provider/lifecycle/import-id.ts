import type { Props } from "./compare";

/**
 * How a resource's import id is written, declared on its definition (`importId`): what
 * `pulumi import`'s ids are read by (the native plugin's read), what the schema's `## Import`
 * sections show, and what the exporter's import file names an object by. A format is
 * `/`-separated parts, each `<key>`, a value the read needs, or a literal word; `id` names the key
 * that holds the object's own id (absent: the whole import id is the object's id). The other keys
 * are what the read is given; a key that another format of the kind names and this one does not
 * is null (a grant names one principal).
 */
export interface ImportId {
  formats: readonly string[];
  id?: string;
}

/** The default: the object's id alone. */
export const BY_ID: ImportId = { formats: ["<id>"], id: "id" };
/** A site's objects: their read needs the site, which the import id names first. */
export const IN_SITE: ImportId = { formats: ["<siteId>/<id>"], id: "id" };
/** A site's adaptive schema, customization, visitor authentication, agent settings and ads: their id is the site's. */
export const OF_SITE: ImportId = { formats: ["<siteId>"] };

/**
 * The rule every kind whose id is its site's (`OF_SITE`) keeps: `adoptId`, when set, names that
 * site. `type` is the resource's type, for the message.
 */
export function adoptsItsSite(
  type: string,
  { adoptId, siteId }: { adoptId?: string | null; siteId: string },
): { property: string; reason: string }[] {
  return adoptId != null && adoptId !== siteId
    ? [
        {
          property: "adoptId",
          reason: `must be the site's id (${siteId}): a ${type}'s id is its site's`,
        },
      ]
    : [];
}
/** A grant's id is its own: its target (the input `targetKey`), then its principal. */
export const grantImportId = (targetKey: string): ImportId => ({
  formats: [`<${targetKey}>/teams/<teamId>`, `<${targetKey}>/users/<userId>`],
});

/** The keys of a format: `<siteId>/teams/<teamId>` -> [siteId, null, teamId]. */
function keysOf(format: string): (string | null)[] {
  return format.split("/").map((part) => /^<(\w+)>$/.exec(part)?.[1] ?? null);
}

/** The values a format reads from an import id, or undefined when the id has another shape. */
function match(format: string, importId: string): Record<string, string> | undefined {
  const parts = format.split("/");
  const values = importId.split("/");
  if (values.length !== parts.length) return undefined;
  const found: Record<string, string> = {};
  for (const [i, key] of keysOf(format).entries()) {
    if (key === null ? values[i] !== parts[i] : values[i] === "") return undefined;
    if (key !== null) found[key] = values[i]!;
  }
  return found;
}

/**
 * What an import id of a resource of type `type` holds beyond the object's id, for the kinds
 * whose read needs more than it; the answer's id is then the object's own. An id of another shape
 * is the object's id alone (a `.get()` may give the site among its inputs), except where the whole
 * import id is the object's id: there it is refused, naming the formats.
 */
export function readImportId(
  spec: ImportId,
  type: string,
  importId: string,
): { id: string; known: Props } {
  for (const format of spec.formats) {
    const found = match(format, importId);
    if (found === undefined) continue;
    const known: Props = {};
    for (const other of spec.formats.flatMap(keysOf)) if (other !== null) known[other] = null;
    Object.assign(known, found);
    if (spec.id === "id") delete known.id;
    return { id: spec.id === undefined ? importId : found[spec.id]!, known };
  }
  if (spec.id === undefined)
    throw new Error(`${type} ${importId}: an import id is ${spec.formats.join(" or ")}`);
  return { id: importId, known: {} };
}

/**
 * The import id of an object, as {@link readImportId} reads it: the first format with the
 * object's id at its place and the parents' ids at theirs (`<siteId>/<id>` for an object of a
 * site). Where the whole import id is the object's id (a grant's `<siteId>/teams/<teamId>`, a team
 * membership's `<teamId>/<userId>`, a site's settings' `<siteId>`), it is that id.
 */
export function writeImportId(
  spec: ImportId,
  type: string,
  id: string,
  parents: Readonly<Record<string, string | undefined>>,
): string {
  if (spec.id === undefined) return id;
  return spec.formats[0]!.split("/")
    .map((part) => {
      const key = /^<(\w+)>$/.exec(part)?.[1];
      if (key === undefined) return part;
      if (key === spec.id) return id;
      const value = parents[key];
      if (value === undefined) throw new Error(`${type} ${id}: its import id needs its ${key}`);
      return value;
    })
    .join("/");
}
