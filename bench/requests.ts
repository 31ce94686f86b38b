import * as http from "node:http";
import type { AddressInfo } from "node:net";
import type * as pulumi from "@pulumi/pulumi";
import { startEmulator, type LoggedRequest, type RunningEmulator } from "../emulator";
import { pollDelay, pollsWithin, POLL_MAX_MS } from "../provider/lifecycle/polling";
import { configure, provider } from "../provider/runtime";
import type { BenchModule } from "./index";

type Props = Record<string, unknown>;

/** One lifecycle operation: what it does, and the fewest requests the API allows for it. */
interface Operation {
  name: string;
  /** The minimum, and why it is the minimum (printed beside the count). */
  minimum: number;
  why: string;
  run(): Promise<unknown>;
  /** Runs after the count, so what it sends is not counted. */
  cleanup?(): Promise<unknown>;
}

/** The emulator's request log through its admin API, as a user's CI would read it. */
async function logged(emulator: RunningEmulator): Promise<LoggedRequest[]> {
  const response = await fetch(`${emulator.url}/_emulator/requests`, {
    headers: { authorization: `Bearer ${emulator.adminToken}` },
  });
  return ((await response.json()) as { items: LoggedRequest[] }).items;
}

async function clearLog(emulator: RunningEmulator): Promise<void> {
  await fetch(`${emulator.url}/_emulator/requests`, {
    method: "DELETE",
    headers: { authorization: `Bearer ${emulator.adminToken}` },
  });
}

/**
 * The handlers of one kind driven as the engine drives them (check before create and update,
 * diff before update), the same sequence as test/support/provider.ts.
 */
function engine(kind: string) {
  const handlers = provider(kind) as Required<pulumi.dynamic.ResourceProvider>;
  const checked = async (olds: Props, news: Props) => {
    const result = await handlers.check(olds, news);
    if (result.failures?.length) throw new Error(`check: ${JSON.stringify(result.failures)}`);
    return result.inputs as Props;
  };
  return {
    async create(args: Props) {
      const result = await handlers.create(await checked({}, args));
      return { id: result.id, outs: result.outs as Props };
    },
    read: (id: string, props: Props) => handlers.read(id, props),
    /** diff, then update only when diff reports changes, as the engine does. */
    async update(id: string, olds: Props, args: Props): Promise<Props> {
      const news = await checked(olds, args);
      const diff = await handlers.diff(id, olds, news);
      if (!diff.changes) return olds;
      return (await handlers.update(id, olds, news)).outs as Props;
    },
    delete: (id: string, props: Props) => handlers.delete(id, props),
  };
}

/**
 * A kind's lifecycle, one operation at a time. Minimums follow api/workspace-api.md: a create
 * body carries title and parent only, so a declared description or defaultLevel costs one
 * PATCH after the POST; a parent change is the move operation, a title change one PATCH; a
 * no-op is answered by diff, which makes no request; delete is one DELETE.
 */
function lifecycle(kind: string, parentId: string, extras: Props, extrasNote: string): Operation[] {
  const handlers = engine(kind);
  let plain: { id: string; outs: Props } | undefined;
  let extra: { id: string; outs: Props } | undefined;
  // The outputs the engine keeps as olds, and the arguments the program declares.
  let props: Props = {};
  let args: Props = { title: `Bench ${kind}` };
  const state = () => {
    if (plain === undefined) throw new Error("create failed");
    return plain;
  };
  return [
    {
      name: "create (title only)",
      minimum: 1,
      why: "one POST",
      run: async () => {
        plain = await handlers.create(args);
        props = plain.outs;
      },
    },
    {
      name: `create (+ ${Object.keys(extras).join(", ")})`,
      minimum: 2,
      why: `POST + PATCH: ${extrasNote}`,
      run: async () => {
        extra = await handlers.create({ title: `Bench ${kind} 2`, ...extras });
      },
      cleanup: async () => extra && handlers.delete(extra.id, extra.outs),
    },
    {
      name: "read",
      minimum: 1,
      why: "one GET",
      run: () => handlers.read(state().id, props),
    },
    {
      name: "update title",
      minimum: 1,
      why: "one PATCH",
      run: async () => {
        args = { ...args, title: `Renamed ${kind}` };
        props = await handlers.update(state().id, props, args);
      },
    },
    {
      name: "update parent (move)",
      minimum: 1,
      why: "one POST .../move",
      run: async () => {
        args = { ...args, parent: parentId };
        props = await handlers.update(state().id, props, args);
      },
    },
    {
      name: "update, nothing changed",
      minimum: 0,
      why: "diff answers without a request",
      run: async () => {
        props = await handlers.update(state().id, props, args);
      },
    },
    {
      name: "delete",
      minimum: 1,
      why: "one DELETE",
      run: () => handlers.delete(state().id, props),
    },
  ];
}

/**
 * One object of a kind taken through the measured operations: `outs` is what the engine keeps as
 * olds, `args` what the program declares; `change` merges into the args, as an edit would.
 * `existing` starts it from an object made during setup instead of through `create`.
 */
function tracked(kind: string, initial: Props, existing?: { id: string; outs: Props }) {
  const handlers = engine(kind);
  let args = initial;
  let current = existing;
  const state = () => {
    if (current === undefined) throw new Error(`${kind}: create failed`);
    return current;
  };
  return {
    create: async () => {
      current = await handlers.create(args);
    },
    read: () => handlers.read(state().id, state().outs),
    update: async (change: Props) => {
      args = { ...args, ...change };
      const { id, outs } = state();
      current = { id, outs: await handlers.update(id, outs, args) };
    },
    delete: () => handlers.delete(state().id, state().outs),
  };
}

type Tracked = ReturnType<typeof tracked>;

function createRow(object: Tracked, name: string, minimum: number, why: string): Operation {
  return { name, minimum, why, run: object.create };
}

/** A second create, deleted again after the count so later rows see only the first object. */
function createAlsoRow(
  kind: string,
  name: string,
  args: Props,
  minimum: number,
  why: string,
): Operation {
  const object = tracked(kind, args);
  return { name, minimum, why, run: object.create, cleanup: object.delete };
}

function updateRow(
  object: Tracked,
  name: string,
  change: Props,
  minimum: number,
  why: string,
): Operation {
  return { name, minimum, why, run: () => object.update(change) };
}

/**
 * A site space, section, section group or share link has no GET of its own in the API: its read
 * is one GET of the site's list, which the emulator answers in one page here.
 */
const LIST_READ = "one GET of the site's list (no GET for one object)";

/** The rows every kind ends with: no change (diff answers it, no request), then one DELETE. */
function closingRows(object: Tracked): Operation[] {
  return [
    updateRow(object, "update, nothing changed", {}, 0, "diff answers without a request"),
    { name: "delete", minimum: 1, why: "one DELETE", run: object.delete },
  ];
}

/** What the site kinds attach to, made before any count. */
interface SiteFixtures {
  /** A site with two sections, each on its own space, and a site space in the first section. */
  site: { id: string; outs: Props };
  siteArgs: Props;
  /** Spaces no section or site space uses yet. */
  freeSpaces: string[];
  sections: string[];
  siteSpaceId: string;
}

/**
 * Sites. The create body takes type, title and visibility only (api/workspace-api.md §4.10);
 * basename, adaptiveContent, agentsContext, proxy and both defaults go through PATCH, and
 * `published` through the publish and unpublish POSTs only (api/GAPS.md).
 */
function siteRows(fixtures: SiteFixtures): Operation[] {
  const site = tracked("site", { title: "Bench site" });
  const host = tracked("site", fixtures.siteArgs, fixtures.site);
  return [
    createRow(site, "create (title only)", 1, "one POST"),
    createAlsoRow(
      "site",
      "create (+ published)",
      { title: "Bench site 2", published: true },
      2,
      "POST + POST .../publish",
    ),
    createAlsoRow(
      "site",
      "create (+ basename, agentsContext, published)",
      { title: "Bench site 3", basename: "bench", agentsContext: "excluded", published: true },
      3,
      "POST + PATCH + POST .../publish",
    ),
    { name: "read (no default declared)", minimum: 1, why: "one GET", run: site.read },
    updateRow(site, "update title", { title: "Renamed site" }, 1, "one PATCH"),
    updateRow(site, "update published: true", { published: true }, 1, "one POST .../publish"),
    updateRow(site, "update published: false", { published: false }, 1, "one POST .../unpublish"),
    ...closingRows(site),
    updateRow(
      host,
      "update defaultSiteSpace + defaultSiteSection",
      { defaultSiteSpace: fixtures.siteSpaceId, defaultSiteSection: fixtures.sections[0] },
      1,
      "one PATCH carries both",
    ),
    {
      name: "read (both defaults declared)",
      minimum: 3,
      // Site spaces and sections each carry a `default` flag; the site object carries neither.
      why: "GET site + GET site-spaces?default=true + GET sections",
      run: host.read,
    },
  ];
}

/** Site spaces: the create body takes spaceId and sectionId only (§4.11); path goes by PATCH. */
function siteSpaceRows(fixtures: SiteFixtures): Operation[] {
  const [first, second] = fixtures.freeSpaces;
  const on = { siteId: fixtures.site.id, sectionId: fixtures.sections[1] };
  const siteSpace = tracked("site-space", { ...on, spaceId: first });
  return [
    createRow(siteSpace, "create (spaceId, sectionId)", 1, "one POST"),
    createAlsoRow(
      "site-space",
      "create (+ path)",
      { ...on, spaceId: second, path: "bench-path" },
      2,
      "POST + PATCH: the create body has no path",
    ),
    { name: "read", minimum: 1, why: LIST_READ, run: siteSpace.read },
    updateRow(siteSpace, "update path", { path: "moved-path" }, 1, "one PATCH"),
    updateRow(
      siteSpace,
      "update path + condition",
      { path: "again", condition: "visitor.claims.beta === true" },
      1,
      "one PATCH carries both",
    ),
    ...closingRows(siteSpace),
  ];
}

/**
 * Sections: the create body takes spaceId, title, icon and siteSectionGroupId (api/GAPS.md);
 * path, description, condition and defaultSiteSpace go by PATCH.
 */
function siteSectionRows(fixtures: SiteFixtures): Operation[] {
  const [, , third, fourth] = fixtures.freeSpaces;
  const siteId = fixtures.site.id;
  const section = tracked("site-section", {
    siteId,
    spaceId: third,
    title: "Bench section",
    icon: "book",
  });
  return [
    createRow(section, "create (spaceId, title, icon)", 1, "one POST"),
    createAlsoRow(
      "site-section",
      "create (+ path, description)",
      { siteId, spaceId: fourth, title: "Bench section 2", path: "bench-2", description: "Two" },
      2,
      "POST + PATCH: the create body has no path or description",
    ),
    { name: "read", minimum: 1, why: LIST_READ, run: section.read },
    updateRow(section, "update title", { title: "Renamed section" }, 1, "one PATCH"),
    updateRow(
      section,
      "update path + description",
      { path: "renamed", description: "Described" },
      1,
      "one PATCH carries both",
    ),
    ...closingRows(section),
  ];
}

/**
 * Section groups: the create body takes title, icon and the ordered sections (§4.11); a section
 * joins with one POST .../sections (appended) and leaves with one DELETE .../sections/{id}.
 */
function siteSectionGroupRows(fixtures: SiteFixtures): Operation[] {
  const [first, second] = fixtures.sections;
  const group = tracked("site-section-group", {
    siteId: fixtures.site.id,
    title: "Bench group",
    sections: [first],
  });
  return [
    createRow(group, "create (title, sections)", 1, "one POST: the body takes the sections"),
    { name: "read", minimum: 1, why: LIST_READ, run: group.read },
    updateRow(group, "update title", { title: "Renamed group" }, 1, "one PATCH"),
    // From the order in state: removals answer no body, each add answers the whole group.
    updateRow(
      group,
      "update sections: append one",
      { sections: [first, second] },
      1,
      "one POST .../sections",
    ),
    updateRow(
      group,
      "update sections: remove one",
      { sections: [second] },
      1,
      "one DELETE .../sections/{id}",
    ),
    ...closingRows(group),
  ];
}

/** Share links: the create body takes the name only, and a new link is active (§4.11). */
function shareLinkRows(fixtures: SiteFixtures): Operation[] {
  const siteId = fixtures.site.id;
  const link = tracked("share-link", { siteId, name: "Bench link" });
  return [
    createRow(link, "create (active)", 1, "one POST: a new link is active"),
    createAlsoRow(
      "share-link",
      "create (active: false)",
      { siteId, name: "Bench link 2", active: false },
      2,
      "POST + PATCH: the create body has no active",
    ),
    { name: "read", minimum: 1, why: LIST_READ, run: link.read },
    updateRow(link, "update name", { name: "Renamed link" }, 1, "one PATCH"),
    updateRow(link, "update active: false", { active: false }, 1, "one PATCH"),
    ...closingRows(link),
  ];
}

/** The user ids of the demo organization's people, by e-mail (emulator/seed.ts). */
async function demoPeople(emulator: RunningEmulator): Promise<Record<string, string>> {
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
function organizationSettingsRows(): Operation[] {
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
function organizationMemberRows(people: Record<string, string>): Operation[] {
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
function teamRows(people: Record<string, string>): Operation[] {
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
function teamMemberRows(people: Record<string, string>, teamId: string): Operation[] {
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
function samlProviderRows(): Operation[] {
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

/**
 * The site the site kinds attach to: two sections on spaces of their own, a site space in the
 * first, and four spaces left free for the measured site spaces and sections.
 */
async function siteFixtures(parentId: string): Promise<SiteFixtures> {
  const spaces: string[] = [];
  for (let i = 0; i < 7; i++) {
    spaces.push((await engine("space").create({ title: `Bench space ${i}`, parent: parentId })).id);
  }
  const siteArgs: Props = { title: "Bench host site" };
  const site = await engine("site").create(siteArgs);
  const sections: string[] = [];
  for (const [i, spaceId] of spaces.slice(0, 2).entries()) {
    const args = { siteId: site.id, spaceId, title: `Fixture section ${i}` };
    sections.push((await engine("site-section").create(args)).id);
  }
  const siteSpace = await engine("site-space").create({
    siteId: site.id,
    sectionId: sections[0],
    spaceId: spaces[2],
  });
  return { site, siteArgs, freeSpaces: spaces.slice(3), sections, siteSpaceId: siteSpace.id };
}

/** A small OpenAPI document, in the text the rows send. */
const specText = (title: string) =>
  `openapi: 3.1.0\ninfo: { title: ${title}, version: 1.0.0 }\npaths: {}\n`;

/**
 * OpenAPI specs (§4.13): the create body takes slug and source; visibility goes by PATCH; a new
 * source is one PUT. The emulator here processes with no delay, so a wait's floor is one GET: the
 * look that finds the work `complete` (the POST or PUT answers it `pending`).
 */
function openApiSpecRows(): Operation[] {
  const spec = tracked("openapi-spec", {
    slug: "bench-spec",
    source: { text: specText("Bench") },
    waitForProcessing: false,
  });
  const waited = tracked("openapi-spec", {
    slug: "bench-spec-waited",
    source: { text: specText("Waited") },
    visibility: "public",
  });
  return [
    createRow(spec, "create (text, no wait)", 1, "one POST"),
    createRow(waited, "create (+ public, waited)", 3, "POST + GET complete + PATCH visibility"),
    {
      name: "read (text source, processed)",
      minimum: 2,
      why: "GET the spec + GET its latest version's text (drift in the text)",
      run: waited.read,
    },
    updateRow(spec, "update source (no wait)", { source: { text: specText("Two") } }, 1, "one PUT"),
    updateRow(
      waited,
      "update source (waited)",
      { source: { text: specText("Waited two") } },
      2,
      "PUT + GET complete",
    ),
    updateRow(spec, "update visibility", { visibility: "public" }, 1, "one PATCH"),
    updateRow(
      spec,
      "update waitForProcessing",
      { waitForProcessing: true },
      0,
      "how up waits, not the spec: diff answers",
    ),
    ...closingRows(spec),
    { name: "delete (waited)", minimum: 1, why: "one DELETE", run: waited.delete },
  ];
}

/**
 * Translations (§4.14): the create body carries the source, language and instructions, and starts
 * the first run, which `up` waits for; new instructions are one PUT, and one POST .../run unless
 * runOnChange is false. Delete takes the result space the runs made with it.
 */
function translationRows(spaceId: string): Operation[] {
  const translation = tracked("translation", {
    spaceId,
    sourceLanguage: "en",
    language: "fr",
    instructions: "Keep product names in English.",
  });
  return [
    createRow(translation, "create (runs, waited)", 2, "POST + GET completed"),
    { name: "read", minimum: 1, why: "one GET", run: translation.read },
    updateRow(
      translation,
      "update instructions (runs, waited)",
      { instructions: "Keep product and team names in English." },
      3,
      "PUT instructions + POST .../run + GET completed",
    ),
    updateRow(
      translation,
      "update instructions (runOnChange: false)",
      { instructions: "Use the formal register.", runOnChange: false },
      1,
      "one PUT instructions",
    ),
    updateRow(translation, "update, nothing changed", {}, 0, "diff answers without a request"),
    {
      name: "delete (+ its result space)",
      minimum: 2,
      why: "DELETE translation + DELETE result space",
      run: translation.delete,
    },
  ];
}

/** An HTTP server that answers every request with `text` after `delayMs`: a slow spec source. */
async function slowSource(text: string, delayMs: number): Promise<{ url: string; close(): void }> {
  const server = http.createServer((_, response) => {
    setTimeout(() => response.end(text), delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/openapi.yaml`, close: () => server.close() };
}

/** How long the measured wait lasts: the spec's source answers after this long. */
const MEASURED_WAIT_MS = 4_000;

/**
 * What waiting costs: the poll plan (one GET at once, then after 250 ms, growing by half, at most
 * every 5 s) for waits of several lengths, and one real wait, a spec whose source URL answers
 * after 4 s, whose GETs are counted from the emulator's log.
 */
async function pollingCost(emulator: RunningEmulator): Promise<string[]> {
  const lines = [
    `${"wait".padEnd(10)} ${"GETs".padStart(5)} ${"GETs/s".padStart(7)}  (the plan: pollsWithin)`,
  ];
  for (const seconds of [1, 4, 10, 60, 300]) {
    const polls = pollsWithin(seconds * 1000);
    lines.push(
      `${`${seconds} s`.padEnd(10)} ${String(polls).padStart(5)} ${(polls / seconds).toFixed(2).padStart(7)}`,
    );
  }
  lines.push(
    `steady state past ${Math.round(POLL_MAX_MS / 1000)} s between polls: ${(1000 / pollDelay(100)).toFixed(2)} GET/s`,
  );

  const source = await slowSource(specText("Slow"), MEASURED_WAIT_MS);
  const spec = tracked("openapi-spec", { slug: "bench-slow-spec", source: { url: source.url } });
  try {
    await clearLog(emulator);
    const started = performance.now();
    await spec.create();
    const waitedMs = performance.now() - started;
    const gets = (await logged(emulator)).filter((r) => r.method === "GET").length;
    const planned = pollsWithin(waitedMs);
    lines.push(
      `measured: a create whose source answers after ${MEASURED_WAIT_MS / 1000} s waited ${(waitedMs / 1000).toFixed(2)} s with ${gets} GETs = ${(gets / (waitedMs / 1000)).toFixed(2)} GET/s (the plan allows ${planned} in that time: ${gets <= planned ? "within" : "ABOVE"})`,
    );
    await spec.delete();
  } finally {
    source.close();
  }
  return lines;
}

export const requestsBench: BenchModule = {
  name: "requests per lifecycle operation",
  async run() {
    // No processing delay: a waited operation's floor is then one GET (see openApiSpecRows).
    const emulator = await startEmulator({ port: 0, seed: "demo", processingDelayMs: 0 });
    try {
      const values: Record<string, string> = {
        "docs-workspace:apiUrl": emulator.url,
        "docs-workspace:apiToken": emulator.token!,
        "docs-workspace:organizationId": emulator.organizationId!,
      };
      await configure({
        config: {
          get: (key: string) => values[key],
          require: (key: string) => {
            const value = values[key];
            if (value === undefined) throw new Error(`missing ${key}`);
            return value;
          },
        },
      });
      // The collection both kinds move into, made outside the measured operations.
      const parent = await engine("collection").create({ title: "Bench parent" });

      const kinds: [string, Operation[]][] = [
        [
          "collection",
          lifecycle(
            "collection",
            parent.id,
            { description: "Described", defaultLevel: "read" },
            "the create body has no description or defaultLevel",
          ),
        ],
        [
          "space",
          lifecycle(
            "space",
            parent.id,
            { defaultLevel: "read" },
            "the create body has no defaultLevel",
          ),
        ],
      ];
      const fixtures = await siteFixtures(parent.id);
      const translated = await engine("space").create({
        title: "Bench translated",
        parent: parent.id,
        language: "en",
      });
      kinds.push(
        ["site", siteRows(fixtures)],
        ["site-space", siteSpaceRows(fixtures)],
        ["site-section", siteSectionRows(fixtures)],
        ["site-section-group", siteSectionGroupRows(fixtures)],
        ["share-link", shareLinkRows(fixtures)],
        ["openapi-spec", openApiSpecRows()],
        ["translation", translationRows(translated.id)],
      );
      const people = await demoPeople(emulator);
      const sharedTeam = await engine("team").create({ title: "Bench shared team" });
      kinds.push(
        ["organization-settings", organizationSettingsRows()],
        ["organization-member", organizationMemberRows(people)],
        ["team", teamRows(people)],
        ["team-member", teamMemberRows(people, sharedTeam.id)],
        ["saml-provider", samlProviderRows()],
      );

      const lines = [
        `${"kind".padEnd(21)} ${"operation".padEnd(44)} ${"made".padStart(4)} ${"min".padStart(4)}  ${"equal".padEnd(5)}  requests made (minimum: why)`,
      ];
      let missed = 0;
      for (const [kind, operations] of kinds) {
        for (const operation of operations) {
          await clearLog(emulator);
          await operation.run();
          const requests = await logged(emulator);
          await operation.cleanup?.();
          const made = requests.length;
          if (made !== operation.minimum) missed++;
          const what = requests.map((r) => r.method).join(" + ") || "none";
          lines.push(
            `${kind.padEnd(21)} ${operation.name.padEnd(44)} ${String(made).padStart(4)} ${String(operation.minimum).padStart(4)}  ${(made === operation.minimum ? "yes" : "NO").padEnd(5)}  ${what} (${operation.why})`,
          );
        }
      }
      lines.push(
        missed === 0
          ? "every operation makes the minimum (target: equal)"
          : `${missed} operation(s) above the minimum (target: equal)`,
        // Said beside the count, so a NO on a waited row reads for what it is.
        "waited rows: the first look comes at once after the answer that started the work; when the",
        "emulator's job (no delay, but later turns of its event loop) has not finished by then, the",
        "wait costs one more GET, 250 ms later",
        "",
        "polling cost of a wait (processing, translation runs)",
        ...(await pollingCost(emulator)),
      );
      return lines;
    } finally {
      await emulator.close();
    }
  },
};
