import { collection } from "./collection";
import { collectionPermission } from "./collection-permission";
import { customFont } from "./custom-font";
import { openApiSpec } from "./openapi-spec";
import { organizationInviteLink } from "./organization-invite-link";
import { organizationMember } from "./organization-member";
import { organizationSettings } from "./organization-settings";
import { samlProvider } from "./saml-provider";
import { shareLink } from "./share-link";
import { site } from "./site";
import { siteAdaptiveSchema } from "./site-adaptive-schema";
import { siteAgentSettings } from "./site-agent-settings";
import { siteAds } from "./site-ads";
import { siteCustomization } from "./site-customization";
import { sitePermission } from "./site-permission";
import { siteRedirect } from "./site-redirect";
import { siteMcpServer } from "./site-mcp-server";
import { integrationInstallation } from "./integration-installation";
import { integrationSiteInstallation } from "./integration-site-installation";
import { integrationSpaceInstallation } from "./integration-space-installation";
import { siteChannel } from "./site-channel";
import { siteContextConnection } from "./site-context-connection";
import { customHostname } from "./custom-hostname";
import { siteExternalLink } from "./site-external-link";
import { siteExternalLinks } from "./site-external-links";
import { siteSection } from "./site-section";
import { siteSectionGroup } from "./site-section-group";
import { siteSpace } from "./site-space";
import { siteSpaceCustomization } from "./site-space-customization";
import { siteVisitorAuth } from "./site-visitor-auth";
import { space } from "./space";
import { spacePermission } from "./space-permission";
import { team } from "./team";
import { teamMember } from "./team-member";
import { translation } from "./translation";
import { translationGlossary } from "./translation-glossary";

/**
 * The one registry of the package's resources: every resource it defines, in the order the
 * exporter names them (`--only`). The dynamic host serves them by kind, the native plugin by
 * token, the schema generator documents them and the exporter writes them, each from this list.
 * The package's entry (`provider/index.ts`) and the tools' (`provider/tools.ts`) still export each
 * by name, for TypeScript; test/provider/registry.test.ts ties those exports to this list.
 */
export const definitions = [
  collection,
  space,
  site,
  siteSection,
  siteSectionGroup,
  siteSpace,
  shareLink,
  siteAdaptiveSchema,
  organizationSettings,
  organizationMember,
  team,
  teamMember,
  samlProvider,
  organizationInviteLink,
  openApiSpec,
  translation,
  translationGlossary,
  customFont,
  siteCustomization,
  siteSpaceCustomization,
  siteRedirect,
  siteMcpServer,
  siteChannel,
  siteContextConnection,
  customHostname,
  integrationInstallation,
  integrationSiteInstallation,
  integrationSpaceInstallation,
  siteExternalLink,
  siteExternalLinks,
  siteVisitorAuth,
  siteAgentSettings,
  siteAds,
  spacePermission,
  collectionPermission,
  sitePermission,
] as const;

/** One resource of the registry. */
export type RegisteredResource = (typeof definitions)[number];

/** The resource whose native token (`docs-workspace:index:Space`) is `token`. */
export function definitionOf(token: string): RegisteredResource | undefined {
  return byToken.get(token);
}

const byToken: ReadonlyMap<string, RegisteredResource> = new Map(
  definitions.map((d) => [d.token, d]),
);
