import { z } from "zod";
import { Condition, siteChildren } from "./sites";
import { SiteSpace } from "./site-spaces";

/**
 * Sections of a site (GAPS.md "Site sections", §2.4), under
 * `/v1/orgs/{organizationId}/sites/{siteId}`; their groups are site-section-groups.ts's.
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

// No single GET (GAPS.md): each section is read from its list.
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
