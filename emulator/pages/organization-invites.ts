import { findCollection } from "../store/collections";
import { inviteLinksOf } from "../store/organization-invites";
import { findSpace } from "../store/spaces";
import type { Store } from "../store";
import { html, maskKey, type Html } from "./html";

/**
 * The organization's standing invite links on its people page: where each leads, the role or
 * level it gives, and its id masked (the id is what a person joins with).
 */
export function inviteLinksSection(store: Store, organizationId: string): Html {
  const rows = inviteLinksOf(store, organizationId);
  const target = (spaceId: string | null, collectionId: string | null) =>
    spaceId !== null
      ? `space ${findSpace(store, spaceId)?.title ?? spaceId}`
      : collectionId !== null
        ? `collection ${findCollection(store, collectionId)?.title ?? collectionId}`
        : "the organization";
  return html`<h2>Invite links</h2>
    ${
      rows.length === 0
        ? html`<p class="empty">No invite link.</p>`
        : html`<table id="invite-links">
            <tr>
              <th>To</th>
              <th>Gives</th>
              <th>Link</th>
              <th>Created</th>
            </tr>
            ${rows.map(
              (r) =>
                html`<tr>
                  <td>${target(r.spaceId, r.collectionId)}</td>
                  <td>${r.role ?? "guest"}</td>
                  <td><code>${maskKey(r.id)}</code></td>
                  <td>${r.createdAt}</td>
                </tr>`,
            )}
          </table>`
    }`;
}
