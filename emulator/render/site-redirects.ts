import { z } from "zod";
import { REDIRECT_SOURCE_MAX, REDIRECT_URL_MAX } from "../limits";
import type { RedirectRow } from "../store/site-redirects";
import {
  named,
  present,
  timestamp,
  optionalShape,
  presentFields,
  type OptionalField,
} from "./common";

/**
 * A redirect's source path, as the hosted `SiteRedirectSourcePath` states it: `/` then segments
 * of unreserved characters or percent escapes, optionally ending in `*` or `/*` (a wildcard), at
 * most 512 characters.
 */
export const SOURCE_PATH =
  /^\/(?!\*)(?!.*\*.+)(?:[A-Za-z0-9\-._~+]|%[0-9A-Fa-f]{2})+(?:\/(?:[A-Za-z0-9\-._~+]|%[0-9A-Fa-f]{2})+)*(?:\/\*|\*)?$/;
export const sourcePath = z
  .string()
  .max(REDIRECT_SOURCE_MAX)
  .regex(SOURCE_PATH, "must be a path such as /old/page, optionally ending in * or /*");

/** An external destination: an absolute http or https URL, at most 2048 characters. */
export const redirectUrl = z.url({ protocol: /^https?$/ }).max(REDIRECT_URL_MAX);

const id = z.string().min(1);

/** `SiteRedirectDestination`: where a redirect leads. */
export const RedirectDestinationJson = named(
  "SiteRedirectDestination",
  z.discriminatedUnion("kind", [
    z.strictObject({ kind: z.literal("site-section"), siteSectionId: id }),
    z.strictObject({ kind: z.literal("site-space"), siteSpaceId: id }),
    z.strictObject({ kind: z.literal("site-page"), siteSpaceId: id, pageId: id }),
    z.strictObject({ kind: z.literal("external"), url: redirectUrl }),
  ]),
);

/**
 * A redirect's optional fields, kept and shown as they are (the hosted document has none yet):
 * each is accepted on create, on PATCH (`null` removes it) and in a bulk item, and is in the JSON
 * when set. A new one is an entry here, `{ wire: z.string().max(512) }`, and its column in the
 * site_redirects table's map (store/site-redirects.ts): the routes and the JSON take it from here.
 */
export const REDIRECT_OPTIONAL_FIELDS = {} satisfies Record<string, OptionalField>;

export const SiteRedirectJson = named(
  "SiteRedirect",
  z.strictObject({
    object: z.literal("site-redirect"),
    id: z.string(),
    source: z.string(),
    draft: z.boolean(),
    captureWildcard: z.boolean(),
    permanent: z.boolean(),
    destination: RedirectDestinationJson,
    createdAt: timestamp,
    updatedAt: timestamp.optional(),
    ...optionalShape(REDIRECT_OPTIONAL_FIELDS),
  }),
);
export type SiteRedirectJson = z.input<typeof SiteRedirectJson>;

export function renderRedirect(row: RedirectRow): SiteRedirectJson {
  return {
    object: "site-redirect",
    id: row.id,
    source: row.source,
    draft: row.draft,
    captureWildcard: row.captureWildcard,
    permanent: row.permanent,
    destination: row.destination,
    createdAt: row.createdAt,
    ...present("updatedAt", row.updatedAt),
    ...presentFields(REDIRECT_OPTIONAL_FIELDS, row),
  };
}

export const RedirectLookupJson = named(
  "SiteRedirectResolved",
  z.strictObject({ redirect: SiteRedirectJson, target: z.string() }),
);

const bulkStatus = z.enum(["created", "updated", "deleted", "published", "error"]);
export const BulkRedirectsJson = named(
  "SiteRedirectBulkResults",
  z.strictObject({
    results: z.array(
      z.strictObject({
        status: bulkStatus,
        source: z.string(),
        draft: z.boolean(),
        id: z.string().optional(),
        error: z.string().optional(),
      }),
    ),
  }),
);
export type BulkResult = z.input<typeof BulkRedirectsJson>["results"][number];
