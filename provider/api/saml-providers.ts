import { z } from "zod";
import type { ApiClient } from "../client";
import { listAll, segment } from "../client";
import { open, RoleLevel } from "./common";
import { org } from "./people";

/** An organization's SAML providers (§2.10, §4.12), with the limits of §8. */

export const SamlLabel = z.string().min(1).max(30);
export const SamlEntityId = z.string().min(1).max(1024);
export const SamlCertificate = z.string().min(1).max(10000);
export const SamlSsoUrl = z.url({ protocol: /^https?$/ }).max(2048);

/**
 * A SAML setting as answered: absent (release 0.1.0's emulator) or `""` (the hosted service, for
 * a provider not yet configured) both read as unset.
 */
const samlSetting = z
  .string()
  .optional()
  .transform((value) => (value === "" ? undefined : value));

export const SamlProvider = z.looseObject({
  id: z.string(),
  label: z.string(),
  ssoURL: samlSetting,
  entityID: samlSetting,
  certificate: samlSetting,
  defaultTeam: z.looseObject({ id: z.string() }).optional(),
  defaultRole: open(RoleLevel).nullish(),
  createdAt: z.string().optional(),
  status: z.string().optional(),
  service: z
    .looseObject({ acsURL: z.string(), startURL: z.string(), entityID: z.string() })
    .optional(),
});
export type SamlProvider = z.infer<typeof SamlProvider>;

/**
 * A SAML provider's settings with their limits, declared once: what a program declares (the
 * resource's inputs), the create body, and the PATCH, which takes the same fields.
 */
export const SamlProviderFields = {
  label: SamlLabel,
  entityID: SamlEntityId.optional(),
  certificate: SamlCertificate.optional(),
  ssoURL: SamlSsoUrl.optional(),
  defaultTeam: z.string().min(1).nullable().optional(),
  defaultRole: RoleLevel.nullable().optional(),
};
export const SamlProviderCreate = z.object(SamlProviderFields);
export const SamlProviderPatch = SamlProviderCreate.partial();

const saml = (organizationId: string, id: string) =>
  `${org(organizationId)}/saml/${segment("samlProviderId", id)}`;

export function createSamlProvider(
  client: ApiClient,
  organizationId: string,
  body: z.output<typeof SamlProviderCreate>,
): Promise<SamlProvider> {
  return client.request("POST", `${org(organizationId)}/saml`, { body, schema: SamlProvider });
}

/** Every SAML provider of the organization. */
export function listSamlProviders(
  client: ApiClient,
  organizationId: string,
): Promise<SamlProvider[]> {
  return listAll(client, `${org(organizationId)}/saml`, SamlProvider, { limit: 1000 });
}

export function getSamlProvider(client: ApiClient, organizationId: string, id: string) {
  return client.get(saml(organizationId, id), SamlProvider);
}

export function updateSamlProvider(
  client: ApiClient,
  organizationId: string,
  id: string,
  body: z.output<typeof SamlProviderPatch>,
): Promise<SamlProvider> {
  return client.request("PATCH", saml(organizationId, id), { body, schema: SamlProvider });
}

export function deleteSamlProvider(client: ApiClient, organizationId: string, id: string) {
  return client.request("DELETE", saml(organizationId, id));
}
