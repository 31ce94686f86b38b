import * as api from "../api/collections";
import { publicUrls } from "../api/common";
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
  kind: "collection",
  id,
  organizationId,
});

export const collection = defineResource({
  kind: "collection",
  type: "Collection",
  inputs: resourceInputs({
    title: api.CollectionTitle,
    description: api.CollectionDescription.optional(),
    defaultLevel: api.CollectionDefaultLevel.optional(),
    parent: Id.nullable().optional(),
    permissions: Permissions.optional(),
  }),
  absentMeans: { parent: null },
  response: api.Collection.extend({ grants: Grants.optional() }),
  createBody: api.CollectionCreate,
  patchBody: api.CollectionPatch,
  outputs: {
    organizationId: (collection) => collection.organization,
    /** `location` and `app`. */
    urls: (collection) => publicUrls(collection.urls, ["location", "app"]),
    /**
     * The grants as declared (sorted by principal), and every other grant on the collection; `null`
     * when `permissions` is not declared (then not managed, and not read).
     */
    permissions: (collection, known) => permissionsOutput(collection.grants, known.permissions),
  },
  create: ({ client }, inputs, body) => api.createCollection(client, inputs.organizationId, body),
  async read({ client }, id, olds, declares) {
    const found = await api.getCollection(client, id);
    if (!declares("permissions")) return found;
    return { ...found, grants: await currentGrants(client, target(id, olds.organizationId)) };
  },
  // A collection whose permissions are managed needs its grants read too: the list cannot serve it.
  listedIn: (olds) =>
    olds.permissions == null ? api.collectionsOf(olds.organizationId) : undefined,
  patch: ({ client }, id, _olds, body) => api.updateCollection(client, id, body),
  delete: ({ client }, id) => api.deleteCollection(client, id),
  naturalKey: {
    describe: "title in its parent collection (or at the top level)",
    guard: "listedBefore",
    find: async ({ client }, inputs) =>
      (await api.listCollections(client, inputs.organizationId)).filter(
        (c) => c.title === inputs.title && (c.parent ?? null) === (inputs.parent ?? null),
      ),
  },
  operations: [
    {
      input: "organizationId",
      run: ({ client }, id, news) => api.transferCollection(client, id, news.organizationId),
    },
    {
      input: "parent",
      run: ({ client }, id, news) => api.moveCollection(client, id, news.parent ?? null),
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

type Inputs = ArgsInputs<typeof collection>;

/** The arguments of a {@link Collection}. */
export interface CollectionArgs extends WorkspaceArgs {
  /**
   * The organization that owns the collection; defaults to the workspace's organization.
   * A change transfers the collection, with its spaces, in place.
   * @example "org_engineering"
   */
  organizationId?: Input<Inputs["organizationId"]>;
  /**
   * The title, at most 50 characters.
   * @example "Engineering handbook"
   */
  title: Input<Inputs["title"]>;
  /**
   * A description, at most 100 characters. Omitted: left as it is.
   * @example "How we build, ship and run things"
   */
  description?: Input<Inputs["description"]>;
  /**
   * The default role for the collection's content: a role level, `null` for guest, or `inherit`.
   * @example "read"
   */
  defaultLevel?: Input<Inputs["defaultLevel"]>;
  /**
   * The parent collection's id; absent or `null` keeps the collection at the top level. A change
   * moves it.
   * @example parentCollection.id
   */
  parent?: Input<Inputs["parent"]>;
  /**
   * The collection's grants, **authoritative**: each a team (`teamId`) or a user (`userId`, or the
   * `email` of a member of the organization) with its role (`admin`, `create`, `edit`, `review`,
   * `comment`, `read`). Any other grant, made by hand, is removed at the next `up` that sees it
   * (after `pulumi refresh`, or `up --refresh`), and the preview lists `permissions`. An e-mail no
   * member has fails with an error naming it, before anything is written. Omitted: the grants are
   * not managed (use {@link CollectionPermission} then; never both on one collection, refused at preview).
   * @example [{ teamId: writers.id, role: "edit" }, { email: "ada@example.com", role: "admin" }]
   */
  permissions?: Input<Inputs["permissions"]>;
  /**
   * The id of an existing collection to take over instead of creating one. Later changes to it
   * are no change.
   * @example "col_3f9a"
   */
  adoptId?: Input<Inputs["adoptId"]>;
}
