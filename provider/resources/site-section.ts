import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { Urls } from "../api/common";
import {
  Condition,
  createSection,
  deleteSection,
  getSection,
  IconName,
  publicUrls,
  SectionDescription,
  SectionPath,
  SectionTitle,
  SiteSection as WireSection,
  updateSection,
  type SectionPatch,
} from "../api/sites";
import { shim } from "../runtime/shim";
import {
  Id,
  lifecycle,
  patchBody,
  undoOnFailure,
  type CommonInputs,
  type ResourceDefinition,
} from "./lifecycle";

interface Inputs extends CommonInputs {
  organizationId: string;
  siteId: string;
  spaceId: string;
  title?: string;
  icon?: string | null;
  path?: string;
  description?: string;
  condition?: string | null;
  defaultSiteSpace?: string;
  sectionGroupId?: string | null;
}

/** A site space of the section, as the section lists it. */
export interface SectionSiteSpace {
  id: string;
  spaceId: string | null;
  path: string;
}

interface Outputs extends Record<string, unknown> {
  organizationId: string;
  siteId: string;
  spaceId: string;
  title: string;
  icon: string | null;
  path: string;
  description: string | null;
  condition: string | null;
  defaultSiteSpace: string | null;
  sectionGroupId: string | null;
  default: boolean;
  siteSpaces: SectionSiteSpace[];
  urls: Urls;
}

/**
 * `spaceId` and `defaultSiteSpace` are not in the section object: the first is what the section
 * was created with, the second what was last sent. Both are carried from the previous state.
 */
type Carried = Pick<Outputs, "organizationId" | "siteId" | "spaceId" | "defaultSiteSpace">;

function outputs(carried: Carried, wire: WireSection): Outputs {
  return {
    ...carried,
    title: wire.title,
    icon: wire.icon ?? null,
    path: wire.path,
    description: wire.description ?? null,
    condition: wire.condition ?? null,
    sectionGroupId: wire.sectionGroup ?? null,
    default: wire.default ?? false,
    siteSpaces: (wire.siteSpaces ?? []).map((s) => ({
      id: s.id,
      spaceId: s.space?.id ?? null,
      path: s.path,
    })),
    urls: publicUrls(wire.urls),
  };
}

function carriedOf(props: Partial<Outputs>): Carried {
  return {
    organizationId: props.organizationId!,
    siteId: props.siteId!,
    spaceId: props.spaceId!,
    defaultSiteSpace: props.defaultSiteSpace ?? null,
  };
}

function patchOf(inputs: Inputs, only: readonly string[]): SectionPatch {
  const { sectionGroupId, ...patch } = patchBody(
    inputs,
    ["title", "icon", "path", "description", "condition", "defaultSiteSpace", "sectionGroupId"],
    only,
  );
  // The API names the group `siteSectionGroupId` in the body, `sectionGroup` in the section.
  return sectionGroupId === undefined ? patch : { ...patch, siteSectionGroupId: sectionGroupId };
}

const definition: ResourceDefinition<Inputs & Record<string, unknown>, Outputs> = {
  kind: "site-section",
  inputs: z.object({
    organizationId: Id.optional(),
    siteId: Id,
    // A string, never the API's `null` (which creates a new space): that space would belong to
    // no resource, and deleting the section would leave it behind.
    spaceId: Id,
    title: SectionTitle.optional(),
    icon: IconName.nullable().optional(),
    path: SectionPath.optional(),
    description: SectionDescription.optional(),
    condition: Condition.nullable().optional(),
    defaultSiteSpace: Id.optional(),
    sectionGroupId: Id.nullable().optional(),
    adoptId: Id.optional(),
  }),
  replaceOnChange: ["organizationId", "siteId"],
  // The space a section starts with is a creation argument only: no operation changes it, and
  // the space linked first may since have been re-pointed or removed through site spaces.
  createOnly: ["spaceId"],

  async create({ client }, inputs) {
    const { organizationId: org, siteId } = inputs;
    const created = await createSection(client, org, siteId, {
      spaceId: inputs.spaceId,
      ...(inputs.title !== undefined ? { title: inputs.title } : {}),
      ...(typeof inputs.icon === "string" ? { icon: inputs.icon } : {}),
      ...(typeof inputs.sectionGroupId === "string"
        ? { siteSectionGroupId: inputs.sectionGroupId }
        : {}),
    });
    const carried: Carried = {
      organizationId: org,
      siteId,
      spaceId: inputs.spaceId,
      defaultSiteSpace: inputs.defaultSiteSpace ?? null,
    };
    // Nothing to remove on a new section, so nulls are not sent.
    const patch = patchOf(
      inputs,
      ["path", "description", "defaultSiteSpace"].concat(
        inputs.condition === null ? [] : ["condition"],
      ),
    );
    if (Object.keys(patch).length === 0) return { id: created.id, outs: outputs(carried, created) };
    const patched = await undoOnFailure(
      () => deleteSection(client, org, siteId, created.id),
      () => updateSection(client, org, siteId, created.id, patch),
    );
    return { id: created.id, outs: outputs(carried, patched) };
  },

  async read({ client }, id, props) {
    const carried = carriedOf(props as Partial<Outputs>);
    return outputs(carried, await getSection(client, carried.organizationId, carried.siteId, id));
  },

  async update({ client }, id, olds, news, changed) {
    const patch = patchOf(news, changed);
    const carried: Carried = {
      ...carriedOf(olds),
      defaultSiteSpace: patch.defaultSiteSpace ?? olds.defaultSiteSpace,
    };
    if (Object.keys(patch).length === 0) return { ...olds, ...carried };
    const section = await updateSection(client, olds.organizationId, olds.siteId, id, patch);
    return outputs(carried, section);
  },

  async delete({ client }, id, props) {
    await deleteSection(client, props.organizationId, props.siteId, id);
  },
};

/** What the runtime runs for `site-section` resources. */
export const siteSectionHandlers = lifecycle(definition);

/** The arguments of a {@link SiteSection}. */
export interface SiteSectionArgs {
  /**
   * The organization that owns the site; defaults to `docs-workspace:organizationId`. A change
   * replaces the section.
   * @example "org_engineering"
   */
  organizationId?: pulumi.Input<string>;
  /**
   * The site the section belongs to. A change replaces the section.
   * @example docs.id
   */
  siteId: pulumi.Input<string>;
  /**
   * The space the section is created with: the API links it as the section's first site space.
   * Used at creation only; a later change is no change, because no operation changes it and the
   * section's site spaces are managed through {@link SiteSpace} resources (the first one can be
   * adopted with `adoptId: section.siteSpaces[0].id`).
   * @example guidesSpace.id
   */
  spaceId: pulumi.Input<string>;
  /**
   * The title, 2 to 128 characters; the API derives it from the space when omitted.
   * @example "Guides"
   */
  title?: pulumi.Input<string>;
  /**
   * An icon name, at most 50 characters; `null` removes it.
   * @example "book"
   */
  icon?: pulumi.Input<string | null>;
  /**
   * The section's path on the site, 1 to 100 characters, unique in the site; the API derives it
   * from the title when omitted.
   * @example "guides"
   */
  path?: pulumi.Input<string>;
  /**
   * A description, at most 256 characters.
   * @example "Step-by-step guides"
   */
  description?: pulumi.Input<string>;
  /**
   * An expression deciding whether a visitor sees the section, 1 to 1024 characters; `null`
   * removes it.
   * @example "visitor.claims.beta === true"
   */
  condition?: pulumi.Input<string | null>;
  /**
   * The section's default site space, one of its own. The API does not report it back, so drift
   * on it is not detected.
   * @example section.siteSpaces[0].id
   */
  defaultSiteSpace?: pulumi.Input<string>;
  /**
   * The section group the section sits in; `null` takes it out of its group. Omitted: not
   * managed. Do not set it on sections a {@link SiteSectionGroup} lists: both would manage it.
   * @example reference.id
   */
  sectionGroupId?: pulumi.Input<string | null>;
  /**
   * The id of an existing section of `siteId` to take over instead of creating one.
   * @example "sec_4e5f"
   */
  adoptId?: pulumi.Input<string>;
}

/**
 * A section of a docs site: a top-level part of the site holding site spaces.
 *
 * @example
 * ```ts
 * const guides = new SiteSection("guides", { siteId: docs.id, spaceId: guidesSpace.id, path: "guides" });
 * ```
 */
export class SiteSection extends pulumi.dynamic.Resource {
  declare public readonly organizationId: pulumi.Output<string>;
  declare public readonly siteId: pulumi.Output<string>;
  /** The space the section was created with. */
  declare public readonly spaceId: pulumi.Output<string>;
  declare public readonly title: pulumi.Output<string>;
  declare public readonly icon: pulumi.Output<string | null>;
  declare public readonly path: pulumi.Output<string>;
  declare public readonly description: pulumi.Output<string | null>;
  declare public readonly condition: pulumi.Output<string | null>;
  /** The last default site space sent; the API does not report it. */
  declare public readonly defaultSiteSpace: pulumi.Output<string | null>;
  declare public readonly sectionGroupId: pulumi.Output<string | null>;
  /** Whether this is the site's default section. */
  declare public readonly default: pulumi.Output<boolean>;
  /** The section's site spaces in order: id, linked space id and path. */
  declare public readonly siteSpaces: pulumi.Output<SectionSiteSpace[]>;
  /** `published` once the site is published; never with a share key. */
  declare public readonly urls: pulumi.Output<Urls>;

  constructor(name: string, args: SiteSectionArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      shim("site-section"),
      name,
      {
        organizationId: undefined,
        title: undefined,
        icon: undefined,
        path: undefined,
        description: undefined,
        condition: undefined,
        defaultSiteSpace: undefined,
        sectionGroupId: undefined,
        ...args,
        default: undefined,
        siteSpaces: undefined,
        urls: undefined,
      },
      opts,
      "docs-workspace",
      "SiteSection",
    );
  }
}
