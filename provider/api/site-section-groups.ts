import { z } from "zod";
import { segment, type ApiClient } from "../client";
import { child, siteChildren } from "./sites";
import { IconName } from "./site-sections";

/**
 * Section groups of a site (§2.4, §4.11), under `/v1/orgs/{organizationId}/sites/{siteId}`.
 * Limits the document states are marked §; the others are the emulator's (the document is
 * silent on them) and are kept here so check refuses what the API would refuse.
 */

/** Section group title: the emulator's 1 to 100. */
export const SectionGroupTitle = z.string().min(1).max(100);

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

/** §4.11. */
export const SectionGroupCreate = z.object({
  title: SectionGroupTitle,
  icon: IconName.optional(),
  sections: z.array(z.string()).optional(),
});
export const SectionGroupPatch = z
  .object({ title: SectionGroupTitle, icon: IconName.nullable() })
  .partial();

// No single GET (§4.11): each group is read from its list.
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
