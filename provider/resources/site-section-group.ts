import { z } from "zod";
import { IconName } from "../api/site-sections";
import * as api from "../api/site-section-groups";
import { defineResource, Id, resourceInputs } from "../lifecycle/define";
import { IN_SITE } from "../lifecycle/import-id";
import type { ArgsInputs, Input, WorkspaceArgs } from "../lifecycle/define";

/**
 * The fewest operations that turn the group's order `current` into `wanted`. The API can only
 * append a section to a group and take one out (§4.11; its move operation places the group
 * itself among the site's top-level items, not a section inside the group). So the sections
 * left alone must be a prefix of `wanted` that appears in `current` in that order; the longest
 * such prefix is found greedily, every other current section is taken out, and the rest of
 * `wanted` is appended in order.
 */
export function groupOrderOperations(
  current: readonly string[],
  wanted: readonly string[],
): { remove: string[]; add: string[] } {
  let kept = 0;
  for (const id of current) if (kept < wanted.length && id === wanted[kept]) kept++;
  const keep = new Set(wanted.slice(0, kept));
  return { remove: current.filter((id) => !keep.has(id)), add: wanted.slice(kept) };
}

export const siteSectionGroup = defineResource({
  kind: "site-section-group",
  type: "SiteSectionGroup",
  importId: IN_SITE,
  inputs: resourceInputs({
    siteId: Id,
    title: api.SectionGroupTitle,
    icon: IconName.nullable().optional(),
    sections: z
      .array(Id)
      .refine((ids) => new Set(ids).size === ids.length, "must not list a section twice")
      .optional(),
  }),
  replaceOnChange: ["organizationId", "siteId"],
  response: api.SiteSectionGroup,
  // One request: the create body takes the title, the icon and the ordered sections.
  createBody: api.SectionGroupCreate,
  patchBody: api.SectionGroupPatch,
  outputs: {
    siteId: (_, known) => known.siteId,
    /**
     * The ids of the group's sections, in order, when this resource sets `sections`; `null`
     * otherwise, since sections then join and leave through their own `sectionGroupId`.
     */
    sections: (group, _, declares) => (declares("sections") ? group.sections : null),
  },
  create: ({ client }, inputs, body) =>
    api.createSectionGroup(client, inputs.organizationId, inputs.siteId, body),
  read: ({ client }, id, olds) => api.getSectionGroup(client, olds.organizationId, olds.siteId, id),
  patch: ({ client }, id, olds, body) =>
    api.updateSectionGroup(client, olds.organizationId, olds.siteId, id, body),
  delete: ({ client }, id, olds) =>
    api.deleteSectionGroup(client, olds.organizationId, olds.siteId, id),
  naturalKey: {
    describe: "title in its site",
    guard: "listedBefore",
    find: async ({ client }, inputs) =>
      (await api.listSectionGroups(client, inputs.organizationId, inputs.siteId)).filter(
        (group) => group.title === inputs.title,
      ),
  },
  operations: [
    {
      input: "sections",
      async run({ client }, id, news, olds) {
        const { organizationId: org, siteId } = olds;
        // From the order in state, like every update: refresh is what notices drift. When the
        // sections were not managed until now, the state holds no order: read it once.
        const current =
          olds.sections ?? (await api.getSectionGroup(client, org, siteId, id)).sections;
        const { remove, add } = groupOrderOperations(current, news.sections ?? []);
        // One at a time: each operation's effect on the order depends on the previous one.
        // Removing a section answers no body; each add answers the whole group.
        for (const sectionId of remove) {
          await api.removeSectionFromGroup(client, org, siteId, id, sectionId);
        }
        let group: api.SiteSectionGroup | undefined;
        for (const sectionId of add) {
          group = await api.addSectionToGroup(client, org, siteId, id, sectionId);
        }
        return group;
      },
    },
  ],
});

type Inputs = ArgsInputs<typeof siteSectionGroup>;

/** The arguments of a {@link SiteSectionGroup}. */
export interface SiteSectionGroupArgs extends WorkspaceArgs {
  /**
   * The organization that owns the site; defaults to the workspace's organization. A change
   * replaces the group.
   * @example "org_engineering"
   */
  organizationId?: Input<Inputs["organizationId"]>;
  /**
   * The site the group belongs to. A change replaces the group.
   * @example docs.id
   */
  siteId: Input<Inputs["siteId"]>;
  /**
   * The title, 1 to 100 characters.
   * @example "Reference"
   */
  title: Input<Inputs["title"]>;
  /**
   * An icon name, at most 50 characters; `null` removes it.
   * @example "code"
   */
  icon?: Input<Inputs["icon"]>;
  /**
   * The group's sections, in order. The group is kept to exactly this list: sections added out
   * of band are taken out, missing ones added, and the order restored. Omitted: not managed.
   * @example [api.id, cli.id]
   */
  sections?: Input<Inputs["sections"]>;
  /**
   * The id of an existing section group of `siteId` to take over instead of creating one.
   * @example "grp_9a8b"
   */
  adoptId?: Input<Inputs["adoptId"]>;
}
