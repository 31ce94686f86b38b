import type { z } from "zod";
import { hasRole } from "./auth";
import type { ApiContext } from "./context";
import { renderChangeRequest } from "./render/change-requests";
import { renderComment, renderReply, type CommentExtras } from "./render/comments";
import { renderMember, type MemberJson } from "./render/members";
import { renderGroup, type SiteSectionGroupJson } from "./render/site-section-groups";
import { renderExternalLink } from "./render/site-external-links";
import { renderSection, type SiteSectionJson } from "./render/site-sections";
import { renderSiteSpace, type SiteSpaceJson } from "./render/site-spaces";
import type { SiteView } from "./render/sites";
import { renderSpaceFor } from "./render/spaces";
import type { ChangeRequestRow } from "./store/change-requests";
import { openCommentCount, reactionsOf, repliersOf, type CommentRow } from "./store/comments";
import { findUser, type UserRow } from "./store/identity";
import type { MemberRow } from "./store/members";
import type { GroupRow } from "./store/site-section-groups";
import { findExternalLink } from "./store/site-external-links";
import {
  findSection,
  groupChildren,
  topLevel,
  type SectionRow,
  type TopItem,
} from "./store/site-sections";
import { findGroup } from "./store/site-section-groups";
import { containerSiteSpaces, type SiteSpaceRow } from "./store/site-spaces";
import { countSites, sitesOf } from "./store/sites";
import { countSpaces, findSpace, spacesOf, type SpaceRow } from "./store/spaces";
import { teamCountOf } from "./store/teams";
import type { ThreadAt } from "./access/threads";
import { effectiveRole } from "./access/permissions";

/**
 * Objects whose JSON holds what other rows say (a member's counts, a site space's space, a
 * comment's reactions): each gathers those rows from the store, then hands them to its render
 * function, which stays a function of rows (emulator/README.md, "Layering"). Routes of several
 * families call them, and no route file imports another.
 */

/** A user as objects show it; one removed since shows as such rather than failing the read. */
export function userOf(ctx: Pick<ApiContext, "store">, id: string): UserRow {
  return (
    findUser(ctx.store, id) ?? {
      userId: id,
      displayName: "Removed user",
      email: "",
      photoUrl: null,
    }
  );
}

/**
 * A member's counts: a member with a role reaches every live space and site of the organization,
 * a guest those its grants reach (docs/api-decisions.md, "Permissions").
 */
export function memberJson(ctx: ApiContext, row: MemberRow): z.input<typeof MemberJson> {
  const org = row.organizationId;
  const reached = (kind: "space" | "site", objects: { id: string }[]) =>
    objects.filter(
      ({ id }) =>
        effectiveRole(ctx.store, { kind, id, organizationId: org }, row.userId, null).role !== null,
    ).length;
  return renderMember(ctx.origin, row, {
    spaces:
      row.role !== null
        ? countSpaces(ctx.store, { organizationId: org })
        : reached("space", spacesOf(ctx.store, org)),
    teams: teamCountOf(ctx.store, org, row.userId),
    sites:
      row.role !== null ? countSites(ctx.store, org) : reached("site", sitesOf(ctx.store, org)),
  });
}

export function renderChangeRequestFor(
  ctx: Pick<ApiContext, "store" | "origin">,
  space: SpaceRow,
  cr: ChangeRequestRow,
) {
  return renderChangeRequest(ctx.origin, cr, {
    organizationId: space.organizationId,
    spaceRevision: space.revision,
    comments: openCommentCount(ctx.store, space.id, cr.id),
    users: (id) => userOf(ctx, id),
  });
}

function extrasFor(ctx: ApiContext, at: ThreadAt, row: CommentRow): CommentExtras {
  return {
    location: at.location,
    reactions: reactionsOf(ctx.store, row.id),
    repliers: row.parentId === null ? repliersOf(ctx.store, row.id) : [],
    users: (id) => userOf(ctx, id),
    own: row.postedBy === ctx.userId,
    canComment: hasRole(at.role, "comment"),
    canModerate: hasRole(at.role, "review"),
  };
}

export const commentOf = (ctx: ApiContext, at: ThreadAt, row: CommentRow) =>
  renderComment(ctx.origin, row, extrasFor(ctx, at, row));
export const replyOf = (ctx: ApiContext, at: ThreadAt, row: CommentRow) =>
  renderReply(ctx.origin, row, extrasFor(ctx, at, row));

export function renderSiteSpaceFor(
  ctx: ApiContext,
  view: SiteView,
  row: SiteSpaceRow,
  section?: SectionRow,
): SiteSpaceJson {
  const container =
    row.sectionId === null
      ? undefined
      : (section ?? findSection(ctx.store, row.siteId, row.sectionId));
  const found = findSpace(ctx.store, row.spaceId);
  // Never another organization's space, even from a data file written before transfers cut links.
  const space = found?.organizationId === view.site.organizationId ? found : undefined;
  return renderSiteSpace(view, row, container, space && renderSpaceFor(ctx, space, view.role));
}

export function renderSectionFor(
  ctx: ApiContext,
  view: SiteView,
  section: SectionRow,
): SiteSectionJson {
  const siteSpaces = containerSiteSpaces(ctx.store, section.siteId, section.id).map((row) =>
    renderSiteSpaceFor(ctx, view, row, section),
  );
  return renderSection(view, section, siteSpaces);
}

export function renderGroupFor(
  ctx: ApiContext,
  view: SiteView,
  group: GroupRow,
): SiteSectionGroupJson {
  const children = groupChildren(ctx.store, group.id).map((child) =>
    child.type === "site-section"
      ? renderSectionFor(ctx, view, findSection(ctx.store, group.siteId, child.id)!)
      : renderExternalLink(findExternalLink(ctx.store, group.siteId, child.id)!),
  );
  const sections = children.filter((c) => c.object === "site-section");
  return renderGroup(group, sections, children);
}

/** An item of a site's section structure (its top level or a group's children), rendered. */
export function renderStructureItemFor(ctx: ApiContext, view: SiteView, item: TopItem) {
  const siteId = view.site.id;
  switch (item.type) {
    case "site-section":
      return renderSectionFor(ctx, view, findSection(ctx.store, siteId, item.id)!);
    case "site-section-group":
      return renderGroupFor(ctx, view, findGroup(ctx.store, siteId, item.id)!);
    case "site-external-link":
      return renderExternalLink(findExternalLink(ctx.store, siteId, item.id)!);
  }
}

/**
 * A site's structure as `getSiteStructure` answers it: its sections, groups (with their children)
 * and external links in order, or its root site spaces when it has no section. `published`: as
 * readers see it, draft links left out.
 */
export function siteStructureFor(ctx: ApiContext, view: SiteView, published = false) {
  const items = topLevel(ctx.store, view.site.id);
  if (items.length === 0) {
    const rows = containerSiteSpaces(ctx.store, view.site.id, null);
    return {
      type: "siteSpaces" as const,
      structure: rows.map((row) => renderSiteSpaceFor(ctx, view, row)),
    };
  }
  const shown = (item: { object: string; draft?: boolean }) =>
    !(published && item.object === "site-external-link" && item.draft === true);
  const structure = items
    .map((item) => renderStructureItemFor(ctx, view, item))
    .filter(shown)
    .map((item) =>
      item.object === "site-section-group"
        ? { ...item, children: item.children.filter(shown) }
        : item,
    );
  return { type: "sections" as const, structure };
}
