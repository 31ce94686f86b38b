import type { TeamMembership } from "pulumi-docs-workspace/tools";
import { organizationMember } from "pulumi-docs-workspace/tools";
import { organizationSettings } from "pulumi-docs-workspace/tools";
import { samlProvider } from "pulumi-docs-workspace/tools";
import { team } from "pulumi-docs-workspace/tools";
import { code, type Value } from "./code";
import { byTitle, skip, type Declarer } from "./declarations";
import type { Inventory } from "./inventory";

/** Teams, each with its members (authoritative). */
export function declareTeams(program: Declarer, inventory: Inventory): void {
  for (const { team: t, memberships } of [...inventory.teams].sort(byTitle((t) => t.team.title))) {
    program.declare(team, t, { title: t.title, members: membersOf(memberships) });
  }
}

/** Members, by e-mail where they have one. */
export function declareMembers(program: Declarer, inventory: Inventory): void {
  for (const m of [...inventory.members].sort(byTitle((m) => m.user.email ?? m.id))) {
    const email = m.user.email;
    program.declare(
      organizationMember,
      { id: m.id, title: m.user.displayName ?? email ?? m.id },
      {
        userId: email ? undefined : m.id,
        email,
        role: m.role,
        removeOnDelete: skip(
          "what destroy does is the program's choice: by default the member stays, with the default role",
        ),
      },
    );
  }
}

/** SAML providers, each reading its certificate from a secret in stack config. */
export function declareSamlProviders(program: Declarer, inventory: Inventory): void {
  for (const p of [...inventory.samlProviders].sort(byTitle((p) => p.label))) {
    const key = program.secret(
      `${p.label} certificate`,
      "samlCertificate",
      `the signing certificate of SAML provider ${p.label}`,
    );
    program.declare(
      samlProvider,
      { id: p.id, title: p.label },
      {
        label: p.label,
        entityID: p.entityID,
        certificate: code(`config.requireSecret(${JSON.stringify(key)})`),
        ssoURL: p.ssoURL,
        defaultTeam: program.ref(p.defaultTeam?.id),
        defaultRole: p.defaultRole ?? undefined,
      },
      {
        comments: [
          "The certificate is a secret the export does not write: set it with",
          `\`pulumi config set --secret ${key} < idp.pem\`.`,
        ],
      },
    );
  }
}

/** The organization's settings; a clone keeps its own name and hostname. */
export function declareOrganizationSettings(program: Declarer, inventory: Inventory): void {
  const org = inventory.organization;
  const clone = program.clone;
  program.declare(
    organizationSettings,
    { id: org.id, title: "organization settings" },
    {
      title: clone ? skip("a copy keeps its own organization's name") : org.title,
      emailDomains: org.emailDomains,
      hostname: clone ? skip("unique to one organization") : (org.hostname ?? undefined),
      defaultRole: org.defaultRole === undefined ? undefined : org.defaultRole,
      defaultContent: org.defaultContent
        ? { type: "site", site: program.ref(org.defaultContent.site) }
        : undefined,
      logo: org.urls?.logo ?? undefined,
      sso: org.sso,
      ai: org.ai,
      inviteLinks: org.inviteLinks,
    },
    clone
      ? {
          comments: ["A copy keeps its own organization's name and hostname: neither is declared."],
        }
      : {},
  );
}

/** A team's members as its resource reads them back: by e-mail, sorted, `member` left out. */
function membersOf(memberships: readonly TeamMembership[]): Value {
  return memberships
    .map((m) => ({ user: m.organization.user.email ?? m.organization.id, role: m.team.role }))
    .sort(byTitle((m) => m.user.toLowerCase()))
    .map(({ user, role }) => (role === "member" ? { user } : { user, role }));
}
