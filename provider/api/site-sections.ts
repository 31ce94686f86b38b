import { z } from "zod";
import { segment, type ApiClient } from "../client";
import { child, Condition, siteChildren } from "./sites";
import { SiteSpace } from "./site-spaces";

/**
 * Sections and section groups of a site (GAPS.md "Site sections", §2.4, §4.11), under
 * `/v1/orgs/{organizationId}/sites/{siteId}`.
 *
 * Limits the document states are marked §; the others are the emulator's (the document is
 * silent on them) and are kept here so check refuses what the API would refuse.
 */

/** Section title: the emulator's 2 to 128, as for a site. */
export const SectionTitle = z.string().min(2).max(128);
/** GAPS.md "Site sections": path 1 to 100. */
export const SectionPath = z.string().min(1).max(100);
/** The emulator's limit; the document is silent. */
export const SectionDescription = z.string().max(256);
/** Icon names of sections and section groups: the emulator's limit. */
export const IconName = z.string().max(50);
/** Section group title: the emulator's 1 to 100. */
export const SectionGroupTitle = z.string().min(1).max(100);

/** A section (GAPS.md "Site sections"). */
export const SiteSection = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullish(),
  default: z.boolean().optional(),
  path: z.string(),
  condition: z.string().nullish(),
  sectionGroup: z.string().nullish(),
  siteSpaces: z.array(SiteSpace.pick({ id: true, space: true })).optional(),
  icon: z.string().nullish(),
});
export type SiteSection = z.infer<typeof SiteSection>;

/**
 * A section group (§2.4), its sections as ids. The hosted service marks `sections` deprecated in
 * favour of `children` (sections, groups and links); either gives them.
 */
export const SiteSectionGroup = z
  .object({
    id: z.string(),
    title: z.string(),
    icon: z.string().nullish(),
    sections: z.array(z.object({ id: z.string() })).optional(),
    children: z.array(z.object({ object: z.string().optional(), id: z.string() })).optional(),
  })
  .transform(({ sections, children, ...group }) => ({
    ...group,
    sections: (sections ?? children?.filter((c) => c.object === "site-section") ?? []).map(
      (s) => s.id,
    ),
  }));
export type SiteSectionGroup = z.infer<typeof SiteSectionGroup>;

/** GAPS.md "Site sections". */
export const SectionCreate = z.object({
  spaceId: z.string(),
  title: SectionTitle.optional(),
  icon: IconName.optional(),
  siteSectionGroupId: z.string().optional(),
});
export const SectionPatch = z
  .object({
    title: SectionTitle,
    path: SectionPath,
    defaultSiteSpace: z.string(),
    condition: Condition.nullable(),
    icon: IconName.nullable(),
    description: SectionDescription,
    siteSectionGroupId: z.string().nullable(),
  })
  .partial();
/** §4.11. */
export const SectionGroupCreate = z.object({
  title: SectionGroupTitle,
  icon: IconName.optional(),
  sections: z.array(z.string()).optional(),
});
export const SectionGroupPatch = z
  .object({ title: SectionGroupTitle, icon: IconName.nullable() })
  .partial();

// Sections (GAPS.md) and section groups (§4.11): no single GET, so each is read from its list.

const sections = siteChildren(
  "sections",
  { item: SiteSection, create: SectionCreate, patch: SectionPatch },
  "site section",
);
export const listSections = sections.list;
export const getSection = sections.get;
export const createSection = sections.create;
export const updateSection = sections.update;
export const deleteSection = sections.delete;

const groups = siteChildren(
  "section-groups",
  { item: SiteSectionGroup, create: SectionGroupCreate, patch: SectionGroupPatch },
  "site section group",
);
export const listSectionGroups = groups.list;
export const getSectionGroup = groups.get;
export const createSectionGroup = groups.create;
export const updateSectionGroup = groups.update;
export const deleteSectionGroup = groups.delete;

/** Appends a section to the group (taking it out of wherever it was). */
export function addSectionToGroup(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  groupId: string,
  sectionId: string,
): Promise<SiteSectionGroup> {
  const path = `${child(organizationId, siteId, "section-groups", groupId)}/sections`;
  return client.request("POST", path, {
    body: { sectionId },
    schema: SiteSectionGroup,
    idempotent: true,
  });
}

/** Takes a section out of the group; 204 also when it was not in it. */
export function removeSectionFromGroup(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  groupId: string,
  sectionId: string,
) {
  const path = `${child(organizationId, siteId, "section-groups", groupId)}/sections/${segment("siteSectionId", sectionId)}`;
  return client.request("DELETE", path);
}
