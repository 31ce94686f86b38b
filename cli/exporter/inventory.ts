import { listCollections, type Collection } from "pulumi-docs-workspace/tools";
import { readIntegrations, type IntegrationInventory } from "./integrations";
import { listGlossary, type GlossaryEntry } from "pulumi-docs-workspace/tools";
import { getLatestSpecText, listSpecs, type OpenApiSpec } from "pulumi-docs-workspace/tools";
import { getOrganization, type Organization } from "pulumi-docs-workspace/tools";
import {
  listMembers,
  listSamlProviders,
  listTeams,
  listTeamMembers,
  type Member,
  type SamlProvider,
  type Team,
  type TeamMembership,
} from "pulumi-docs-workspace/tools";
import { listShareLinks, type ShareLink } from "pulumi-docs-workspace/tools";
import {
  getPublishingAuth,
  getAgentSettings,
  getSiteAds,
  listRedirects,
  listExternalLinks,
  type SitePublishingAuth,
  type SiteAgentSettings,
  type SiteMcpServer,
  listMcpServers,
  type SiteChannel,
  listChannels,
  type SiteContextConnection,
  listContextConnections,
  type SiteAds,
  type SiteRedirect,
  type SiteExternalLink,
} from "pulumi-docs-workspace/tools";
import {
  listSectionGroups,
  listSections,
  type SiteSection,
  type SiteSectionGroup,
} from "pulumi-docs-workspace/tools";
import { listSiteSpaces, type SiteSpace } from "pulumi-docs-workspace/tools";
import {
  getAdaptiveSchema,
  listSites,
  type Site,
  type SiteAdaptiveSchema,
} from "pulumi-docs-workspace/tools";
import { listSpaces, type Space } from "pulumi-docs-workspace/tools";
import { listTranslations, type Translation } from "pulumi-docs-workspace/tools";
import type { ApiClient } from "pulumi-docs-workspace/tools";
import { listCustomFonts, type CustomFont } from "pulumi-docs-workspace/tools";
import {
  inviteHandle,
  listInviteLinks,
  roleOf,
  type InviteRole,
} from "pulumi-docs-workspace/tools";
import {
  getSiteCustomization,
  getSiteSpaceCustomization,
  type SiteCustomization,
} from "pulumi-docs-workspace/tools";
import {
  listTeamPermissions,
  listUserPermissions,
  type Target,
  type TeamPermission,
  type UserPermission,
} from "pulumi-docs-workspace/tools";

/** A site with everything that lives in it. */
export interface SiteInventory {
  site: Site;
  sections: SiteSection[];
  siteSpaces: SiteSpace[];
  groups: SiteSectionGroup[];
  shareLinks: ShareLink[];
  adaptiveSchema: SiteAdaptiveSchema;
  /** The site's settings, and each site space's (the site's with its override laid over). */
  customization: { site: SiteCustomization; siteSpaces: Record<string, SiteCustomization> };
  /** Its live redirects. */
  redirects: SiteRedirect[];
  /** The external links in its navigation, read in its structure, in reading order. */
  externalLinks: SiteExternalLink[];
  /** Its visitor authentication (the private key is read, never written out). */
  visitorAuth: SitePublishingAuth;
  /** What its agent may do, and what it is told when it edits. */
  agentSettings: SiteAgentSettings;
  /** Where it stands in the ads program. */
  ads: SiteAds;
  /** The MCP servers its assistant may call (their header values are read, never written out). */
  mcpServers: SiteMcpServer[];
  /** Where its assistant answers. */
  channels: SiteChannel[];
  /** The sources its agent reads (their credentials are answered redacted). */
  contextConnections: SiteContextConnection[];
}

/**
 * A standing invite link as the exporter keeps it: its handle, never its id (what a person joins
 * with), the role it gives and where it leads.
 */
export interface InviteLinkInventory {
  handle: string;
  role: InviteRole;
  spaceId?: string;
  collectionId?: string;
}

/** The grants on one space, collection or site: to its teams and to its users. */
export interface TargetPermissions {
  target: Target;
  teams: TeamPermission[];
  users: UserPermission[];
}

/** An OpenAPI spec, with the text of its latest version when its source is text. */
export interface SpecInventory {
  spec: OpenApiSpec;
  text?: string | undefined;
}

/** Everything of one organization the provider can manage, as the API answered it. */
export interface Inventory {
  organization: Organization;
  collections: Collection[];
  spaces: Space[];
  sites: SiteInventory[];
  members: Member[];
  teams: { team: Team; memberships: TeamMembership[] }[];
  samlProviders: SamlProvider[];
  customFonts: CustomFont[];
  inviteLinks: InviteLinkInventory[];
  specs: SpecInventory[];
  translations: Translation[];
  /** The translation glossary's entries. */
  glossary: GlossaryEntry[];
  /** The installed integrations, each with the sites and spaces it is enabled on. */
  integrations: IntegrationInventory[];
  /** The grants of each space, collection and site that has any. */
  permissions: TargetPermissions[];
}

/** Told as each read finishes: what it was, and how many objects it found. */
export type Progress = (what: string, count: number) => void;

/**
 * Reads the organization: every page of every list, once, in parallel (the client caps how many
 * requests are in flight), then what lives in each site and team, and the text of each spec
 * whose source is text.
 */
export async function readInventory(
  client: ApiClient,
  organizationId: string,
  progress: Progress = () => {},
): Promise<Inventory> {
  const counted = async <T>(what: string, read: Promise<T[]>): Promise<T[]> => {
    const items = await read;
    progress(what, items.length);
    return items;
  };
  const collections = counted("collections", listCollections(client, organizationId));
  const spaces = counted("spaces", listSpaces(client, organizationId));
  const sites = counted("sites", listSites(client, organizationId));
  const targets = Promise.all([collections, spaces, sites]).then(([c, sp, si]) => [
    ...c.map((o) => ({ kind: "collection" as const, id: o.id, organizationId })),
    ...sp.map((o) => ({ kind: "space" as const, id: o.id, organizationId })),
    ...si.map((o) => ({ kind: "site" as const, id: o.id, organizationId })),
  ]);
  // Each read starts as the object is built, in this order, and all run at once.
  return allOf<Inventory>({
    organization: getOrganization(client, organizationId),
    collections,
    spaces,
    sites: sites.then((all) =>
      Promise.all(all.map((site) => readSite(client, organizationId, site, progress))),
    ),
    members: counted("members", listMembers(client, organizationId)),
    teams: counted("teams", listTeams(client, organizationId)).then((all) =>
      Promise.all(
        all.map(async (team) => ({
          team,
          memberships: await counted(
            "team memberships",
            listTeamMembers(client, organizationId, team.id),
          ),
        })),
      ),
    ),
    samlProviders: counted("SAML providers", listSamlProviders(client, organizationId)),
    customFonts: counted("custom fonts", listCustomFonts(client, organizationId)),
    // The link's id is dropped as soon as it is read: only its handle goes further.
    inviteLinks: counted("invite links", listInviteLinks(client, organizationId)).then((all) =>
      all.map((link) => ({
        handle: inviteHandle(link.id),
        role: roleOf(link),
        ...(link.space ? { spaceId: link.space.id } : {}),
        ...(link.collection ? { collectionId: link.collection.id } : {}),
      })),
    ),
    specs: counted("OpenAPI specs", listSpecs(client, organizationId)).then((all) =>
      Promise.all(
        all.map(async (spec) => ({
          spec,
          // A URL source is named by the spec; a text one is read from its latest version.
          text: spec.sourceURL
            ? undefined
            : await getLatestSpecText(client, organizationId, spec.slug),
        })),
      ),
    ),
    translations: counted("translations", listTranslations(client, organizationId)),
    glossary: counted("glossary entries", listGlossary(client, organizationId)),
    integrations: counted("integrations", readIntegrations(client, organizationId)),
    permissions: targets.then((all) => readPermissions(client, all, progress)),
  });
}

/** Waits for every promise of an object, and answers the object of their values. */
async function allOf<T>(reads: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const keys = Object.keys(reads) as (keyof T)[];
  const values = await Promise.all(keys.map((key) => reads[key]));
  return Object.fromEntries(keys.map((key, i) => [key, values[i]])) as T;
}

async function readSite(
  client: ApiClient,
  organizationId: string,
  site: Site,
  progress: Progress,
): Promise<SiteInventory> {
  const [
    sections,
    siteSpaces,
    groups,
    shareLinks,
    adaptiveSchema,
    redirects,
    visitorAuth,
    agentSettings,
    ads,
    mcpServers,
    channels,
    externalLinks,
    contextConnections,
  ] = await Promise.all([
    listSections(client, organizationId, site.id),
    listSiteSpaces(client, organizationId, site.id),
    listSectionGroups(client, organizationId, site.id),
    listShareLinks(client, organizationId, site.id),
    getAdaptiveSchema(client, organizationId, site.id),
    listRedirects(client, organizationId, site.id),
    getPublishingAuth(client, organizationId, site.id),
    getAgentSettings(client, organizationId, site.id),
    getSiteAds(client, organizationId, site.id),
    listMcpServers(client, organizationId, site.id),
    listChannels(client, organizationId, site.id),
    listExternalLinks(client, organizationId, site.id),
    listContextConnections(client, organizationId, site.id),
  ]);
  const [siteSettings, ...siteSpaceSettings] = await Promise.all([
    getSiteCustomization(client, organizationId, site.id),
    ...siteSpaces.map((x) => getSiteSpaceCustomization(client, organizationId, site.id, x.id)),
  ]);
  const customization = {
    site: siteSettings!,
    siteSpaces: Object.fromEntries(siteSpaces.map((x, i) => [x.id, siteSpaceSettings[i]!])),
  };
  progress("site structures", 1);
  return {
    site,
    sections,
    siteSpaces,
    groups,
    shareLinks,
    adaptiveSchema,
    customization,
    redirects,
    visitorAuth,
    agentSettings,
    ads,
    mcpServers,
    channels,
    externalLinks,
    contextConnections,
  };
}

/** The grants of each target: two lists each, the targets without any left out. */
async function readPermissions(
  client: ApiClient,
  targets: readonly Target[],
  progress: Progress,
): Promise<TargetPermissions[]> {
  const read = await Promise.all(
    targets.map(async (target) => {
      const [teams, users] = await Promise.all([
        listTeamPermissions(client, target),
        listUserPermissions(client, target),
      ]);
      return { target, teams, users };
    }),
  );
  const held = read.filter((p) => p.teams.length + p.users.length > 0);
  progress(
    "permissions",
    held.reduce((n, p) => n + p.teams.length + p.users.length, 0),
  );
  return held;
}
