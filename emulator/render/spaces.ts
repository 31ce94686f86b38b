import { z } from "zod";
import { hasRole, roleLevel } from "../auth";
import type { ApiContext } from "../context";
import type { SpaceCounts } from "../hooks";
import type { SpaceRow } from "../store/spaces";
import { EMOJI_MAX, TITLE_MAX } from "../limits";
import {
  named,
  optionalShape,
  present,
  presentFields,
  timestamp,
  url,
  type OptionalField,
} from "./common";

/**
 * A space's optional fields that are kept and shown as they are: each is accepted on create and
 * on PATCH (`null` removes it) and in the JSON when set. A new one is an entry here,
 * `{ wire: z.string().max(100) }`, and its column in the spaces table's map (store/spaces.ts).
 */
export const SPACE_OPTIONAL_FIELDS = {} satisfies Record<string, OptionalField>;

/** The language codes of GAPS.md. */
export const LANGUAGES = [
  "en",
  "fr",
  "de",
  "es",
  "it",
  "pt",
  "pt-br",
  "ru",
  "ja",
  "zh",
  "zh-tw",
  "yue",
  "ko",
  "ar",
  "hi",
  "nl",
  "pl",
  "tr",
  "sv",
  "no",
  "da",
  "fi",
  "el",
  "cs",
  "hu",
  "ro",
  "th",
  "vi",
  "id",
  "ms",
  "he",
  "uk",
  "sk",
  "bg",
  "hr",
  "lt",
  "lv",
  "et",
  "sl",
] as const;

/**
 * The hosted service's space merge rules: `inherit` (the organization's), or the space's own.
 * The emulator keeps no rules of its own, so a space always inherits.
 */
export const MergeRulesSpace = named(
  "MergeRulesSpaceConfiguration",
  z.union([
    z.strictObject({ type: z.literal("inherit") }),
    z.strictObject({ type: z.literal("none") }),
    z.strictObject({
      type: z.literal("rules"),
      rules: z.array(z.looseObject({ rule: z.string() })),
    }),
  ]),
);

export const SpaceJson = named(
  "Space",
  z.strictObject({
    object: z.literal("space"),
    id: z.string(),
    title: z.string().max(TITLE_MAX),
    emoji: z.string().max(EMOJI_MAX),
    visibility: z.enum([
      "public",
      "unlisted",
      "share-link",
      "visitor-auth",
      "in-collection",
      "private",
    ]),
    createdAt: timestamp,
    updatedAt: timestamp,
    deletedAt: timestamp.optional(),
    editMode: z.enum(["live", "locked"]),
    organization: z.string(),
    parent: z.string().optional(),
    language: z.enum(LANGUAGES).optional(),
    revision: z.string(),
    defaultLevel: roleLevel.nullable(),
    comments: z.number().int().min(0),
    changeRequests: z.number().int().min(0),
    changeRequestsOpen: z.number().int().min(0),
    changeRequestsDraft: z.number().int().min(0),
    mergeRules: MergeRulesSpace,
    ...optionalShape(SPACE_OPTIONAL_FIELDS),
    urls: z.strictObject({ location: url, app: url, published: url.optional() }),
    permissions: z.strictObject({
      view: z.boolean(),
      access: z.boolean(),
      admin: z.boolean(),
      viewInviteLinks: z.boolean(),
      edit: z.boolean(),
      triggerGitSync: z.boolean(),
      comment: z.boolean(),
      merge: z.boolean(),
      review: z.boolean(),
      installIntegration: z.boolean(),
    }),
  }),
);
export type SpaceJson = z.input<typeof SpaceJson>;

/** What a space shows that other families keep: its published URL and its counts. */
export interface SpaceExtras {
  published: string | undefined;
  counts: SpaceCounts;
}

/** The space's app page, also `urls.app`. */
export function spaceAppUrl(origin: string, row: SpaceRow): string {
  return `${origin}/app/o/${row.organizationId}/s/${row.id}`;
}

/**
 * The API Space object of §2.3. `origin` (such as `http://127.0.0.1:4100`) roots `urls`;
 * `role` is the caller's role in the space's organization (`null`: guest).
 */
export function renderSpace(
  row: SpaceRow,
  extras: SpaceExtras,
  origin: string,
  role: string | null,
): SpaceJson {
  const admin = hasRole(role, "admin");
  return {
    object: "space",
    id: row.id,
    title: row.title,
    emoji: row.emoji,
    visibility: row.visibility as SpaceJson["visibility"],
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    ...present("deletedAt", row.deletedAt),
    editMode: row.editMode,
    organization: row.organizationId,
    ...present("parent", row.parentId),
    ...present("language", row.language as SpaceJson["language"] | null),
    revision: row.revision,
    defaultLevel: row.defaultLevel as SpaceJson["defaultLevel"],
    ...extras.counts,
    mergeRules: { type: "inherit" },
    ...presentFields(SPACE_OPTIONAL_FIELDS, row),
    urls: {
      location: `${origin}/v1/spaces/${row.id}`,
      app: spaceAppUrl(origin, row),
      ...present("published", extras.published),
    },
    permissions: {
      view: true,
      access: true,
      admin,
      viewInviteLinks: admin,
      edit: hasRole(role, "edit") && row.editMode === "live",
      triggerGitSync: hasRole(role, "edit"),
      comment: hasRole(role, "comment"),
      merge: hasRole(role, "review"),
      review: hasRole(role, "review"),
      installIntegration: admin,
    },
  };
}

/**
 * A space as the caller sees it, with what other families add to it (its published URL and
 * counts, through the hooks): every family that shows a space renders it through here.
 */
export function renderSpaceFor(ctx: ApiContext, row: SpaceRow, role: string | null): SpaceJson {
  const extras = {
    published: ctx.hooks.spacePublishedUrl(ctx.store, row, role),
    counts: ctx.hooks.spaceCounts(ctx.store, row),
  };
  return renderSpace(row, extras, ctx.origin, role);
}
