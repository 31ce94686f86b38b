import { textDocument } from "../../provider/api/translations";
import { adminClient, type TestEmulator } from "../support/emulator";
import { callApi } from "../support/provider";
import { glossaryFixtures } from "./conformance-fixtures-translation-glossary";
import { customizationFixtures } from "./conformance-fixtures-customization";
import { customFontFixtures } from "./conformance-fixtures-custom-fonts";
import { inviteLinkFixtures } from "./conformance-fixtures-organization-invites";
import { redirectFixtures } from "./conformance-fixtures-site-redirects";
import { mcpServerFixtures } from "./conformance-fixtures-site-mcp-servers";
import { contextConnectionFixtures } from "./conformance-fixtures-site-context-connections";
import { integrationFixtures } from "./conformance-fixtures-integrations";
import { channelFixtures } from "./conformance-fixtures-site-channels";
import { customHostnameFixtures } from "./conformance-fixtures-custom-hostnames";
import { externalLinkFixtures } from "./conformance-fixtures-site-external-links";
import { siteAgentFixtures } from "./conformance-fixtures-site-agent";
import { permissionFixtures } from "./conformance-fixtures-permissions";

/**
 * What each resource contributes to the conformance suite (conformance.test.ts): valid inputs,
 * the parent objects to make first, a change to make out of band, and its limits. A rule that
 * does not hold for a kind says why, in `Skip`; the suite then tests that reason instead.
 */

type Props = Record<string, unknown>;

/** A rule that does not apply to a kind, and why (conformance.test.ts checks the why). */
export interface Skip {
  skip: string;
}

/** What a fixture works with: the emulator, and the API called as the test's user. */
export interface Setup {
  emu: TestEmulator;
  org: string;
  api: (method: string, path: string, body?: unknown) => ReturnType<typeof callApi>;
}

/** An object the suite made through the handlers, with the parents its inputs name. */
export interface Made {
  id: string;
  outs: Props;
  parents: Props;
}

export interface Fixture {
  /** Objects made first through the API (a site, a space): answers what the inputs name. */
  parents?(s: Setup): Promise<Props>;
  /** Valid inputs; `n` makes names unique across the suite's tests. */
  inputs(parents: Props, n: number): Props;
  /** The object's own path in the API: where an out-of-band change or deletion goes. */
  path(s: Setup, made: Made): string;
  /** Each limit check refuses: the arguments over it, the property it names, its reason. */
  limits: { args: Props; property: string; reason: string | RegExp }[];
  /**
   * A change made out of band to a declared input, and the output that then shows it: a request
   * to the object's path (or `path`), after the request `before` makes when one is not enough (a
   * hostname leaves one site before another takes it).
   */
  drift:
    | {
        method?: "PATCH" | "PUT" | "POST";
        path?(s: Setup, made: Made): string;
        before?(s: Setup, made: Made): Promise<void>;
        body(made: Made): Props;
        property: string;
      }
    | Skip;
  /** How the object is deleted out of band: by default, a DELETE of its path. */
  gone?: { path(s: Setup, made: Made): string } | Skip;
  /**
   * How a write to the object shows in the request log's path, by default its id: another form
   * when the id is not in the path (a handle) or the log masks what is (an invite link's id).
   */
  loggedAs?(made: Made): string;
  /** What `adoptId` names to take the object over: by default its id. */
  adopt?: Skip;
  /** Inputs whose create needs a second request after the first, and the fault that fails it. */
  partial:
    { inputs(parents: Props, n: number): Props; fault: { method: string; path: string } } | Skip;
}

/** A value one character over `max`, refused naming the limit. */
const tooLong = (property: string, max: number) => ({
  args: { [property]: "x".repeat(max + 1) },
  property,
  reason: `must be at most ${max} characters`,
});

/** An empty string where the API wants at least one character. */
const empty = (property: string) => ({
  args: { [property]: "" },
  property,
  reason: "must not be empty",
});

const SPEC = "openapi: 3.1.0\ninfo:\n  title: Payments\n  version: 1.0.0\npaths: {}\n";

const sites = (s: Setup) => `/v1/orgs/${s.org}/sites`;
const site = (s: Setup, made: Made) => `${sites(s)}/${made.parents.siteId as string}`;

async function newSite(s: Setup, body: Props = {}): Promise<string> {
  const answer = await s.api("POST", sites(s), { title: "Conformance site", ...body });
  return answer.body.id as string;
}

async function newSpace(s: Setup, body: Props = {}): Promise<string> {
  const answer = await s.api("POST", `/v1/orgs/${s.org}/spaces`, { title: "Published", ...body });
  return answer.body.id as string;
}

/** A person of their own, a member with the `read` role: what membership tests change. */
async function newMember(s: Setup): Promise<Props> {
  const email = `person-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const seeded = await adminClient(s.emu)("POST", "/seed", {
    users: [{ displayName: "Conformance Person", email }],
    members: [{ organization: s.org, user: email, role: "read" }],
  });
  if (seeded.status !== 201) throw new Error(`seeding a member: ${seeded.text}`);
  const members = await s.api("GET", `/v1/orgs/${s.org}/members?limit=1000`);
  const member = (members.body.items as { id: string; user: { email: string } }[]).find(
    (m) => m.user.email === email,
  );
  return { email, userId: member!.id };
}

export const fixtures: Record<string, Fixture> = {
  collection: {
    inputs: (_, n) => ({ title: `Collection ${n}` }),
    path: (_, made) => `/v1/collections/${made.id}`,
    limits: [tooLong("title", 50), tooLong("description", 100)],
    drift: { body: () => ({ title: "Renamed by hand" }), property: "title" },
    partial: {
      inputs: (_, n) => ({ title: `Half made ${n}`, description: "Never patched" }),
      fault: { method: "PATCH", path: "/v1/collections/*" },
    },
  },
  space: {
    inputs: (_, n) => ({ title: `Space ${n}` }),
    path: (_, made) => `/v1/spaces/${made.id}`,
    limits: [
      empty("title"),
      tooLong("title", 50),
      {
        args: { editMode: "open" },
        property: "editMode",
        reason: 'must be one of "live", "locked"',
      },
      { args: { language: "klingon" }, property: "language", reason: /^must be one of "en"/ },
    ],
    drift: { body: () => ({ title: "Edited in the app" }), property: "title" },
    partial: {
      inputs: (_, n) => ({ title: `Half made ${n}`, defaultLevel: "read" }),
      fault: { method: "PATCH", path: "/v1/spaces/*" },
    },
  },
  site: {
    inputs: (_, n) => ({ title: `Site ${n}` }),
    path: (s, made) => `${sites(s)}/${made.id}`,
    limits: [
      { args: { title: "x" }, property: "title", reason: "must be at least 2 characters" },
      tooLong("title", 128),
      { args: { type: "gold" }, property: "type", reason: /^must be one of "basic", "premium"/ },
      empty("basename"),
      {
        args: { agentsContext: "sometimes" },
        property: "agentsContext",
        reason: 'must be one of "excluded", "included"',
      },
      { args: { proxy: "not a proxy" }, property: "proxy", reason: /^must match the pattern/ },
      {
        args: { proxy: `a.io/${"p".repeat(510)}` },
        property: "proxy",
        reason: "must be at most 512 characters",
      },
    ],
    drift: { body: () => ({ title: "By hand" }), property: "title" },
    partial: {
      inputs: (_, n) => ({ title: `Half made site ${n}`, basename: `half-${n}` }),
      fault: { method: "PATCH", path: "/v1/orgs/*/sites/*" },
    },
  },
  "site-section": {
    parents: async (s) => ({ siteId: await newSite(s), spaceId: await newSpace(s) }),
    inputs: (p, n) => ({ siteId: p.siteId, spaceId: p.spaceId, title: `Section ${n}` }),
    path: (s, made) => `${site(s, made)}/sections/${made.id}`,
    limits: [
      { args: { title: "x" }, property: "title", reason: "must be at least 2 characters" },
      empty("path"),
      tooLong("description", 256),
      tooLong("condition", 1024),
    ],
    drift: { body: () => ({ title: "By hand" }), property: "title" },
    partial: {
      inputs: (p, n) => ({ siteId: p.siteId, spaceId: p.spaceId, title: "Half", path: `h-${n}` }),
      fault: { method: "PATCH", path: "/v1/orgs/*/sites/*/sections/*" },
    },
  },
  "site-section-group": {
    parents: async (s) => ({ siteId: await newSite(s) }),
    inputs: (p, n) => ({ siteId: p.siteId, title: `Group ${n}` }),
    path: (s, made) => `${site(s, made)}/section-groups/${made.id}`,
    limits: [
      empty("title"),
      tooLong("icon", 50),
      {
        args: { sections: ["s1", "s1"] },
        property: "sections",
        reason: "must not list a section twice",
      },
    ],
    drift: { body: () => ({ title: "By hand" }), property: "title" },
    partial: { skip: "one POST carries every argument: no second request follows it" },
  },
  "site-space": {
    parents: async (s) => ({ siteId: await newSite(s), spaceId: await newSpace(s) }),
    inputs: (p, n) => ({ siteId: p.siteId, spaceId: p.spaceId, path: `space-${n}` }),
    path: (s, made) => `${site(s, made)}/site-spaces/${made.id}`,
    limits: [tooLong("path", 100), empty("condition"), tooLong("condition", 1024)],
    drift: { body: () => ({ path: "by-hand" }), property: "path" },
    partial: {
      inputs: (p, n) => ({ siteId: p.siteId, spaceId: p.spaceId, path: `half-${n}` }),
      fault: { method: "PATCH", path: "/v1/orgs/*/sites/*/site-spaces/*" },
    },
  },
  "share-link": {
    parents: async (s) => ({ siteId: await newSite(s, { visibility: "share-link" }) }),
    inputs: (p, n) => ({ siteId: p.siteId, name: `Link ${n}` }),
    path: (s, made) => `${site(s, made)}/share-links/${made.id}`,
    limits: [tooLong("name", 50)],
    drift: { body: () => ({ name: "By hand" }), property: "name" },
    partial: {
      inputs: (p, n) => ({ siteId: p.siteId, name: `Half ${n}`, active: false }),
      fault: { method: "PATCH", path: "/v1/orgs/*/sites/*/share-links/*" },
    },
  },
  "site-adaptive-schema": {
    parents: async (s) => ({ siteId: await newSite(s) }),
    inputs: (p) => ({
      siteId: p.siteId,
      jsonSchema: {
        type: "object",
        properties: { beta: { type: "boolean", description: "In the beta programme" } },
        additionalProperties: false,
      },
    }),
    path: (s, made) => `${site(s, made)}/adaptive-schema`,
    limits: [
      {
        args: { jsonSchema: { type: "array", properties: {}, additionalProperties: false } },
        property: "jsonSchema.type",
        reason: 'must be "object"',
      },
    ],
    drift: {
      method: "PUT",
      body: () => ({ jsonSchema: { type: "object", properties: {}, additionalProperties: false } }),
      property: "jsonSchema",
    },
    // A site always has a schema: it is gone only with its site.
    gone: { path: (s, made) => site(s, made) },
    partial: { skip: "one PUT writes the whole schema: no second request follows it" },
  },
  "organization-settings": {
    inputs: (_, n) => ({ title: `Organization ${n}` }),
    path: (s) => `/v1/orgs/${s.org}`,
    limits: [
      { args: { title: "x" }, property: "title", reason: /at least 2 characters/ },
      { args: { hostname: "ab" }, property: "hostname", reason: /at least 3 characters/ },
      { args: { emailDomains: ["Example.com"] }, property: "emailDomains[0]", reason: /pattern/ },
      { args: { logo: "ftp://example.com/logo.png" }, property: "logo", reason: /must be a URL/ },
      { args: { defaultRole: "owner" }, property: "defaultRole", reason: /must be one of/ },
      { args: { adoptId: "another-org" }, property: "adoptId", reason: /organization's own/ },
    ],
    drift: { body: () => ({ title: "Edited by hand" }), property: "title" },
    gone: { skip: "the settings are the organization's: nothing deletes them" },
    partial: { skip: "no POST: create takes the organization over with one PATCH" },
  },
  "organization-member": {
    parents: newMember,
    inputs: (p) => ({ email: p.email, role: "edit", removeOnDelete: true }),
    path: (s, made) => `/v1/orgs/${s.org}/members/${made.parents.userId as string}`,
    limits: [
      { args: { role: "owner" }, property: "role", reason: /must be one of/ },
      { args: { userId: "u" }, property: "userId", reason: "set either userId or email, not both" },
    ],
    drift: { body: () => ({ role: "comment" }), property: "role" },
    adopt: { skip: "a member is always taken over as it is, found by its userId or email" },
    partial: { skip: "no POST: the member exists, and create is one PATCH of its role" },
  },
  team: {
    inputs: (_, n) => ({ title: `Team ${n}` }),
    path: (s, made) => `/v1/orgs/${s.org}/teams/${made.id}`,
    limits: [
      tooLong("title", 64),
      {
        args: { members: [{ user: "a@x.com" }, { user: "A@x.com" }] },
        property: "members[1]",
        reason: "A@x.com is listed twice",
      },
      {
        args: { members: [{ user: "a", role: "admin" }] },
        property: "members[0].role",
        reason: /./,
      },
    ],
    drift: { body: () => ({ title: "By hand" }), property: "title" },
    partial: {
      inputs: (_, n) => ({
        title: `Orphan ${n}`,
        members: [{ user: "ada@example.com", role: "owner" }],
      }),
      fault: { method: "PUT", path: "/v1/orgs/*/teams/*/members" },
    },
  },
  "team-member": {
    parents: async (s) => {
      const person = await newMember(s);
      const team = await s.api("PUT", `/v1/orgs/${s.org}/teams`, { title: "Shared" });
      return { ...person, teamId: team.body.id };
    },
    inputs: (p) => ({ teamId: p.teamId, email: p.email }),
    path: (s, made) =>
      `/v1/orgs/${s.org}/teams/${made.parents.teamId as string}/members/${made.parents.userId as string}`,
    limits: [
      { args: { role: "admin" }, property: "role", reason: /./ },
      { args: { userId: "u" }, property: "userId", reason: /./ },
    ],
    drift: { method: "PUT", body: () => ({ role: "owner" }), property: "role" },
    adopt: { skip: "a membership is found by teamId and user; adoptId is refused at check" },
    partial: { skip: "one PUT adds the member with its role: no second request follows it" },
  },
  "saml-provider": {
    inputs: (_, n) => ({ label: `Okta ${n}`, ssoURL: "https://acme.okta.com/app/docs/sso/saml" }),
    path: (s, made) => `/v1/orgs/${s.org}/saml/${made.id}`,
    limits: [
      empty("label"),
      tooLong("label", 30),
      tooLong("entityID", 1024),
      { args: { ssoURL: "ftp://example.com/sso" }, property: "ssoURL", reason: "must be a URL" },
      { args: { defaultRole: "owner" }, property: "defaultRole", reason: /^must be one of/ },
    ],
    drift: { body: () => ({ label: "By hand" }), property: "label" },
    partial: { skip: "one POST carries every argument: no second request follows it" },
  },
  "openapi-spec": {
    inputs: (_, n) => ({ slug: `spec-${n}`, source: { text: SPEC }, visibility: "private" }),
    path: (s, made) => `/v1/orgs/${s.org}/openapi/${made.id}`,
    limits: [
      { args: { slug: "Bad_Slug" }, property: "slug", reason: /pattern/ },
      { args: { slug: "s".repeat(101) }, property: "slug", reason: /100/ },
      { args: { visibility: "secret" }, property: "visibility", reason: /private|public/ },
      { args: { processingTimeoutSeconds: 0 }, property: "processingTimeoutSeconds", reason: /1/ },
    ],
    drift: { body: () => ({ visibility: "public" }), property: "visibility" },
    partial: {
      inputs: (_, n) => ({ slug: `half-${n}`, source: { text: SPEC }, visibility: "public" }),
      fault: { method: "PATCH", path: "/v1/orgs/*/openapi/*" },
    },
  },
  translation: {
    parents: async (s) => ({ spaceId: await newSpace(s, { title: "Handbook", language: "en" }) }),
    inputs: (p) => ({
      spaceId: p.spaceId,
      sourceLanguage: "en",
      language: "fr",
      instructions: "Be brief.",
    }),
    path: (s, made) => `/v1/orgs/${s.org}/translations/${made.id}`,
    limits: [
      { args: { language: "klingon" }, property: "language", reason: /^must be one of/ },
      { args: { runTimeoutSeconds: 0 }, property: "runTimeoutSeconds", reason: /1/ },
      {
        args: { language: "en" },
        property: "language",
        reason: "must differ from sourceLanguage (en)",
      },
    ],
    drift: {
      method: "PUT",
      body: () => ({ instructions: textDocument("Written by hand.") }),
      property: "instructions",
    },
    partial: {
      skip: "one POST carries every argument; a run that fails is waited for, not patched",
    },
  },
  ...glossaryFixtures,
  ...customizationFixtures,
  ...redirectFixtures,
  ...mcpServerFixtures,
  ...integrationFixtures,
  ...channelFixtures,
  ...contextConnectionFixtures,
  ...customHostnameFixtures,
  ...externalLinkFixtures,
  ...siteAgentFixtures,
  ...customFontFixtures,
  ...inviteLinkFixtures,
  ...permissionFixtures,
};
