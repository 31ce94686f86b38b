import { z } from "zod";
import type { ChangeRequestRow } from "../store/change-requests";
import type { UserRow } from "../store/identity";
import { named, present, timestamp, url } from "./common";
import { renderUser, UserJson } from "./members";

export const changeRequestStatus = z.enum(["draft", "open", "archived", "merged"]);

/** §2.7's ChangeRequest, with the hosted service's `space`, `mergedBy` and `mergedAt`. */
export const ChangeRequestJson = named(
  "ChangeRequest",
  z.strictObject({
    object: z.literal("change-request"),
    id: z.string(),
    number: z.number().int().min(1),
    status: changeRequestStatus,
    subject: z.string().max(100),
    createdBy: UserJson,
    createdAt: timestamp,
    updatedAt: timestamp,
    mergedBy: UserJson.optional(),
    mergedAt: timestamp.optional(),
    space: z.string(),
    revision: z.string(),
    revisionInitial: z.string(),
    revisionMergedAncestor: z.string().optional(),
    revisionMerged: z.string().optional(),
    comments: z.number().int().min(0),
    outdated: z.boolean(),
    urls: z.strictObject({ app: url, location: url }),
  }),
);
export type ChangeRequestJson = z.input<typeof ChangeRequestJson>;

/** What `merge` and `update` answer (§3). */
export const ChangeRequestResultJson = named(
  "ChangeRequestRevisionResult",
  z.strictObject({ revision: z.string(), result: z.enum(["merge", "update"]) }),
);

export interface ChangeRequestExtras {
  organizationId: string;
  /** The space's current revision: behind it, an active change request is `outdated`. */
  spaceRevision: string;
  comments: number;
  users: (id: string) => UserRow;
}

export function renderChangeRequest(
  origin: string,
  row: ChangeRequestRow,
  extras: ChangeRequestExtras,
): ChangeRequestJson {
  const base = row.revisionMergedAncestor ?? row.revisionInitial;
  const active = row.status === "draft" || row.status === "open";
  return {
    object: "change-request",
    id: row.id,
    number: row.number,
    status: row.status,
    subject: row.subject,
    createdBy: renderUser(origin, extras.users(row.createdBy)),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    ...(row.mergedBy !== null ? { mergedBy: renderUser(origin, extras.users(row.mergedBy)) } : {}),
    ...present("mergedAt", row.mergedAt),
    space: row.spaceId,
    revision: row.revision,
    revisionInitial: row.revisionInitial,
    ...present("revisionMergedAncestor", row.revisionMergedAncestor),
    ...present("revisionMerged", row.revisionMerged),
    comments: extras.comments,
    outdated: active && base !== extras.spaceRevision,
    urls: {
      app: `${origin}/app/o/${extras.organizationId}/s/${row.spaceId}/cr/${row.number}`,
      location: `${origin}/v1/spaces/${row.spaceId}/change-requests/${row.id}`,
    },
  };
}
