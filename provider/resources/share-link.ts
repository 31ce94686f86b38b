import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import {
  createShareLink,
  deleteShareLink,
  getShareLink,
  ShareLink as WireShareLink,
  ShareLinkName,
  updateShareLink,
} from "../api/sites";
import { shim } from "../runtime/shim";
import {
  Id,
  lifecycle,
  undoOnFailure,
  type CommonInputs,
  type ResourceDefinition,
} from "./lifecycle";

interface Inputs extends CommonInputs {
  organizationId: string;
  siteId: string;
  name: string;
  active?: boolean;
}

interface Outputs extends Record<string, unknown> {
  organizationId: string;
  siteId: string;
  name: string;
  active: boolean;
  createdAt: string;
  /** Holds the link's key: the Resource class marks it secret. */
  url: string | null;
}

/** The output that holds the key; the class marks it secret. */
const SECRET_OUTPUTS = ["url"];

function outputs(organizationId: string, siteId: string, wire: WireShareLink): Outputs {
  return {
    organizationId,
    siteId,
    name: wire.name,
    active: wire.active,
    createdAt: wire.createdAt,
    url: wire.urls?.published ?? null,
  };
}

const definition: ResourceDefinition<Inputs & Record<string, unknown>, Outputs> = {
  kind: "share-link",
  inputs: z.object({
    organizationId: Id.optional(),
    siteId: Id,
    name: ShareLinkName,
    active: z.boolean().optional(),
    adoptId: Id.optional(),
  }),
  replaceOnChange: ["organizationId", "siteId"],

  async create({ client }, inputs) {
    const { organizationId: org, siteId } = inputs;
    const created = await createShareLink(client, org, siteId, { name: inputs.name });
    // A new link is active; only an inactive one needs a second request.
    if (inputs.active !== false) return { id: created.id, outs: outputs(org, siteId, created) };
    const patched = await undoOnFailure(
      () => deleteShareLink(client, org, siteId, created.id),
      () => updateShareLink(client, org, siteId, created.id, { active: false }),
    );
    return { id: created.id, outs: outputs(org, siteId, patched) };
  },

  async read({ client }, id, props) {
    const { organizationId: org, siteId } = props;
    return outputs(org, siteId, await getShareLink(client, org, siteId, id));
  },

  async update({ client }, id, olds, news, changed) {
    const patch: { name?: string; active?: boolean } = {};
    if (changed.includes("name")) patch.name = news.name;
    if (changed.includes("active") && news.active !== undefined) patch.active = news.active;
    if (Object.keys(patch).length === 0) return olds;
    const { organizationId: org, siteId } = olds;
    return outputs(org, siteId, await updateShareLink(client, org, siteId, id, patch));
  },

  async delete({ client }, id, props) {
    await deleteShareLink(client, props.organizationId, props.siteId, id);
  },
};

/** What the runtime runs for `share-link` resources. */
export const shareLinkHandlers = lifecycle(definition);

/** The arguments of a {@link ShareLink}. */
export interface ShareLinkArgs {
  /**
   * The organization that owns the site; defaults to `docs-workspace:organizationId`. A change
   * replaces the link.
   * @example "org_engineering"
   */
  organizationId?: pulumi.Input<string>;
  /**
   * The site the link opens. A change replaces the link (and so its key).
   * @example docs.id
   */
  siteId: pulumi.Input<string>;
  /**
   * A name for the people holding the link, at most 50 characters.
   * @example "Partner preview"
   */
  name: pulumi.Input<string>;
  /**
   * Whether the link works; `false` revokes it without losing its key. Omitted: left as it is
   * (a new link is active).
   * @example false
   */
  active?: pulumi.Input<boolean>;
  /**
   * The id of an existing share link of `siteId` to take over instead of creating one.
   * @example "shl_2c3d"
   */
  adoptId?: pulumi.Input<string>;
}

/**
 * A share link: a secret URL that opens a `share-link` site. Its `url` holds the key and is a
 * secret output, encrypted in state.
 *
 * @example
 * ```ts
 * const preview = new ShareLink("preview", { siteId: docs.id, name: "Partner preview" });
 * export const previewUrl = preview.url; // shown as [secret]
 * ```
 */
export class ShareLink extends pulumi.dynamic.Resource {
  declare public readonly organizationId: pulumi.Output<string>;
  declare public readonly siteId: pulumi.Output<string>;
  declare public readonly name: pulumi.Output<string>;
  declare public readonly active: pulumi.Output<boolean>;
  declare public readonly createdAt: pulumi.Output<string>;
  /** The link's URL, key included: secret. */
  declare public readonly url: pulumi.Output<string | null>;

  constructor(name: string, args: ShareLinkArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      shim("share-link"),
      name,
      {
        organizationId: undefined,
        active: undefined,
        ...args,
        createdAt: undefined,
        url: undefined,
      },
      {
        ...opts,
        additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), ...SECRET_OUTPUTS],
      },
      "docs-workspace",
      "ShareLink",
    );
  }
}
