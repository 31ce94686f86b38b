/** The requests section's rows for the organization's settings, members, teams and SAML. */
import type { RunningEmulator } from "../emulator/index";
import {
  closingRows,
  createAlsoRow,
  createRow,
  tracked,
  updateRow,
  type Operation,
} from "./request-rows";

/** The user ids of the demo organization's people, by e-mail (emulator/seed.ts). */
export async function demoPeople(emulator: RunningEmulator): Promise<Record<string, string>> {
  const response = await fetch(`${emulator.url}/v1/orgs/${emulator.organizationId}/members`, {
    headers: { authorization: `Bearer ${emulator.token}` },
  });
  const { items } = (await response.json()) as { items: { id: string; user: { email: string } }[] };
  return Object.fromEntries(items.map((m) => [m.user.email, m.id]));
}

/**
 * Organization settings: the PATCH of §4.2 answers the organization, so taking it over is one
 * request; delete leaves the organization as it is.
 */
export function organizationSettingsRows(): Operation[] {
  const settings = tracked("organization-settings", {
    emailDomains: ["example.com"],
    defaultRole: "read",
    inviteLinks: false,
  });
  return [
    createRow(
      settings,
      "create (takes the organization over)",
      1,
      "one PATCH answers the organization",
    ),
    { name: "read", minimum: 1, why: "one GET", run: settings.read },
    updateRow(
      settings,
      "update defaultRole + ai",
      { defaultRole: "comment", ai: true },
      1,
      "one PATCH carries both",
    ),
    updateRow(settings, "update, nothing changed", {}, 0, "diff answers without a request"),
    { name: "delete", minimum: 0, why: "the organization is left as it is", run: settings.delete },
  ];
}

/**
 * A member's role: one PATCH (§4.12), after one search when named by e-mail (the API has no
 * lookup by e-mail). Release reads the organization's default role, then sets it.
 */
export function organizationMemberRows(people: Record<string, string>): Operation[] {
  const byId = tracked("organization-member", {
    userId: people["linus@example.com"],
    role: "create",
  });
  const byEmail = tracked("organization-member", {
    email: "margaret@example.com",
    role: "edit",
    removeOnDelete: true,
  });
  return [
    createRow(byId, "create (by userId)", 1, "one PATCH"),
    createRow(byEmail, "create (by email)", 2, "GET members?search + PATCH"),
    { name: "read", minimum: 1, why: "one GET", run: byId.read },
    updateRow(byId, "update role", { role: "review" }, 1, "one PATCH"),
    updateRow(
      byId,
      "update removeOnDelete",
      { removeOnDelete: false },
      0,
      "the provider's own: no request",
    ),
    updateRow(byId, "update, nothing changed", {}, 0, "diff answers without a request"),
    {
      name: "delete (default role back)",
      minimum: 2,
      why: "GET organization + PATCH",
      run: byId.delete,
    },
    { name: "delete (removeOnDelete: true)", minimum: 1, why: "one DELETE", run: byEmail.delete },
  ];
}

/**
 * Teams: created with one PUT that takes the members (as user ids, each with the role member);
 * owners take one more PUT .../members; e-mails are resolved first with one listing of the
 * members, so an unknown one fails before anything is written. Members are authoritative: an
 * update reads who is in the team and sends one bulk PUT.
 */
export function teamRows(people: Record<string, string>): Operation[] {
  const team = tracked("team", { title: "Bench team" });
  const listed = tracked("team", {
    title: "Bench listed team",
    members: [{ user: people["ada@example.com"] }],
  });
  return [
    createRow(team, "create (title only)", 1, "one PUT"),
    createRow(listed, "create (+ members by user id)", 1, "one PUT carries the members"),
    createAlsoRow(
      "team",
      "create (+ members by e-mail, one owner)",
      {
        title: "Bench team 3",
        members: [{ user: "ada@example.com", role: "owner" }, { user: "grace@example.com" }],
      },
      3,
      "GET members (e-mails) + PUT team + PUT .../members (owner)",
    ),
    { name: "read (members not declared)", minimum: 1, why: "one GET", run: team.read },
    {
      name: "read (members declared)",
      minimum: 2,
      why: "GET team + GET its members",
      run: listed.read,
    },
    updateRow(team, "update title", { title: "Renamed team" }, 1, "one PATCH"),
    updateRow(
      listed,
      "update members (add one, remove one)",
      { members: [{ user: people["grace@example.com"] }] },
      2,
      "GET its members + one PUT .../members",
    ),
    ...closingRows(team),
    { name: "delete (with members)", minimum: 1, why: "one DELETE", run: listed.delete },
  ];
}

/** One membership: one PUT .../members/{userId} (§4.12), after one search when named by e-mail. */
export function teamMemberRows(people: Record<string, string>, teamId: string): Operation[] {
  const byId = tracked("team-member", { teamId, userId: people["linus@example.com"] });
  return [
    createRow(byId, "create (by userId)", 1, "one PUT"),
    createAlsoRow(
      "team-member",
      "create (by email, owner)",
      { teamId, email: "grace@example.com", role: "owner" },
      2,
      "GET members?search + PUT",
    ),
    {
      name: "read",
      minimum: 1,
      why: "one GET of the team's members (no GET for one)",
      run: byId.read,
    },
    updateRow(byId, "update role", { role: "owner" }, 1, "one PUT"),
    ...closingRows(byId),
  ];
}

/** SAML providers: the create body takes every field (§4.12). */
export function samlProviderRows(): Operation[] {
  const saml = tracked("saml-provider", {
    label: "Bench IdP",
    entityID: "https://idp.example.com/metadata",
    ssoURL: "https://idp.example.com/sso",
    certificate: "-----BEGIN CERTIFICATE-----\nMIIBbench\n-----END CERTIFICATE-----",
    defaultRole: "read",
  });
  return [
    createRow(saml, "create (every field)", 1, "one POST"),
    { name: "read", minimum: 1, why: "one GET", run: saml.read },
    updateRow(
      saml,
      "update label + certificate",
      { label: "Renamed IdP", certificate: "rotated" },
      1,
      "one PATCH carries both",
    ),
    ...closingRows(saml),
  ];
}
