import { aggregateOf, chainOf, type Level, type Origin } from "../access/permissions";
import { collectionAppUrl } from "../render/collections";
import { findCollection } from "../store/collections";
import { findMember } from "../store/members";
import { grantsOn, type GrantRow, type Target } from "../store/permissions";
import { findTeam } from "../store/teams";
import type { PageContext } from "./context";
import { html, type Html } from "./html";

/**
 * The permissions of a space, a collection or a site on its app page: the grants made on it and
 * those it inherits from the collections above it (who, which role, given where), and who can
 * access it with which effective role and why (docs/api-decisions.md, "Permissions").
 */

/** Where a grant or a default level sits: this object, or a collection above it (linked). */
function levelLabel(ctx: PageContext, target: Target, level: Level): Html {
  if (level.kind === target.kind && level.id === target.id) return html`this ${target.kind}`;
  const row = findCollection(ctx.store, level.id);
  if (row === undefined) return html`collection <code>${level.id}</code>`;
  return html`inherited from collection
    <a href="${collectionAppUrl(ctx.origin, row)}">${row.title || "(untitled collection)"}</a>`;
}

function principalLabel(ctx: PageContext, grant: GrantRow): Html {
  if (grant.principalKind === "team") {
    const team = findTeam(ctx.store, grant.organizationId, grant.principalId);
    return html`team ${team?.title ?? grant.principalId}`;
  }
  const member = findMember(ctx.store, grant.organizationId, grant.principalId);
  return member === undefined
    ? html`user <code>${grant.principalId}</code>`
    : html`${member.displayName} <span class="meta">${member.email}</span>`;
}

function originLabel(ctx: PageContext, target: Target, origin: Origin): Html {
  if (origin.type === "organization") return html`organization role`;
  const where = levelLabel(ctx, target, origin.level);
  if (origin.type === "default") return html`default level of ${where}`;
  return html`${principalLabel(ctx, origin.grant)} · ${where}`;
}

function grantsTable(ctx: PageContext, target: Target, chain: Level[]): Html {
  const grants = grantsOn(ctx.store, target.organizationId, chain);
  if (grants.length === 0)
    return html`<p class="empty">No team or user has been given a role here.</p>`;
  const levelOf = (g: GrantRow) =>
    chain.find((l) => l.kind === g.targetKind && l.id === g.targetId)!;
  return html`<table id="permissions">
    <tr>
      <th>Who</th>
      <th>Role</th>
      <th>Given on</th>
    </tr>
    ${grants.map(
      (g) =>
        html`<tr data-kind="permission">
          <td>${principalLabel(ctx, g)}</td>
          <td><span class="badge">${g.role ?? "guest"}</span></td>
          <td>${levelLabel(ctx, target, levelOf(g))}</td>
        </tr>`,
    )}
  </table>`;
}

function accessTable(ctx: PageContext, target: Target): Html {
  const reached = aggregateOf(ctx.store, target);
  if (reached.length === 0) return html`<p class="empty">Nobody can access it.</p>`;
  return html`<table id="access">
    <tr>
      <th>Member</th>
      <th>Role</th>
      <th>From</th>
    </tr>
    ${reached.map(
      ({ member, reach }) =>
        html`<tr data-kind="access">
          <td>${member.displayName} <span class="meta">${member.email}</span></td>
          <td><span class="badge">${reach.role ?? "guest"}</span></td>
          <td>${originLabel(ctx, target, reach.origin)}</td>
        </tr>`,
    )}
  </table>`;
}

/** The section a space's, a collection's or a site's page shows. */
export function permissionsSection(ctx: PageContext, target: Target): Html {
  const chain = chainOf(ctx.store, target.kind, target.id);
  return html`<h2>Permissions</h2>
    ${grantsTable(ctx, target, chain)}
    <h3>Who can access it</h3>
    ${accessTable(ctx, target)}`;
}
