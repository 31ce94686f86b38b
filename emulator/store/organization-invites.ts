import type { Store } from "./index";
import { Table, text, type RowIn } from "./sql";

/**
 * An organization's standing invite links (docs/api-decisions.md, "Organization invite links"):
 * to the organization with a role, or to one space or collection with a level (`null`: guest).
 * The id is what a person joins with, so it is as secret as a share key.
 */
const invites = new Table(
  "organization_link_invites",
  {
    id: text("PRIMARY KEY"),
    organizationId: text("NOT NULL REFERENCES organizations(id) ON DELETE CASCADE"),
    role: text(),
    spaceId: text("REFERENCES spaces(id) ON DELETE CASCADE"),
    collectionId: text("REFERENCES collections(id) ON DELETE CASCADE"),
    createdAt: text("NOT NULL"),
  },
  { indexes: { organization_link_invites_by_org: "(organization_id, created_at)" } },
);

/** The family's tables, created at every open. */
export const organizationInvitesTables = [invites];

export type InviteLinkRow = RowIn<typeof invites>;

/** An organization's invite links, oldest first. */
export function inviteLinksOf(store: Store, organizationId: string): InviteLinkRow[] {
  const page = { limit: -1, offset: 0 };
  return invites.list(store, { organizationId }, "created_at, rowid", page).rows;
}

/** The invite link, only when it belongs to `organizationId`. */
export function findInviteLink(store: Store, organizationId: string, id: string) {
  return invites.find(store, { organizationId, id });
}

export function insertInviteLink(
  store: Store,
  organizationId: string,
  fields: Pick<InviteLinkRow, "role" | "spaceId" | "collectionId">,
): InviteLinkRow {
  return invites.insert(store, {
    id: store.newId(),
    organizationId,
    ...fields,
    createdAt: store.now(),
  });
}

export function updateInviteLinkRole(
  store: Store,
  row: InviteLinkRow,
  role: string | null,
): InviteLinkRow {
  invites.update(store, { id: row.id }, { role });
  return findInviteLink(store, row.organizationId, row.id)!;
}

export function deleteInviteLink(store: Store, id: string): void {
  invites.delete(store, { id });
}
