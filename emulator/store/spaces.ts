import { endPosition } from "./collections";
import type { Store } from "./index";

/**
 * Spaces (§2.3). A DELETE only sets `deleted_at`: the row stays restorable for 7 days
 * (§3), measured with the store's clock so tests can move time. `position` orders the space
 * among its siblings (collections and spaces with the same parent).
 */
export const spacesSchema = `
CREATE TABLE IF NOT EXISTS spaces (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  parent_id TEXT,
  title TEXT NOT NULL DEFAULT '',
  emoji TEXT NOT NULL DEFAULT '',
  visibility TEXT NOT NULL DEFAULT 'private',
  edit_mode TEXT NOT NULL DEFAULT 'live',
  language TEXT,
  default_level TEXT,
  revision TEXT NOT NULL,
  empty INTEGER NOT NULL DEFAULT 0,
  position REAL NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  deleted_at TEXT
);
CREATE INDEX IF NOT EXISTS spaces_by_org ON spaces(organization_id, parent_id, position);
`;

/** Spaces stay restorable this long after `deletedAt` (§8). */
export const RESTORE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

export interface SpaceRow {
  id: string;
  organizationId: string;
  parentId: string | null;
  title: string;
  emoji: string;
  visibility: string;
  editMode: "live" | "locked";
  language: string | null;
  defaultLevel: string | null;
  revision: string;
  position: number;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
}

const COLUMNS = `id, organization_id AS organizationId, parent_id AS parentId, title, emoji,
  visibility, edit_mode AS editMode, language, default_level AS defaultLevel, revision, position,
  created_at AS createdAt, updated_at AS updatedAt, deleted_at AS deletedAt`;

/** The space with this id, soft-deleted ones included (the row's `deletedAt` says so). */
export function findSpace(store: Store, id: string): SpaceRow | undefined {
  return store.statement(`SELECT ${COLUMNS} FROM spaces WHERE id = ?`).get(id) as
    SpaceRow | undefined;
}

/** Live spaces matching a SQL condition, one page of them, and how many match in all. */
export function listSpaces(
  store: Store,
  where: string,
  params: (string | null)[],
  page: { limit: number; offset: number },
): { rows: SpaceRow[]; count: number } {
  const condition = `deleted_at IS NULL AND (${where})`;
  const rows = store
    .statement(
      `SELECT ${COLUMNS} FROM spaces WHERE ${condition} ORDER BY position, id LIMIT ? OFFSET ?`,
    )
    .all(...params, page.limit, page.offset) as unknown as SpaceRow[];
  const { n } = store
    .statement(`SELECT COUNT(*) AS n FROM spaces WHERE ${condition}`)
    .get(...params) as { n: number };
  return { rows, count: n };
}

/** Creates a space at the end of its parent (or of the organization's top level). */
export function insertSpace(
  store: Store,
  organizationId: string,
  fields: {
    title?: string;
    emoji?: string;
    parent?: string | null;
    language?: string;
    editMode?: "live" | "locked";
    defaultLevel?: string | null;
    empty?: boolean;
  },
): SpaceRow {
  const id = store.newId();
  const now = store.now();
  const parentId = fields.parent ?? null;
  store
    .statement(
      `INSERT INTO spaces (id, organization_id, parent_id, title, emoji, edit_mode, language,
         default_level, revision, empty, position, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      id,
      organizationId,
      parentId,
      fields.title ?? "",
      fields.emoji ?? "",
      fields.editMode ?? "live",
      fields.language ?? null,
      fields.defaultLevel ?? null,
      store.newId(),
      fields.empty ? 1 : 0,
      endPosition(store, organizationId, parentId),
      now,
      now,
    );
  return findSpace(store, id)!;
}

/** Whether a soft-deleted space is past its restore window at the store's current time. */
export function isExpired(store: Store, row: SpaceRow): boolean {
  return (
    row.deletedAt !== null &&
    store.clock().getTime() - Date.parse(row.deletedAt) > RESTORE_WINDOW_MS
  );
}

/**
 * Where a space is published, when some family publishes it (a docs site links it). The sites
 * family registers a resolver; without one, a space has no published URL.
 */
export type PublishedUrlResolver = (
  store: Store,
  space: SpaceRow,
  origin: string,
) => string | undefined;
const publishedUrlResolvers: PublishedUrlResolver[] = [];

export function registerPublishedUrlResolver(resolver: PublishedUrlResolver): void {
  if (!publishedUrlResolvers.includes(resolver)) publishedUrlResolvers.push(resolver);
}

/** The counts of §2.3 that other families keep (comments, change requests). */
export interface SpaceCounts {
  comments: number;
  changeRequests: number;
  changeRequestsOpen: number;
  changeRequestsDraft: number;
}
export type SpaceCounter = (store: Store, space: SpaceRow) => Partial<SpaceCounts>;
const spaceCounters: SpaceCounter[] = [];

/** A family that keeps comments or change requests registers how it counts them for a space. */
export function registerSpaceCounter(counter: SpaceCounter): void {
  if (!spaceCounters.includes(counter)) spaceCounters.push(counter);
}

function countsOf(store: Store, row: SpaceRow): SpaceCounts {
  const counts = { comments: 0, changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0 };
  for (const counter of spaceCounters) Object.assign(counts, counter(store, row));
  return counts;
}

const ROLE_RANK: Record<string, number> = {
  read: 1,
  comment: 2,
  edit: 3,
  review: 4,
  create: 5,
  admin: 6,
};

/**
 * The API Space object of §2.3. `origin` (such as `http://127.0.0.1:4100`) roots `urls`.
 * `role` is the caller's role in the space's organization; absent, the caller is taken to be an
 * admin (internal callers that already checked access).
 */
export function spaceJson(
  store: Store,
  row: SpaceRow,
  origin: string,
  role: string | null = "admin",
): Record<string, unknown> {
  const rank = role === null ? 0 : (ROLE_RANK[role] ?? 0);
  const published = publishedUrlResolvers
    .map((resolve) => resolve(store, row, origin))
    .find((url) => url !== undefined);
  return {
    object: "space",
    id: row.id,
    title: row.title,
    emoji: row.emoji,
    visibility: row.visibility,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    ...(row.deletedAt !== null ? { deletedAt: row.deletedAt } : {}),
    editMode: row.editMode,
    organization: row.organizationId,
    ...(row.parentId !== null ? { parent: row.parentId } : {}),
    ...(row.language !== null ? { language: row.language } : {}),
    revision: row.revision,
    defaultLevel: row.defaultLevel,
    ...countsOf(store, row),
    urls: {
      location: `${origin}/v1/spaces/${row.id}`,
      app: `${origin}/app/o/${row.organizationId}/s/${row.id}`,
      ...(published !== undefined ? { published } : {}),
    },
    permissions: {
      view: true,
      access: true,
      admin: rank >= ROLE_RANK.admin!,
      viewInviteLinks: rank >= ROLE_RANK.admin!,
      edit: rank >= ROLE_RANK.edit! && row.editMode === "live",
      triggerGitSync: rank >= ROLE_RANK.edit!,
      comment: rank >= ROLE_RANK.comment!,
      merge: rank >= ROLE_RANK.review!,
      review: rank >= ROLE_RANK.review!,
      installIntegration: rank >= ROLE_RANK.admin!,
    },
  };
}

export { ROLE_RANK };
