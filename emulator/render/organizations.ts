import { z } from "zod";
import { hasRole, roleLevel } from "../auth";
import type { OrganizationRow } from "../store/organizations";
import { named, present, roleOrGuest, timestamp, url } from "./common";

/**
 * The hosted service's merge-rule configurations. The emulator keeps none: an organization
 * answers `none` (change requests merge without review) and a space `inherit`.
 */
export const MergeRulesStandalone = named(
  "MergeRulesStandaloneConfiguration",
  z.union([
    z.strictObject({ type: z.literal("none") }),
    z.strictObject({
      type: z.literal("rules"),
      rules: z.array(z.looseObject({ rule: z.string() })),
    }),
  ]),
);

export const OrganizationJson = named(
  "Organization",
  z.strictObject({
    object: z.literal("organization"),
    id: z.string(),
    title: z.string().min(2).max(255),
    createdAt: timestamp,
    emailDomains: z.array(z.string()),
    hostname: z.string().min(3).max(32).optional(),
    customHostname: z.string().optional(),
    type: z.enum(["business", "community"]),
    useCase: z.string().optional(),
    communityType: z.string().optional(),
    defaultRole: roleOrGuest.optional(),
    defaultContent: z.strictObject({ type: z.literal("site"), site: z.string() }).optional(),
    sso: z.boolean().optional(),
    ai: z.boolean().optional(),
    inviteLinks: z.boolean(),
    plan: z.string(),
    mergeRules: MergeRulesStandalone,
    urls: z.strictObject({ location: url, app: url, logo: url.optional() }),
    trial: z.strictObject({
      status: z.enum(["notapplicable", "none", "active", "ended", "expired"]),
      count: z.number().int().min(0),
    }),
    permissions: z.strictObject({
      view: z.boolean(),
      access: z.boolean(),
      admin: z.boolean(),
      ownTeam: z.boolean(),
      createContent: z.boolean(),
      createOpenAPISpec: z.boolean(),
      viewBilling: z.boolean(),
      listMembers: z.boolean(),
      listTeams: z.boolean(),
      listIntegrations: z.boolean(),
      listInstallations: z.boolean(),
      installIntegration: z.boolean(),
    }),
  }),
);
export type OrganizationJson = z.input<typeof OrganizationJson>;

/** The organization's app page, also `urls.app`. */
export function organizationAppUrl(origin: string, organizationId: string): string {
  return `${origin}/app/o/${organizationId}`;
}

/**
 * The Organization object of §2.9, with `permissions` for the caller's role (`null`: guest) and
 * the custom hostname it uses, if any.
 */
export function renderOrganization(
  row: OrganizationRow,
  origin: string,
  role: string | null,
  customHostname?: string,
): OrganizationJson {
  const admin = hasRole(role, "admin");
  const create = hasRole(role, "create");
  return {
    object: "organization",
    id: row.id,
    title: row.title,
    createdAt: row.createdAt,
    emailDomains: row.emailDomains,
    ...present("hostname", row.hostname),
    ...present("customHostname", customHostname),
    type: row.type as OrganizationJson["type"],
    ...present("useCase", row.useCase),
    ...present("communityType", row.communityType),
    defaultRole: row.defaultRole as z.output<typeof roleLevel> | null,
    // Left out while unset, as the hosted service does.
    ...present("defaultContent", row.defaultContent),
    sso: row.sso,
    ai: row.ai,
    inviteLinks: row.inviteLinks,
    plan: row.plan,
    mergeRules: { type: "none" },
    urls: {
      location: `${origin}/v1/orgs/${row.id}`,
      app: organizationAppUrl(origin, row.id),
      ...present("logo", row.logo),
    },
    trial: { status: "notapplicable", count: 0 },
    permissions: {
      view: true,
      access: true,
      admin,
      ownTeam: create,
      createContent: create,
      createOpenAPISpec: admin,
      viewBilling: admin,
      listMembers: true,
      listTeams: true,
      listIntegrations: admin,
      listInstallations: admin,
      installIntegration: admin,
    },
  };
}
