import { z } from "zod";
import { siteSections, siteSpaceSections } from "pulumi-docs-workspace/tools";
import { SERVICE_DEFAULTS, type Doc } from "pulumi-docs-workspace/tools";
import { fontsAsIds, sameValue } from "pulumi-docs-workspace/tools";
import { siteCustomization } from "pulumi-docs-workspace/tools";
import { siteSpaceCustomization } from "pulumi-docs-workspace/tools";
import type { Value } from "./code";
import type { ArgumentsOf, Declarer } from "./declarations";
import type { SiteInventory } from "./inventory";
import { titles } from "./titles";

const isDoc = (value: unknown): value is Doc =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** The fields a section's schema declares (none for a value that is not an object). */
function fieldsOf(schema: z.ZodType): Set<string> {
  const inner = schema instanceof z.ZodOptional ? schema.unwrap() : schema;
  return new Set(inner instanceof z.ZodObject ? Object.keys(inner.shape) : []);
}

/**
 * The settings of `current` a resource of `sections` may declare and that differ from `base`:
 * in a section (an object the schema types field by field), the fields that differ; elsewhere the
 * value, when it differs. Fields the resource does not declare are not looked at; a section whose
 * values the resource's schema refuses (a font of one's own) is left out, with a note.
 */
export function differing(
  current: Doc,
  base: Doc,
  sections: Record<string, z.ZodType>,
  notes: string[],
  where: string,
): Doc {
  const out: Doc = {};
  for (const [key, schema] of Object.entries(sections)) {
    const value = current[key];
    if (value === undefined || sameValue(value, base[key])) continue;
    const was = isDoc(base[key]) ? base[key] : {};
    const known = fieldsOf(schema);
    const part =
      isDoc(value) && key !== "announcement"
        ? Object.fromEntries(
            Object.entries(value).filter(
              ([field, v]) => known.has(field) && !sameValue(v, was[field]),
            ),
          )
        : value;
    if (isDoc(part) && Object.keys(part).length === 0) continue;
    const parsed = schema.safeParse(part);
    if (parsed.success) out[key] = parsed.data;
    else notes.push(`${where}: ${key} holds settings the provider does not declare; left out.`);
  }
  return out;
}

/** The declared settings with each custom font named by the program's reference to it. */
function withFontRefs(program: Declarer, declared: Doc): Doc {
  if (!isDoc(declared.styling)) return declared;
  const styling: Doc = { ...declared.styling };
  for (const field of ["customFontId", "monospaceCustomFontId"]) {
    const id = styling[field];
    if (typeof id === "string") styling[field] = program.ref(id);
  }
  return { ...declared, styling };
}

/** Every section as an argument: the differing ones set, the others absent. */
function every(sections: object, declared: Doc): Record<string, Value | undefined> {
  return Object.fromEntries(
    Object.keys(sections).map((k) => [k, declared[k] as Value | undefined]),
  );
}

/**
 * The site's customization where it differs from the service's defaults, and each site space's
 * override where it differs from the site's: a site nobody customized declares neither.
 */
export function declareCustomization(
  program: Declarer,
  { site: s, siteSpaces, customization }: SiteInventory,
  siteRef: Value,
): void {
  const site = fontsAsIds(customization.site as Doc);
  const declared = withFontRefs(
    program,
    differing(site, SERVICE_DEFAULTS, siteSections, program.notes, s.title),
  );
  if (Object.keys(declared).length > 0) {
    program.declare(
      siteCustomization,
      { id: s.id, title: titles.siteCustomization(s.title) },
      { siteId: siteRef, ...every(siteSections, declared) } as ArgumentsOf<
        typeof siteCustomization
      >,
      { refAs: "siteId" },
    );
    // Its id is its site's: references to the site stay on the site.
    program.referTo(s.id, siteRef);
  }
  for (const siteSpace of siteSpaces) {
    const merged = customization.siteSpaces[siteSpace.id] as Doc | undefined;
    if (merged === undefined) continue;
    const where = `${s.title}, site space ${siteSpace.path}`;
    const override = differing(merged, site, siteSpaceSections, program.notes, where);
    if (Object.keys(override).length === 0) continue;
    const siteSpaceRef = program.ref(siteSpace.id)!;
    program.declare(
      siteSpaceCustomization,
      { id: siteSpace.id, title: titles.siteSpaceCustomization(s.title, siteSpace.path) },
      {
        siteId: siteRef,
        siteSpaceId: siteSpaceRef,
        ...every(siteSpaceSections, override),
      } as ArgumentsOf<typeof siteSpaceCustomization>,
      { refAs: "siteSpaceId" },
    );
    program.referTo(siteSpace.id, siteSpaceRef);
  }
}
