import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { Language, type RoleLevel, type Urls } from "../api/common";
import {
  createSpace,
  deleteSpace,
  EditMode,
  getSpace,
  moveSpace,
  Space as WireSpace,
  SpaceDefaultLevel,
  SpaceEmoji,
  SpaceTitle,
  transferSpace,
  updateSpace,
  type SpacePatch,
} from "../api/spaces";
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
  title: string;
  emoji?: string | null;
  parent?: string | null;
  editMode?: EditMode;
  defaultLevel?: RoleLevel | null;
  language?: Language;
}

type Visibility = WireSpace["visibility"];

interface Outputs extends Record<string, unknown> {
  organizationId: string;
  title: string;
  emoji: string | null;
  parent: string | null;
  editMode: EditMode | null;
  defaultLevel: RoleLevel | null;
  language: Language | null;
  visibility: Visibility;
  revision: string;
  comments: number;
  changeRequests: number;
  changeRequestsOpen: number;
  changeRequestsDraft: number;
  createdAt: string;
  updatedAt: string;
  urls: Urls;
}

function outputs(wire: WireSpace): Outputs {
  return {
    organizationId: wire.organization,
    title: wire.title,
    // The API's emoji is a required string: an empty one means none, which users write as null.
    emoji: wire.emoji || null,
    parent: wire.parent ?? null,
    editMode: wire.editMode ?? null,
    defaultLevel: wire.defaultLevel,
    language: wire.language ?? null,
    visibility: wire.visibility,
    revision: wire.revision,
    comments: wire.comments,
    changeRequests: wire.changeRequests,
    changeRequestsOpen: wire.changeRequestsOpen,
    changeRequestsDraft: wire.changeRequestsDraft,
    createdAt: wire.createdAt,
    updatedAt: wire.updatedAt,
    urls: wire.urls ?? {},
  };
}

const definition: ResourceDefinition<Inputs & Record<string, unknown>, Outputs> = {
  kind: "space",
  inputs: z.object({
    organizationId: Id.optional(),
    title: SpaceTitle,
    emoji: SpaceEmoji.nullable().optional(),
    parent: Id.nullable().optional(),
    editMode: EditMode.optional(),
    defaultLevel: SpaceDefaultLevel.optional(),
    language: Language.optional(),
    adoptId: Id.optional(),
  }),
  replaceOnChange: [],
  absentMeans: { parent: null },

  async create({ client }, inputs) {
    const created = await createSpace(client, inputs.organizationId, {
      title: inputs.title,
      ...(inputs.emoji ? { emoji: inputs.emoji } : {}),
      ...(inputs.parent ? { parent: inputs.parent } : {}),
      ...(inputs.language ? { language: inputs.language } : {}),
      ...(inputs.editMode ? { editMode: inputs.editMode } : {}),
    });
    // defaultLevel is not part of the create body: one PATCH when it is declared.
    if (inputs.defaultLevel === undefined) return { id: created.id, outs: outputs(created) };
    const patched = await undoOnFailure(
      () => deleteSpace(client, created.id),
      () => updateSpace(client, created.id, { defaultLevel: inputs.defaultLevel! }),
    );
    return { id: created.id, outs: outputs(patched) };
  },

  async read({ client }, id) {
    const space = await getSpace(client, id);
    return outputs(space);
  },

  async update({ client }, id, olds, news, changed) {
    let current: WireSpace | undefined;
    if (changed.includes("organizationId")) {
      // A transfer can land the space straight in its new parent: one request, not two.
      current = await transferSpace(client, id, news.organizationId, news.parent ?? undefined);
    }
    const parentAfter = current ? (current.parent ?? null) : olds.parent;
    if (changed.includes("parent") && parentAfter !== (news.parent ?? null)) {
      current = await moveSpace(client, id, news.parent ?? null);
    }
    const patch: SpacePatch = patchBody(
      news,
      ["title", "emoji", "editMode", "defaultLevel", "language"],
      changed,
    );
    if (Object.keys(patch).length > 0) current = await updateSpace(client, id, patch);
    return current ? outputs(current) : olds;
  },

  async delete({ client }, id) {
    await deleteSpace(client, id);
  },
};

/** What the runtime runs for `space` resources. */
export const spaceHandlers = lifecycle(definition);

/** The arguments of a {@link Space}. */
export interface SpaceArgs {
  /**
   * The organization that owns the space; defaults to `docs-workspace:organizationId`. A change
   * transfers the space to that organization, in place.
   * @example "org_engineering"
   */
  organizationId?: pulumi.Input<string>;
  /**
   * The title, at most 50 characters.
   * @example "On-call runbook"
   */
  title: pulumi.Input<string>;
  /**
   * An emoji shown beside the title, at most 50 characters; `null` removes it. Omitted: left as
   * it is.
   * @example "📟"
   */
  emoji?: pulumi.Input<string | null>;
  /**
   * The collection the space lives in; absent or `null` keeps it at the organization's top
   * level. A change moves it.
   * @example handbook.id
   */
  parent?: pulumi.Input<string | null>;
  /**
   * `live` (members edit directly) or `locked` (all edits locked).
   * @example "locked"
   */
  editMode?: pulumi.Input<EditMode>;
  /**
   * The default role for the space's content; `null` for guest.
   * @example "comment"
   */
  defaultLevel?: pulumi.Input<RoleLevel | null>;
  /**
   * The content's language code.
   * @example "en"
   */
  language?: pulumi.Input<Language>;
  /**
   * The id of an existing space to take over instead of creating one. Later changes to it are no
   * change.
   * @example "spc_8d1e"
   */
  adoptId?: pulumi.Input<string>;
}

/**
 * A space: a container of documentation content.
 *
 * @example
 * ```ts
 * const runbook = new Space("runbook", { title: "On-call runbook", parent: handbook.id });
 * ```
 */
export class Space extends pulumi.dynamic.Resource {
  declare public readonly organizationId: pulumi.Output<string>;
  declare public readonly title: pulumi.Output<string>;
  declare public readonly emoji: pulumi.Output<string | null>;
  declare public readonly parent: pulumi.Output<string | null>;
  declare public readonly editMode: pulumi.Output<EditMode | null>;
  declare public readonly defaultLevel: pulumi.Output<RoleLevel | null>;
  declare public readonly language: pulumi.Output<Language | null>;
  /** Read-only: no write operation of the API sets it. */
  declare public readonly visibility: pulumi.Output<Visibility>;
  declare public readonly revision: pulumi.Output<string>;
  declare public readonly comments: pulumi.Output<number>;
  declare public readonly changeRequests: pulumi.Output<number>;
  declare public readonly changeRequestsOpen: pulumi.Output<number>;
  declare public readonly changeRequestsDraft: pulumi.Output<number>;
  declare public readonly createdAt: pulumi.Output<string>;
  declare public readonly updatedAt: pulumi.Output<string>;
  declare public readonly urls: pulumi.Output<Urls>;

  constructor(name: string, args: SpaceArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      shim("space"),
      name,
      {
        organizationId: undefined,
        emoji: undefined,
        parent: undefined,
        editMode: undefined,
        defaultLevel: undefined,
        language: undefined,
        ...args,
        visibility: undefined,
        revision: undefined,
        comments: undefined,
        changeRequests: undefined,
        changeRequestsOpen: undefined,
        changeRequestsDraft: undefined,
        createdAt: undefined,
        updatedAt: undefined,
        urls: undefined,
      },
      opts,
      "docs-workspace",
      "Space",
    );
  }
}
