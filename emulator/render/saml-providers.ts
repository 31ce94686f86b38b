import { z } from "zod";
import { roleLevel } from "../auth";
import type { SamlProviderRow } from "../store/saml-providers";
import type { TeamRow } from "../store/teams";
import { named, roleOrGuest, timestamp, url } from "./common";
import { renderTeam, TeamJson } from "./teams";
import { SAML_LIMITS } from "../limits";

/** §8's limits of a SAML provider. */

export const SamlProviderJson = named(
  "OrganizationSAMLProvider",
  z.strictObject({
    object: z.literal("saml-provider"),
    id: z.string(),
    label: z.string().min(1).max(SAML_LIMITS.label),
    // Required by the service's schema: `""` until set, as it answers a provider not yet configured.
    ssoURL: z.union([url.max(SAML_LIMITS.ssoURL), z.literal("")]),
    entityID: z.string().max(SAML_LIMITS.entityID),
    certificate: z.string().max(SAML_LIMITS.certificate),
    defaultTeam: TeamJson.optional(),
    defaultRole: roleOrGuest,
    createdAt: timestamp,
    status: z.enum(["active", "pending"]),
    service: z.strictObject({ acsURL: url, startURL: url, entityID: z.string() }),
    urls: z.strictObject({ location: url }),
  }),
);
export type SamlProviderJson = z.input<typeof SamlProviderJson>;

export const SsoLoginJson = named(
  "OrganizationSSOProviderLogin",
  z.strictObject({ id: z.string(), label: z.string(), startURL: url }),
);

/**
 * Where the identity provider talks to the emulator for this provider: its entity id, where it
 * posts assertions (ACS) and where a sign-in starts. The emulator hands these out for the identity
 * provider's configuration; it does not run SAML sign-ins (docs/api-decisions.md).
 */
export function samlService(origin: string, row: Pick<SamlProviderRow, "id" | "organizationId">) {
  const base = `${origin}/sso/saml/${row.organizationId}/${row.id}`;
  return { acsURL: `${base}/acs`, startURL: `${base}/start`, entityID: base };
}

/** The SAML provider object of §2.10; `defaultTeam` is the team row it names, if any. */
export function renderSamlProvider(
  origin: string,
  row: SamlProviderRow,
  defaultTeam: TeamRow | undefined,
): SamlProviderJson {
  return {
    object: "saml-provider",
    id: row.id,
    label: row.label,
    ssoURL: row.ssoURL ?? "",
    entityID: row.entityID ?? "",
    certificate: row.certificate ?? "",
    ...(defaultTeam ? { defaultTeam: renderTeam(defaultTeam, true) } : {}),
    defaultRole: row.defaultRole as z.output<typeof roleLevel> | null,
    createdAt: row.createdAt,
    // The service's `pending`: "not yet fully configured".
    status:
      row.ssoURL !== null && row.entityID !== null && row.certificate !== null
        ? "active"
        : "pending",
    service: samlService(origin, row),
    urls: { location: `${origin}/v1/orgs/${row.organizationId}/saml/${row.id}` },
  };
}
