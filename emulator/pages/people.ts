import { page } from "../http/route";
import { samlService } from "../render/saml";
import { membersOf } from "../store/members";
import { findOrganization } from "../store/organizations";
import { samlProvidersOf } from "../store/saml";
import { teamMembers, teamsOf } from "../store/teams";
import { missing, missingAnswer, pageAnswer, pageRoute } from "./context";
import { badge, html, layout } from "./html";

/** The people page of an organization, linked from its page. */
export function peopleAppUrl(origin: string, organizationId: string): string {
  return `${origin}/app/o/${organizationId}/people`;
}

export const peoplePages = [
  pageRoute({
    method: "get",
    path: "/o/{organizationId}/people",
    operationId: "peoplePage",
    summary: "An organization's members, teams and SAML providers (never a certificate)",
    responses: { 200: pageAnswer, 404: missingAnswer },
    handler({ params }, ctx) {
      const org = findOrganization(ctx.store, params.organizationId);
      if (org === undefined) return missing(`Organization ${params.organizationId}`);
      const members = membersOf(ctx.store, org.id);
      const names = new Map(members.map((m) => [m.userId, m.displayName]));
      const teams = teamsOf(ctx.store, org.id);
      const providers = samlProvidersOf(ctx.store, org.id);
      const teamTitle = new Map(teams.map((t) => [t.id, t.title]));
      return page(
        200,
        layout(
          `${org.title}: people`,
          html`<h1>${org.title}: people</h1>
            <p class="meta">
              <a href="/app/o/${org.id}">${org.title}</a> · default role
              ${org.defaultRole ?? "guest"} ·
              ${badge(org.sso === 1, "SSO enforced", "SSO not enforced")}
            </p>
            <h2>Members</h2>
            <ul>
              ${members.map(
                (m) =>
                  html`<li data-kind="member">
                    ${m.displayName} <code>${m.email}</code>
                    <span class="badge">${m.role ?? "guest"}</span
                    >${m.sso ? html` <span class="badge">SSO</span>` : ""}
                  </li>`,
              )}
            </ul>
            <h2>Teams</h2>
            ${
              teams.length === 0
                ? html`<p class="empty">No team yet.</p>`
                : html`<ul>
                    ${teams.map(
                      (t) =>
                        html`<li data-kind="team">
                          ${t.title}
                          <span class="meta">${t.members} member${t.members === 1 ? "" : "s"}</span>
                          <ul>
                            ${teamMembers(ctx.store, t.id, { limit: -1, offset: 0 }).rows.map(
                              (tm) =>
                                html`<li>
                                  ${names.get(tm.userId) ?? tm.userId}
                                  <span class="badge">${tm.role}</span>
                                </li>`,
                            )}
                          </ul>
                        </li>`,
                    )}
                  </ul>`
            }
            <h2>SAML providers</h2>
            ${
              providers.length === 0
                ? html`<p class="empty">No SAML provider yet.</p>`
                : html`<ul>
                    ${providers.map((p) => {
                      const service = samlService(ctx.origin, p);
                      return html`<li data-kind="saml-provider">
                        ${p.label}
                        ${badge(p.certificate !== null, "Certificate set", "No certificate")}
                        <dl>
                          <dt>Identity provider</dt>
                          <dd>
                            <code>${p.entityID ?? "(no entity id)"}</code> ·
                            ${p.ssoURL ?? "(no SSO URL)"}
                          </dd>
                          <dt>New members</dt>
                          <dd>
                            role
                            ${p.defaultRole ?? "guest"}${p.defaultTeam ? html`, team ${teamTitle.get(p.defaultTeam) ?? p.defaultTeam}` : ""}
                          </dd>
                          <dt>Service</dt>
                          <dd>
                            ACS <code>${service.acsURL}</code> · entity
                            <code>${service.entityID}</code>
                          </dd>
                        </dl>
                      </li>`;
                    })}
                  </ul>`
            }`,
        ),
      );
    },
  }),
];
