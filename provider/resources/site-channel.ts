import { z } from "zod";
import * as api from "../api/site-channels";
import { defineResource, Id, resourceInputs } from "../lifecycle/define";
import { IN_SITE } from "../lifecycle/import-id";
import type { ArgsInputs, Input, WorkspaceArgs } from "../lifecycle/define";

const Allowed = z
  .array(z.string().min(1).max(api.CHANNEL_PATTERN_LENGTH))
  .max(api.CHANNEL_PATTERNS);

/** Each allowed pattern is of the channel's type: a channel name, a team, a repository. */
function patternsOfType({ type, allowed }: { type: api.ChannelType; allowed?: string[] | null }) {
  const { pattern, what } = api.ALLOWED_BY_TYPE[type];
  return (allowed ?? []).flatMap((entry, i) =>
    pattern.test(entry)
      ? []
      : [{ property: `allowed[${i}]`, reason: `must be ${what} (a ${type} channel)` }],
  );
}

/**
 * A channel of a site: a place where the site's assistant answers (Slack, Discord, Linear,
 * GitHub), with the role it plays there and the channels, teams or repositories it may answer
 * in. A site has one channel of each type, so a channel is found again by its type; the type
 * never changes (a change replaces the channel). The settings and the role change in one PATCH.
 */
export const siteChannel = defineResource({
  kind: "site-channel",
  type: "SiteChannel",
  importId: IN_SITE,
  inputs: resourceInputs({
    siteId: Id,
    type: api.ChannelType,
    allowed: Allowed.default([]),
    role: api.ChannelRole.optional(),
  }),
  rules: (inputs) => patternsOfType(inputs),
  replaceOnChange: ["organizationId", "siteId", "type"],
  response: api.SiteChannel,
  createBody: z.object({ allowed: Allowed, role: api.ChannelRole.optional() }),
  patchBody: z.object({ allowed: Allowed, role: api.ChannelRole.optional() }),
  outputs: {
    siteId: (_, known) => known.siteId,
    allowed: (channel) => api.allowedOf(channel),
    /** `active`, or `pending` while the outside service is not connected yet (the service's). */
    status: (channel) => channel.status,
    createdAt: (channel) => channel.createdAt,
  },
  create: ({ client }, inputs, body) =>
    api.createChannel(
      client,
      inputs.organizationId,
      inputs.siteId,
      api.setupOf(inputs.type, body.allowed ?? [], body.role),
    ),
  read: ({ client }, id, olds) => api.getChannel(client, olds.organizationId, olds.siteId, id),
  listedIn: (olds) => api.channelsList(olds.organizationId, olds.siteId),
  patch: ({ client }, id, olds, body) =>
    api.updateChannel(
      client,
      olds.organizationId,
      olds.siteId,
      id,
      body.allowed === undefined
        ? { role: body.role! }
        : api.setupOf(olds.type, body.allowed, body.role),
    ),
  delete: ({ client }, id, olds) => api.deleteChannel(client, olds.organizationId, olds.siteId, id),
  naturalKey: {
    describe: "type in its site",
    guard: "createdAt",
    find: async ({ client }, inputs) =>
      (await api.listChannels(client, inputs.organizationId, inputs.siteId)).filter(
        (c) => c.type === inputs.type,
      ),
  },
});

type Inputs = ArgsInputs<typeof siteChannel>;

/** The arguments of a {@link SiteChannel}. */
export interface SiteChannelArgs extends WorkspaceArgs {
  /**
   * The organization that owns the site; defaults to the workspace's organization. A change
   * replaces the channel.
   * @example "org_engineering"
   */
  organizationId?: Input<Inputs["organizationId"]>;
  /**
   * The site whose assistant answers in the channel. A change replaces the channel.
   * @example docs.id
   */
  siteId: Input<Inputs["siteId"]>;
  /**
   * Where the assistant answers: `builtin:slack`, `builtin:discord`, `builtin:linear` or
   * `builtin:github`. A site has one channel of each type. A change replaces the channel.
   * @example "builtin:slack"
   */
  type: Input<Inputs["type"]>;
  /**
   * The Slack or Discord channels, Linear teams or GitHub repositories (`owner/repository`) the
   * assistant may answer in, each a name or a `*` pattern (at most 100, each at most 100
   * characters). Omitted or empty: all of them.
   * @example ["docs-*", "support"]
   */
  allowed?: Input<Inputs["allowed"]>;
  /**
   * The role the assistant plays there: `support` (it answers questions) or `collaborator` (it
   * also proposes changes). Omitted: left as it is (a new channel is `support`).
   * @example "collaborator"
   */
  role?: Input<Inputs["role"]>;
  /**
   * The id of an existing channel of `siteId` to take over instead of creating one.
   * @example "chn_2c3d"
   */
  adoptId?: Input<Inputs["adoptId"]>;
}
