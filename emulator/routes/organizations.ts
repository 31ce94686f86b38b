import type { Context, Hono } from "hono";
import { z } from "zod";
import { requireMember, type EmulatorEnv } from "../auth";
import { conflict, HttpError, notFound } from "../errors";
import { envelope, readPage } from "../pagination";
import type { Store } from "../store";
import {
  findOrganization,
  organizationsByEmailDomain,
  organizationsOf,
  type OrganizationRow,
} from "../store/identity";
import { ROLE_RANK } from "../store/spaces";
import { readBody } from "../validation";

export const roleLevel = z.enum(["admin", "create", "review", "edit", "comment", "read"]);

/** Where the emulator is reached from this request: the root of every `urls` value. */
export function originOf(c: Context): string {
  return new URL(c.req.url).origin;
}

/**
 * Checks membership (404 otherwise, so another organization's ids cannot be probed) and that
 * the caller's role reaches `minimum` (403 otherwise). Returns the role.
 */
export function requireRole(
  store: Store,
  c: Context<EmulatorEnv>,
  organizationId: string,
  minimum: keyof typeof ROLE_RANK,
): string | null {
  const role = requireMember(store, c, organizationId);
  const rank = role === null ? 0 : (ROLE_RANK[role] ?? 0);
  if (rank < ROLE_RANK[minimum]!) {
    throw new HttpError(
      403,
      `this operation needs the ${minimum} role in organization ${organizationId}`,
    );
  }
  return role;
}

/** The Organization object of §2.9, with `permissions` for the caller's role. */
export function organizationJson(
  row: OrganizationRow,
  origin: string,
  role: string | null | undefined,
): Record<string, unknown> {
  const admin = role === "admin";
  const rank = role == null ? 0 : (ROLE_RANK[role] ?? 0);
  return {
    object: "organization",
    id: row.id,
    title: row.title,
    createdAt: row.createdAt,
    emailDomains: JSON.parse(row.emailDomains) as string[],
    ...(row.hostname !== null ? { hostname: row.hostname } : {}),
    type: row.type,
    ...(row.useCase !== null ? { useCase: row.useCase } : {}),
    ...(row.communityType !== null ? { communityType: row.communityType } : {}),
    defaultRole: row.defaultRole,
    defaultContent:
      row.defaultContent === null ? null : (JSON.parse(row.defaultContent) as unknown),
    sso: row.sso === 1,
    ai: row.ai === 1,
    inviteLinks: row.inviteLinks === 1,
    plan: row.plan,
    internal_isOnNewTrial: true,
    urls: {
      location: `${origin}/v1/orgs/${row.id}`,
      app: `${origin}/app/o/${row.id}`,
      ...(row.logo !== null ? { logo: row.logo } : {}),
    },
    permissions: {
      view: true,
      admin,
      ownTeam: rank >= ROLE_RANK.create!,
      createContent: rank >= ROLE_RANK.create!,
      createOpenAPISpec: admin,
      ingestConversations: admin,
      viewBilling: admin,
      listMembers: rank >= ROLE_RANK.read!,
      listTeams: rank >= ROLE_RANK.read!,
      listIntegrations: admin,
      listInstallations: admin,
      installIntegration: admin,
    },
  };
}

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const HOSTNAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/;

const patchOrganization = z.strictObject({
  title: z.string().min(2).max(255).optional(),
  emailDomains: z.array(z.string().max(253).regex(DOMAIN)).max(100).optional(),
  hostname: z.string().min(3).max(32).regex(HOSTNAME).optional(),
  defaultRole: roleLevel.nullable().optional(),
  defaultContent: z
    .strictObject({ type: z.literal("site"), site: z.string().min(1).max(64) })
    .nullable()
    .optional(),
  logo: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .nullable()
    .optional(),
  sso: z.boolean().optional(),
  ai: z.boolean().optional(),
  inviteLinks: z.boolean().optional(),
});

export function mountOrganizations(app: Hono<EmulatorEnv>, store: Store): void {
  app.get("/orgs", (c) => {
    const page = readPage(c);
    const { rows, count } = organizationsOf(store, c.get("userId"), page);
    const origin = originOf(c);
    const items = rows.map((row) => {
      const role = requireMember(store, c, row.id);
      return organizationJson(row, origin, role);
    });
    return c.json(envelope(page, items, count));
  });

  app.get("/orgs/:organizationId", (c) => {
    const id = c.req.param("organizationId");
    const role = requireMember(store, c, id);
    const row = findOrganization(store, id);
    if (!row) throw notFound(`organization ${id}`);
    return c.json(organizationJson(row, originOf(c), role));
  });

  app.patch("/orgs/:organizationId", async (c) => {
    const id = c.req.param("organizationId");
    const role = requireRole(store, c, id, "admin");
    const body = await readBody(c, patchOrganization);
    const sets: string[] = [];
    const values: (string | number | null)[] = [];
    const set = (column: string, value: string | number | null) => {
      sets.push(`${column} = ?`);
      values.push(value);
    };
    if (body.title !== undefined) set("title", body.title);
    if (body.emailDomains !== undefined)
      set(
        "email_domains",
        JSON.stringify([...new Set(body.emailDomains.map((d) => d.toLowerCase()))]),
      );
    if (body.hostname !== undefined) set("hostname", body.hostname);
    if (body.defaultRole !== undefined) set("default_role", body.defaultRole);
    if (body.defaultContent !== undefined)
      set(
        "default_content",
        body.defaultContent === null ? null : JSON.stringify(body.defaultContent),
      );
    if (body.logo !== undefined) set("logo", body.logo);
    if (body.sso !== undefined) set("sso", body.sso ? 1 : 0);
    if (body.ai !== undefined) set("ai", body.ai ? 1 : 0);
    if (body.inviteLinks !== undefined) set("invite_links", body.inviteLinks ? 1 : 0);
    if (sets.length > 0) {
      if (body.hostname !== undefined) {
        const taken = store
          .statement("SELECT 1 FROM organizations WHERE hostname = ? AND id <> ?")
          .get(body.hostname, id);
        if (taken) throw conflict(`hostname ${body.hostname} is already taken`);
      }
      store
        .statement(`UPDATE organizations SET ${sets.join(", ")} WHERE id = ?`)
        .run(...values, id);
    }
    return c.json(organizationJson(findOrganization(store, id)!, originOf(c), role));
  });

  app.get("/email-domains/:emailDomain/orgs", (c) => {
    const domain = c.req.param("emailDomain");
    const origin = originOf(c);
    const organizations = organizationsByEmailDomain(store, c.get("userId"), domain).map((row) =>
      organizationJson(row, origin, requireMember(store, c, row.id)),
    );
    return c.json({ organizations });
  });
}
