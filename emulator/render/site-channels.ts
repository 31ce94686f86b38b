import { z } from "zod";
import { CHANNEL_LIMITS } from "../limits";
import type { ChannelRow } from "../store/site-channels";
import { named, timestamp, url } from "./common";

/** `GenericChannelPattern`: a channel or team name, `*` matching any run of characters. */
const generic = z
  .string()
  .max(CHANNEL_LIMITS.pattern)
  .regex(/^[a-zA-Z0-9_*-]+$/, "must be a name of letters, digits, _ and -, or a * pattern");
/** `GitHubRepositoryPattern`: `owner/repository`, either part possibly a `*` pattern. */
const repository = z
  .string()
  .max(CHANNEL_LIMITS.pattern)
  .regex(/^[a-zA-Z0-9._*-]+\/[a-zA-Z0-9._*-]+$/, "must be owner/repository");
const list = (item: z.ZodString) => z.array(item).max(CHANNEL_LIMITS.patterns);

/**
 * `SiteChannelSetup`: a channel's type and the settings of that type (an empty or absent list
 * allows all), with `extra` fields beside them.
 */
export function channelSetup<const E extends z.ZodRawShape>(extra: E) {
  return z.discriminatedUnion("type", [
    z.strictObject({
      type: z.literal("builtin:slack"),
      setupSettings: z.strictObject({ allowedChannels: list(generic).optional() }),
      ...extra,
    }),
    z.strictObject({
      type: z.literal("builtin:discord"),
      setupSettings: z.strictObject({ allowedChannels: list(generic).optional() }),
      ...extra,
    }),
    z.strictObject({
      type: z.literal("builtin:linear"),
      setupSettings: z.strictObject({ allowedTeams: list(generic).optional() }),
      ...extra,
    }),
    z.strictObject({
      type: z.literal("builtin:github"),
      setupSettings: z.strictObject({ allowedRepositories: list(repository).optional() }),
      ...extra,
    }),
  ]);
}

export const channelType = z.enum([
  "builtin:slack",
  "builtin:discord",
  "builtin:github",
  "builtin:linear",
]);
/** `SiteChannelRole`. */
export const channelRole = z.enum(["collaborator", "support"]);

export const SiteChannelJson = named(
  "SiteChannel",
  z.strictObject({
    object: z.literal("site-channel"),
    id: z.string(),
    type: channelType,
    setupSettings: z.record(z.string(), z.array(z.string())),
    /** `SiteChannelStatus`: computed by the service, never sent. */
    status: z.enum(["active", "pending"]),
    role: channelRole,
    answers: z.number().int().min(0),
    createdAt: timestamp,
    urls: z.strictObject({ location: url }),
  }),
);
export type SiteChannelJson = z.input<typeof SiteChannelJson>;

export function renderChannel(
  origin: string,
  organizationId: string,
  row: ChannelRow,
): SiteChannelJson {
  return {
    object: "site-channel",
    id: row.id,
    type: row.type,
    setupSettings: row.setupSettings,
    // The emulator connects no outside service: a channel is active as soon as it is set up.
    status: "active",
    role: row.role,
    // No assistant answers in the emulator.
    answers: 0,
    createdAt: row.createdAt,
    urls: {
      location: `${origin}/v1/orgs/${organizationId}/sites/${row.siteId}/channels/${row.id}`,
    },
  };
}
