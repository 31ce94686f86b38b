import { z } from "zod";
import { listAll, segment, type ApiClient } from "../client";
import { siteById, WHOLE_LIST } from "./sites";

/**
 * A site's channels (docs/api-decisions.md, "Site channels"), under
 * `/v1/orgs/{organizationId}/sites/{siteId}/channels`: where the site's assistant answers (a
 * Slack or Discord workspace, Linear, GitHub), with the role it plays there. A site has at most
 * one channel of each type, and a channel's type never changes. The API document is silent on
 * them; the limits are the emulator's, kept here so that check refuses what it would refuse.
 */

export const ChannelType = z.enum([
  "builtin:slack",
  "builtin:discord",
  "builtin:github",
  "builtin:linear",
]);
export type ChannelType = z.infer<typeof ChannelType>;
export const ChannelRole = z.enum(["collaborator", "support"]);

/** At most 100 patterns of at most 100 characters, as the emulator bounds them. */
export const CHANNEL_PATTERNS = 100;
export const CHANNEL_PATTERN_LENGTH = 100;

/** The list of each type's `setupSettings`, and what one of its entries is. */
export const ALLOWED_BY_TYPE: Record<ChannelType, { key: string; pattern: RegExp; what: string }> =
  {
    "builtin:slack": {
      key: "allowedChannels",
      pattern: /^[a-zA-Z0-9_*-]+$/,
      what: "a Slack channel name of letters, digits, _ and -, or a * pattern",
    },
    "builtin:discord": {
      key: "allowedChannels",
      pattern: /^[a-zA-Z0-9_*-]+$/,
      what: "a Discord channel name of letters, digits, _ and -, or a * pattern",
    },
    "builtin:linear": {
      key: "allowedTeams",
      pattern: /^[a-zA-Z0-9_*-]+$/,
      what: "a Linear team name of letters, digits, _ and -, or a * pattern",
    },
    "builtin:github": {
      key: "allowedRepositories",
      pattern: /^[a-zA-Z0-9._*-]+\/[a-zA-Z0-9._*-]+$/,
      what: "owner/repository, either part possibly a * pattern",
    },
  };

/** A channel as the provider reads it. */
export const SiteChannel = z.object({
  id: z.string(),
  type: ChannelType,
  setupSettings: z.record(z.string(), z.array(z.string())),
  status: z.string(),
  role: ChannelRole,
  createdAt: z.string(),
});
export type SiteChannel = z.infer<typeof SiteChannel>;

/** The patterns a channel allows (none: every channel, team or repository). */
export const allowedOf = (channel: SiteChannel): string[] =>
  channel.setupSettings[ALLOWED_BY_TYPE[channel.type].key] ?? [];

type Role = z.infer<typeof ChannelRole>;

/** The hosted `SiteChannelSetup` of a type and its allowed patterns, with the role when given. */
export const setupOf = (type: ChannelType, allowed: readonly string[], role?: Role) => ({
  type,
  setupSettings: { [ALLOWED_BY_TYPE[type].key]: [...allowed] },
  ...(role === undefined ? {} : { role }),
});

const channelsOf = (organizationId: string, siteId: string, id?: string) =>
  `${siteById(organizationId, siteId)}/channels${id === undefined ? "" : `/${segment("siteChannelId", id)}`}`;

/** The site's channels, as one list walk serves them. */
export function channelsList(organizationId: string, siteId: string) {
  return { path: channelsOf(organizationId, siteId), item: SiteChannel, query: WHOLE_LIST };
}

export function listChannels(
  client: ApiClient,
  organizationId: string,
  siteId: string,
): Promise<SiteChannel[]> {
  return listAll(client, channelsOf(organizationId, siteId), SiteChannel, WHOLE_LIST);
}

export function getChannel(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  id: string,
): Promise<SiteChannel> {
  return client.get(channelsOf(organizationId, siteId, id), SiteChannel);
}

export function createChannel(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  body: ReturnType<typeof setupOf>,
): Promise<SiteChannel> {
  return client.request("POST", channelsOf(organizationId, siteId), { body, schema: SiteChannel });
}

/** The hosted PATCH: a whole setup (its role optional), or a role alone. */
export function updateChannel(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  id: string,
  body: ReturnType<typeof setupOf> | { role: Role },
): Promise<SiteChannel> {
  return client.request("PATCH", channelsOf(organizationId, siteId, id), {
    body,
    schema: SiteChannel,
  });
}

export async function deleteChannel(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  id: string,
): Promise<void> {
  await client.request("DELETE", channelsOf(organizationId, siteId, id));
}
