import { Language, publicUrls } from "../api/common";
import * as api from "../api/spaces";
import { defineResource, Id, resourceInputs } from "../lifecycle/define";
import type { ArgsInputs, Input, WorkspaceArgs } from "../lifecycle/define";
import type { Target } from "../api/permissions";
import {
  applyPermissions,
  currentGrants,
  Grants,
  Permissions,
  permissionsOutput,
} from "./permission-list";

const target = (id: string, organizationId: string): Target => ({
  kind: "space",
  id,
  organizationId,
});

export const space = defineResource({
  kind: "space",
  type: "Space",
  inputs: resourceInputs({
    title: api.SpaceTitle,
    emoji: api.SpaceEmoji.nullable().optional(),
    parent: Id.nullable().optional(),
    editMode: api.EditMode.optional(),
    defaultLevel: api.SpaceDefaultLevel.optional(),
    language: Language.optional(),
    permissions: Permissions.optional(),
  }),
  absentMeans: { parent: null },
  response: api.Space.extend({ grants: Grants.optional() }),
  createBody: api.SpaceCreate,
  patchBody: api.SpacePatch,
  outputs: {
    organizationId: (space) => space.organization,
    // The API's emoji is a required string: an empty one means none, which users write as null.
    emoji: (space) => space.emoji || null,
    /** Read-only: no write operation of the API sets it. */
    visibility: (space) => space.visibility,
    /** The id of the space's active revision. */
    revision: (space) => space.revision,
    /** Open comments. */
    comments: (space) => space.comments,
    changeRequests: (space) => space.changeRequests,
    changeRequestsOpen: (space) => space.changeRequestsOpen,
    changeRequestsDraft: (space) => space.changeRequestsDraft,
    createdAt: (space) => space.createdAt,
    updatedAt: (space) => space.updatedAt,
    /**
     * `location` and `app`. Not `published`: a space's published URL is set by the sites that
     * publish it, other resources, and a share-link site's holds its key; read it from the
     * SiteSpace that publishes the space.
     */
    urls: (space) => publicUrls(space.urls, ["location", "app"]),
    /**
     * The grants as declared (sorted by principal), and every other grant on the space; `null`
     * when `permissions` is not declared (then not managed, and not read).
     */
    permissions: (space, known) => permissionsOutput(space.grants, known.permissions),
  },
  create: ({ client }, inputs, body) => api.createSpace(client, inputs.organizationId, body),
  async read({ client }, id, olds, declares) {
    const found = await api.getSpace(client, id);
    if (!declares("permissions")) return found;
    return { ...found, grants: await currentGrants(client, target(id, olds.organizationId)) };
  },
  // A space whose permissions are managed needs its grants read too: the list cannot serve it.
  listedIn: (olds) => (olds.permissions == null ? api.spacesOf(olds.organizationId) : undefined),
  patch: ({ client }, id, _olds, body) => api.updateSpace(client, id, body),
  delete: ({ client }, id) => api.deleteSpace(client, id),
  naturalKey: {
    describe: "title in its parent collection (or at the top level)",
    guard: "createdAt",
    find: async ({ client }, inputs) =>
      (await api.listSpaces(client, inputs.organizationId)).filter(
        (s) => s.title === inputs.title && (s.parent ?? null) === (inputs.parent ?? null),
      ),
  },
  operations: [
    {
      input: "organizationId",
      // A transfer can land the space straight in its new parent: one request, not two.
      run: ({ client }, id, news) =>
        api.transferSpace(client, id, news.organizationId, news.parent ?? undefined),
    },
    {
      input: "parent",
      run: async ({ client }, id, news, olds, current) => {
        const parentNow = current ? (current.parent ?? null) : olds.parent;
        if (parentNow === (news.parent ?? null)) return undefined;
        return api.moveSpace(client, id, news.parent ?? null);
      },
    },
    {
      // Authoritative: one read of the grants now, then the fewest requests that leave exactly
      // the declared ones. The outputs then show the declared list.
      input: "permissions",
      afterPatch: true,
      async run(ctx, id, news, _olds, current) {
        await applyPermissions(ctx, target(id, news.organizationId), news.permissions ?? []);
        return current;
      },
    },
  ],
});

type Inputs = ArgsInputs<typeof space>;

/** The arguments of a {@link Space}. */
export interface SpaceArgs extends WorkspaceArgs {
  /**
   * The organization that owns the space; defaults to the workspace's organization. A change
   * transfers the space to that organization, in place.
   * @example "org_engineering"
   */
  organizationId?: Input<Inputs["organizationId"]>;
  /**
   * The title, at most 50 characters.
   * @example "On-call runbook"
   */
  title: Input<Inputs["title"]>;
  /**
   * An emoji shown beside the title, at most 50 characters; `null` removes it. Omitted: left as
   * it is.
   * @example "📟"
   */
  emoji?: Input<Inputs["emoji"]>;
  /**
   * The collection the space lives in; absent or `null` keeps it at the organization's top
   * level. A change moves it.
   * @example handbook.id
   */
  parent?: Input<Inputs["parent"]>;
  /**
   * `live` (members edit directly) or `locked` (all edits locked).
   * @example "locked"
   */
  editMode?: Input<Inputs["editMode"]>;
  /**
   * The default role for the space's content; `null` for guest. The output may also read
   * `inherit`, which the hosted service reports for a space that takes its collection's.
   * @example "comment"
   */
  defaultLevel?: Input<Inputs["defaultLevel"]>;
  /**
   * The content's language code.
   * @example "en"
   */
  language?: Input<Inputs["language"]>;
  /**
   * The space's grants, **authoritative**: each a team (`teamId`) or a user (`userId`, or the
   * `email` of a member of the organization) with its role (`admin`, `create`, `edit`, `review`,
   * `comment`, `read`). Any other grant, made by hand, is removed at the next `up` that sees it
   * (after `pulumi refresh`, or `up --refresh`), and the preview lists `permissions`. An e-mail no
   * member has fails with an error naming it, before anything is written. Omitted: the grants are
   * not managed (use {@link SpacePermission} then; never both on one space, refused at preview).
   * @example [{ teamId: writers.id, role: "edit" }, { email: "ada@example.com", role: "admin" }]
   */
  permissions?: Input<Inputs["permissions"]>;
  /**
   * The id of an existing space to take over instead of creating one. Later changes to it are no
   * change.
   * @example "spc_8d1e"
   */
  adoptId?: Input<Inputs["adoptId"]>;
}
