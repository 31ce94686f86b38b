import type { Store } from "./index";
import { findExternalLink } from "./site-external-links";
import { findGroup } from "./site-section-groups";
import { findSection, groupChildren, topLevel, writeOrder, type TopItem } from "./site-sections";
import { containerSiteSpaces, findSiteSpace, writeSiteSpaceOrder } from "./site-spaces";

/**
 * A site's structure as the hosted sort sees it (docs/api-decisions.md, "Site external links"):
 * every item has one level, its siblings, kept by the families that own them: a site space among
 * its container's site spaces, a section, group or external link on the top level or among its
 * group's children (store/site-sections.ts). The structure keeps no rows of its own.
 */
export interface StructureItem {
  type: "site-space" | TopItem["type"];
  id: string;
}

/** An item's level: its siblings in order (itself included), and how to write a new order. */
export interface Level {
  items: StructureItem[];
  /** The level, as an error names it. */
  where: string;
  write(items: readonly StructureItem[]): void;
}

function structureLevel(store: Store, siteId: string, groupId: string | null): Level {
  return {
    items: groupId === null ? topLevel(store, siteId) : groupChildren(store, groupId),
    where: groupId === null ? "the site's top level" : `section group ${groupId}`,
    write: (items) => writeOrder(store, items as TopItem[]),
  };
}

/** The level of the item `item` names in the site; undefined when the site has no such item. */
export function levelOf(store: Store, siteId: string, item: StructureItem): Level | undefined {
  switch (item.type) {
    case "site-space": {
      const row = findSiteSpace(store, siteId, item.id);
      if (row === undefined) return undefined;
      return {
        items: containerSiteSpaces(store, siteId, row.sectionId).map((r) => ({
          type: "site-space",
          id: r.id,
        })),
        where: row.sectionId === null ? "the site's root site spaces" : `section ${row.sectionId}`,
        write: (items) =>
          writeSiteSpaceOrder(
            store,
            items.map((i) => i.id),
          ),
      };
    }
    case "site-section": {
      const row = findSection(store, siteId, item.id);
      return row && structureLevel(store, siteId, row.groupId);
    }
    case "site-section-group":
      return findGroup(store, siteId, item.id) && structureLevel(store, siteId, null);
    case "site-external-link": {
      const row = findExternalLink(store, siteId, item.id);
      return row && structureLevel(store, siteId, row.groupId);
    }
  }
}
