import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import {
  addSectionToGroup,
  createSectionGroup,
  deleteSectionGroup,
  getSectionGroup,
  IconName,
  removeSectionFromGroup,
  SectionGroupTitle,
  SiteSectionGroup as WireGroup,
  updateSectionGroup,
} from "../api/sites";
import { shim } from "../runtime/shim";
import { Id, lifecycle, type CommonInputs, type ResourceDefinition } from "./lifecycle";

interface Inputs extends CommonInputs {
  organizationId: string;
  siteId: string;
  title: string;
  icon?: string | null;
  sections?: string[];
}

interface Outputs extends Record<string, unknown> {
  organizationId: string;
  siteId: string;
  title: string;
  icon: string | null;
  sections: string[];
}

function outputs(organizationId: string, siteId: string, wire: WireGroup): Outputs {
  return {
    organizationId,
    siteId,
    title: wire.title,
    icon: wire.icon ?? null,
    sections: wire.sections.map((s) => s.id),
  };
}

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

const definition: ResourceDefinition<Inputs & Record<string, unknown>, Outputs> = {
  kind: "site-section-group",
  inputs: z.object({
    organizationId: Id.optional(),
    siteId: Id,
    title: SectionGroupTitle,
    icon: IconName.nullable().optional(),
    sections: z
      .array(Id)
      .refine((ids) => new Set(ids).size === ids.length, "must not list a section twice")
      .optional(),
    adoptId: Id.optional(),
  }),
  replaceOnChange: ["organizationId", "siteId"],

  async create({ client }, inputs) {
    // One request: the create body takes the title, the icon and the ordered sections.
    const created = await createSectionGroup(client, inputs.organizationId, inputs.siteId, {
      title: inputs.title,
      ...(typeof inputs.icon === "string" ? { icon: inputs.icon } : {}),
      ...(inputs.sections !== undefined ? { sections: inputs.sections } : {}),
    });
    return { id: created.id, outs: outputs(inputs.organizationId, inputs.siteId, created) };
  },

  async read({ client }, id, props) {
    const { organizationId: org, siteId } = props;
    return outputs(org, siteId, await getSectionGroup(client, org, siteId, id));
  },

  async update({ client }, id, olds, news, changed) {
    const { organizationId: org, siteId } = olds;
    let current: WireGroup | undefined;
    let unchanged = olds;
    if (changed.includes("sections") && news.sections !== undefined) {
      // From the order in state, like every update: refresh is what notices drift. Removing a
      // section that is already out answers 204, and each add answers the whole group.
      const { remove, add } = groupOrderOperations(olds.sections, news.sections);
      // One at a time: each operation's effect on the order depends on the previous one.
      for (const sectionId of remove) {
        await removeSectionFromGroup(client, org, siteId, id, sectionId);
      }
      for (const sectionId of add) {
        current = await addSectionToGroup(client, org, siteId, id, sectionId);
      }
      if (current === undefined) {
        // Only removals, which answer no body: the remaining order is the old one without them.
        unchanged = { ...olds, sections: olds.sections.filter((s) => !remove.includes(s)) };
      }
    }
    const patch: { title?: string; icon?: string | null } = {};
    if (changed.includes("title")) patch.title = news.title;
    if (changed.includes("icon") && news.icon !== undefined) patch.icon = news.icon;
    if (Object.keys(patch).length > 0) {
      current = await updateSectionGroup(client, org, siteId, id, patch);
    }
    return current ? outputs(org, siteId, current) : unchanged;
  },

  async delete({ client }, id, props) {
    await deleteSectionGroup(client, props.organizationId, props.siteId, id);
  },
};

/** What the runtime runs for `site-section-group` resources. */
export const siteSectionGroupHandlers = lifecycle(definition);

/** The arguments of a {@link SiteSectionGroup}. */
export interface SiteSectionGroupArgs {
  /**
   * The organization that owns the site; defaults to `docs-workspace:organizationId`. A change
   * replaces the group.
   * @example "org_engineering"
   */
  organizationId?: pulumi.Input<string>;
  /**
   * The site the group belongs to. A change replaces the group.
   * @example docs.id
   */
  siteId: pulumi.Input<string>;
  /**
   * The title, 1 to 100 characters.
   * @example "Reference"
   */
  title: pulumi.Input<string>;
  /**
   * An icon name, at most 50 characters; `null` removes it.
   * @example "code"
   */
  icon?: pulumi.Input<string | null>;
  /**
   * The group's sections, in order. The group is kept to exactly this list: sections added out
   * of band are taken out, missing ones added, and the order restored. Omitted: not managed.
   * @example [api.id, cli.id]
   */
  sections?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * The id of an existing section group of `siteId` to take over instead of creating one.
   * @example "grp_9a8b"
   */
  adoptId?: pulumi.Input<string>;
}

/**
 * A section group: a heading on a docs site that gathers sections, in order.
 *
 * @example
 * ```ts
 * const reference = new SiteSectionGroup("reference", {
 *   siteId: docs.id,
 *   title: "Reference",
 *   sections: [api.id, cli.id],
 * });
 * ```
 */
export class SiteSectionGroup extends pulumi.dynamic.Resource {
  declare public readonly organizationId: pulumi.Output<string>;
  declare public readonly siteId: pulumi.Output<string>;
  declare public readonly title: pulumi.Output<string>;
  declare public readonly icon: pulumi.Output<string | null>;
  /** The ids of the group's sections, in order. */
  declare public readonly sections: pulumi.Output<string[]>;

  constructor(name: string, args: SiteSectionGroupArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      shim("site-section-group"),
      name,
      { organizationId: undefined, icon: undefined, sections: undefined, ...args },
      opts,
      "docs-workspace",
      "SiteSectionGroup",
    );
  }
}
