/** The requests section's rows for a site and what lives in it, and the site they attach to. */
import { handlersFor } from "../drivers/provider";
import {
  closingRows,
  createAlsoRow,
  createRow,
  LIST_READ,
  tracked,
  updateRow,
  type Operation,
  type Props,
} from "./request-rows";

/** What the site kinds attach to, made before any count. */
export interface SiteFixtures {
  /** A site with two sections, each on its own space, and a site space in the first section. */
  site: { id: string; outs: Props };
  siteArgs: Props;
  /** Spaces no section or site space uses yet. */
  freeSpaces: string[];
  sections: string[];
  siteSpaceId: string;
}

/**
 * The site the site kinds attach to: two sections on spaces of their own, a site space in the
 * first, and four spaces left free for the measured site spaces and sections.
 */
export async function siteFixtures(parentId: string): Promise<SiteFixtures> {
  const spaces: string[] = [];
  for (let i = 0; i < 7; i++) {
    spaces.push(
      (await handlersFor("space").create({ title: `Bench space ${i}`, parent: parentId })).id,
    );
  }
  const siteArgs: Props = { title: "Bench host site" };
  const site = await handlersFor("site").create(siteArgs);
  const sections: string[] = [];
  for (const [i, spaceId] of spaces.slice(0, 2).entries()) {
    const args = { siteId: site.id, spaceId, title: `Fixture section ${i}` };
    sections.push((await handlersFor("site-section").create(args)).id);
  }
  const siteSpace = await handlersFor("site-space").create({
    siteId: site.id,
    sectionId: sections[0],
    spaceId: spaces[2],
  });
  return { site, siteArgs, freeSpaces: spaces.slice(3), sections, siteSpaceId: siteSpace.id };
}

/**
 * Sites. The create body takes type, title and visibility only (api/workspace-api.md §4.10);
 * basename, adaptiveContent, agentsContext, proxy and both defaults go through PATCH, and
 * `published` through the publish and unpublish POSTs only (api/GAPS.md).
 */
export function siteRows(fixtures: SiteFixtures): Operation[] {
  const site = tracked("site", { title: "Bench site" });
  const host = tracked("site", fixtures.siteArgs, fixtures.site);
  return [
    createRow(site, "create (title only)", 1, "one POST"),
    createAlsoRow(
      "site",
      "create (+ published)",
      { title: "Bench site 2", published: true },
      2,
      "POST + POST .../publish",
    ),
    createAlsoRow(
      "site",
      "create (+ basename, agentsContext, published)",
      { title: "Bench site 3", basename: "bench", agentsContext: "excluded", published: true },
      3,
      "POST + PATCH + POST .../publish",
    ),
    { name: "read (no default declared)", minimum: 1, why: "one GET", run: site.read },
    updateRow(site, "update title", { title: "Renamed site" }, 1, "one PATCH"),
    updateRow(site, "update published: true", { published: true }, 1, "one POST .../publish"),
    updateRow(site, "update published: false", { published: false }, 1, "one POST .../unpublish"),
    ...closingRows(site),
    updateRow(
      host,
      "update defaultSiteSpace + defaultSiteSection",
      { defaultSiteSpace: fixtures.siteSpaceId, defaultSiteSection: fixtures.sections[0] },
      1,
      "one PATCH carries both",
    ),
    {
      name: "read (both defaults declared)",
      minimum: 3,
      // Site spaces and sections each carry a `default` flag; the site object carries neither.
      why: "GET site + GET site-spaces?default=true + GET sections",
      run: host.read,
    },
  ];
}

/** Site spaces: the create body takes spaceId and sectionId only (§4.11); path goes by PATCH. */
export function siteSpaceRows(fixtures: SiteFixtures): Operation[] {
  const [first, second] = fixtures.freeSpaces;
  const on = { siteId: fixtures.site.id, sectionId: fixtures.sections[1] };
  const siteSpace = tracked("site-space", { ...on, spaceId: first });
  return [
    createRow(siteSpace, "create (spaceId, sectionId)", 1, "one POST"),
    createAlsoRow(
      "site-space",
      "create (+ path)",
      { ...on, spaceId: second, path: "bench-path" },
      2,
      "POST + PATCH: the create body has no path",
    ),
    { name: "read", minimum: 1, why: LIST_READ, run: siteSpace.read },
    updateRow(siteSpace, "update path", { path: "moved-path" }, 1, "one PATCH"),
    updateRow(
      siteSpace,
      "update path + condition",
      { path: "again", condition: "visitor.claims.beta === true" },
      1,
      "one PATCH carries both",
    ),
    ...closingRows(siteSpace),
  ];
}

/**
 * Sections: the create body takes spaceId, title, icon and siteSectionGroupId (api/GAPS.md);
 * path, description, condition and defaultSiteSpace go by PATCH.
 */
export function siteSectionRows(fixtures: SiteFixtures): Operation[] {
  const [, , third, fourth] = fixtures.freeSpaces;
  const siteId = fixtures.site.id;
  const section = tracked("site-section", {
    siteId,
    spaceId: third,
    title: "Bench section",
    icon: "book",
  });
  return [
    createRow(section, "create (spaceId, title, icon)", 1, "one POST"),
    createAlsoRow(
      "site-section",
      "create (+ path, description)",
      { siteId, spaceId: fourth, title: "Bench section 2", path: "bench-2", description: "Two" },
      2,
      "POST + PATCH: the create body has no path or description",
    ),
    { name: "read", minimum: 1, why: LIST_READ, run: section.read },
    updateRow(section, "update title", { title: "Renamed section" }, 1, "one PATCH"),
    updateRow(
      section,
      "update path + description",
      { path: "renamed", description: "Described" },
      1,
      "one PATCH carries both",
    ),
    ...closingRows(section),
  ];
}

/**
 * Section groups: the create body takes title, icon and the ordered sections (§4.11); a section
 * joins with one POST .../sections (appended) and leaves with one DELETE .../sections/{id}.
 */
export function siteSectionGroupRows(fixtures: SiteFixtures): Operation[] {
  const [first, second] = fixtures.sections;
  const group = tracked("site-section-group", {
    siteId: fixtures.site.id,
    title: "Bench group",
    sections: [first],
  });
  return [
    createRow(group, "create (title, sections)", 1, "one POST: the body takes the sections"),
    { name: "read", minimum: 1, why: LIST_READ, run: group.read },
    updateRow(group, "update title", { title: "Renamed group" }, 1, "one PATCH"),
    // From the order in state: removals answer no body, each add answers the whole group.
    updateRow(
      group,
      "update sections: append one",
      { sections: [first, second] },
      1,
      "one POST .../sections",
    ),
    updateRow(
      group,
      "update sections: remove one",
      { sections: [second] },
      1,
      "one DELETE .../sections/{id}",
    ),
    ...closingRows(group),
  ];
}

/** Share links: the create body takes the name only, and a new link is active (§4.11). */
export function shareLinkRows(fixtures: SiteFixtures): Operation[] {
  const siteId = fixtures.site.id;
  const link = tracked("share-link", { siteId, name: "Bench link" });
  return [
    createRow(link, "create (active)", 1, "one POST: a new link is active"),
    createAlsoRow(
      "share-link",
      "create (active: false)",
      { siteId, name: "Bench link 2", active: false },
      2,
      "POST + PATCH: the create body has no active",
    ),
    { name: "read", minimum: 1, why: LIST_READ, run: link.read },
    updateRow(link, "update name", { name: "Renamed link" }, 1, "one PATCH"),
    updateRow(link, "update active: false", { active: false }, 1, "one PATCH"),
    ...closingRows(link),
  ];
}
