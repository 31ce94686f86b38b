import * as api from "../api/site-sections";
import { Condition } from "../api/sites";
import { defineResource, Id, resourceInputs } from "../lifecycle/define";
import { IN_SITE } from "../lifecycle/import-id";
import type { ArgsInputs, Input, WorkspaceArgs } from "../lifecycle/define";

export const siteSection = defineResource({
  kind: "site-section",
  type: "SiteSection",
  exporter: { owns: [{ output: "siteSpaceId", type: "SiteSpace" }] },
  importId: IN_SITE,
  inputs: resourceInputs({
    siteId: Id,
    // A string, never the API's `null` (which creates a new space): that space would belong to
    // no resource, and deleting the section would leave it behind.
    spaceId: Id,
    title: api.SectionTitle.optional(),
    icon: api.IconName.nullable().optional(),
    path: api.SectionPath.optional(),
    description: api.SectionDescription.optional(),
    condition: Condition.nullable().optional(),
    defaultSiteSpace: Id.optional(),
    sectionGroupId: Id.nullable().optional(),
  }),
  replaceOnChange: ["organizationId", "siteId"],
  // The space a section starts with is a creation argument only: no operation changes it, and
  // the space linked first may since have been re-pointed or removed through site spaces.
  createOnly: ["spaceId"],
  response: api.SiteSection,
  createBody: api.SectionCreate,
  patchBody: api.SectionPatch,
  // The API names the group `siteSectionGroupId` in bodies, `sectionGroup` in the section.
  bodyNames: { sectionGroupId: "siteSectionGroupId" },
  outputs: {
    siteId: (_, known) => known.siteId,
    /**
     * The space the section was created with. Imported, the space of its first site space: the
     * one the API made for it, unless that was re-pointed or removed since.
     */
    spaceId: (section, known) => known.spaceId ?? section.siteSpaces?.[0]?.space?.id ?? null,
    /** The last default site space sent: the API does not report it. */
    defaultSiteSpace: (_, known) => known.defaultSiteSpace ?? null,
    /**
     * The section's group when this resource sets `sectionGroupId`; `null` otherwise, since a
     * {@link SiteSectionGroup} listing the section is then what changes it.
     */
    sectionGroupId: (section, _, declares) =>
      declares("sectionGroupId") ? (section.sectionGroup ?? null) : null,
    /**
     * The site space the API made for `spaceId` when it created the section, kept from then on;
     * adopt it with a {@link SiteSpace}'s `adoptId` to manage its path or condition.
     */
    siteSpaceId: (section, known) =>
      (known.siteSpaceId as string | null | undefined) ??
      section.siteSpaces?.find((s) => s.space?.id === known.spaceId)?.id ??
      null,
  },
  create: ({ client }, inputs, body) =>
    api.createSection(client, inputs.organizationId, inputs.siteId, body),
  read: ({ client }, id, olds) => api.getSection(client, olds.organizationId, olds.siteId, id),
  patch: ({ client }, id, olds, body) =>
    api.updateSection(client, olds.organizationId, olds.siteId, id, body),
  delete: ({ client }, id, olds) => api.deleteSection(client, olds.organizationId, olds.siteId, id),
  naturalKey: {
    describe: "space it starts with, and title when declared, in its site",
    guard: "listedBefore",
    find: async ({ client }, inputs) =>
      (await api.listSections(client, inputs.organizationId, inputs.siteId)).filter(
        (section) =>
          (section.siteSpaces ?? []).some((s) => s.space?.id === inputs.spaceId) &&
          (inputs.title === undefined || section.title === inputs.title),
      ),
  },
});

type Inputs = ArgsInputs<typeof siteSection>;

/** The arguments of a {@link SiteSection}. */
export interface SiteSectionArgs extends WorkspaceArgs {
  /**
   * The organization that owns the site; defaults to the workspace's organization. A change
   * replaces the section.
   * @example "org_engineering"
   */
  organizationId?: Input<Inputs["organizationId"]>;
  /**
   * The site the section belongs to. A change replaces the section.
   * @example docs.id
   */
  siteId: Input<Inputs["siteId"]>;
  /**
   * The space the section is created with: the API links it as the section's first site space
   * (its id is the `siteSpaceId` output). Used at creation only; a later change is no change,
   * because no operation changes it and the section's site spaces are managed through
   * {@link SiteSpace} resources.
   * @example guidesSpace.id
   */
  spaceId: Input<Inputs["spaceId"]>;
  /**
   * The title, 2 to 128 characters; the API derives it from the space when omitted.
   * @example "Guides"
   */
  title?: Input<Inputs["title"]>;
  /**
   * An icon name, at most 50 characters; `null` removes it.
   * @example "book"
   */
  icon?: Input<Inputs["icon"]>;
  /**
   * The section's path on the site, 1 to 100 characters, unique in the site; the API derives it
   * from the title when omitted.
   * @example "guides"
   */
  path?: Input<Inputs["path"]>;
  /**
   * A description, at most 256 characters.
   * @example "Step-by-step guides"
   */
  description?: Input<Inputs["description"]>;
  /**
   * An expression deciding whether a visitor sees the section, 1 to 1024 characters; `null`
   * removes it.
   * @example "visitor.claims.beta === true"
   */
  condition?: Input<Inputs["condition"]>;
  /**
   * The section's default site space, one of its own. The API does not report it back, so drift
   * on it is not detected.
   * @example section.siteSpaceId
   */
  defaultSiteSpace?: Input<Inputs["defaultSiteSpace"]>;
  /**
   * The section group the section sits in; `null` takes it out of its group. Omitted: not
   * managed. Do not set it on sections a {@link SiteSectionGroup} lists: both would manage it.
   * @example reference.id
   */
  sectionGroupId?: Input<Inputs["sectionGroupId"]>;
  /**
   * The id of an existing section of `siteId` to take over instead of creating one.
   * @example "sec_4e5f"
   */
  adoptId?: Input<Inputs["adoptId"]>;
}
