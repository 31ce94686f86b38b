import { z } from "zod";
import type { PublishingAuthRow } from "../store/site-visitor-auth";
import { named, present } from "./common";

/**
 * `SitePublishingAuth`: a site's visitor-authentication settings. `privateKey` signs the visitors'
 * tokens: a secret, sent only to the site's admins.
 */
export const PublishingAuthJson = named(
  "SitePublishingAuth",
  z.strictObject({
    object: z.literal("publishing-auth"),
    backend: z.enum(["custom", "integration"]),
    privateKey: z.string(),
    fallbackURL: z.url().optional(),
    logoutURL: z.url().optional(),
  }),
);

export function renderPublishingAuth(row: PublishingAuthRow): z.input<typeof PublishingAuthJson> {
  return {
    object: "publishing-auth",
    backend: row.backend,
    privateKey: row.privateKey,
    ...present("fallbackURL", row.fallbackUrl),
    ...present("logoutURL", row.logoutUrl),
  };
}
