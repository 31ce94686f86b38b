import { page } from "../http/route";
import { samlService } from "../render/saml-providers";
import { membersOf, type MemberRow } from "../store/members";
import { findOrganization } from "../store/organizations";
import { samlProvidersOf, type SamlProviderRow } from "../store/saml-providers";
import { teamMembers, teamsOf, type TeamRow } from "../store/teams";
import type { Store } from "../store";
import { missing, missingAnswer, pageAnswer, pageRoute } from "./context";
import { badge, html, layout } from "./html";
import { inviteLinksSection } from "./organization-invites";

/** The people page of an organization, linked from its page. */
export function peopleAppUrl(origin: string, organizationId: string): string {
  return `${origin}/app/o/${organizationId}/people`;
}

type Org = NonNullable<ReturnType<typeof findOrganization>>;

function membersSection(members: MemberRow[]) {
  return html`<h2>Members</h2>
    <ul>
      ${members.map(
        (m) =>
          html`<li data-kind="member">
            ${m.displayName} <code>${m.email}</code>
            <span class="badge">${m.role ?? "guest"}</span
            >${m.sso ? html` <span class="badge">SSO</span>` : ""}
          </li>`,
      )}
    </ul>`;
}

function teamsSection(store: Store, teams: TeamRow[], names: Map<string, string>) {
  if (teams.length === 0)
    return html`<h2>Teams</h2>
      <p class="empty">No team yet.</p>`;
  return html`<h2>Teams</h2>
    <ul>
      ${teams.map(
        (t) =>
          html`<li data-kind="team">
            ${t.title}
            <span class="meta">${t.members} member${t.members === 1 ? "" : "s"}</span>
            <ul>
              ${teamMembers(store, t.id, { limit: -1, offset: 0 }).rows.map(
                (tm) =>
                  html`<li>
                    ${names.get(tm.userId) ?? tm.userId}
                    <span class="badge">${tm.role}</span>
                  </li>`,
              )}
            </ul>
          </li>`,
      )}
    </ul>`;
}

function providersSection(origin: string, providers: SamlProviderRow[], teams: TeamRow[]) {
  if (providers.length === 0)
    return html`<h2>SAML providers</h2>
      <p class="empty">No SAML provider yet.</p>`;
  const teamTitle = new Map(teams.map((t) => [t.id, t.title]));
  return html`<h2>SAML providers</h2>
    <ul>
      ${providers.map((p) => {
        const service = samlService(origin, p);
        return html`<li data-kind="saml-provider">
          ${p.label} ${badge(p.certificate !== null, "Certificate set", "No certificate")}
          <dl>
            <dt>Identity provider</dt>
            <dd><code>${p.entityID ?? "(no entity id)"}</code> · ${p.ssoURL ?? "(no SSO URL)"}</dd>
            <dt>New members</dt>
            <dd>
              role
              ${p.defaultRole ?? "guest"}${p.defaultTeam ? html`, team ${teamTitle.get(p.defaultTeam) ?? p.defaultTeam}` : ""}
            </dd>
            <dt>Service</dt>
            <dd>ACS <code>${service.acsURL}</code> · entity <code>${service.entityID}</code></dd>
          </dl>
        </li>`;
      })}
    </ul>`;
}

function peoplePage(store: Store, origin: string, org: Org) {
  const members = membersOf(store, org.id);
  const names = new Map(members.map((m) => [m.userId, m.displayName]));
  const teams = teamsOf(store, org.id);
  return layout(
    `${org.title}: people`,
    html`<h1>${org.title}: people</h1>
      <p class="meta">
        <a href="/app/o/${org.id}">${org.title}</a> · default role ${org.defaultRole ?? "guest"} ·
        ${badge(org.sso, "SSO enforced", "SSO not enforced")}
      </p>
      ${membersSection(members)} ${teamsSection(store, teams, names)}
      ${providersSection(origin, samlProvidersOf(store, org.id), teams)}
      ${inviteLinksSection(store, org.id)}`,
  );
}

export const peoplePages = [
  pageRoute({
    method: "get",
    path: "/o/{organizationId}/people",
    operationId: "peoplePage",
    summary:
      "An organization's members, teams, SAML providers (never a certificate) and invite links (masked)",
    responses: { 200: pageAnswer, 404: missingAnswer },
    handler({ params }, ctx) {
      const org = findOrganization(ctx.store, params.organizationId);
      if (org === undefined) return missing(`Organization ${params.organizationId}`);
      return page(200, peoplePage(ctx.store, ctx.origin, org));
    },
  }),
];
