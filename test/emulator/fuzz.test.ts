import { z } from "zod";
import { routeGroups } from "../../emulator/index";
import { MAX_BODY_BYTES } from "../../emulator/limits";
import { fullPath } from "../../emulator/http/openapi";
import type { Route } from "../../emulator/http/route";
import { apiClient, createTestEmulator, type TestEmulator } from "../support/emulator";

/**
 * A bounded fuzz of every route the emulator declares (the workspace API and the app pages):
 * malformed JSON, wrong types for each body field, huge and deep bodies, odd ids and cursors,
 * wrong auth. Any 5xx fails; every answer also goes through the conformance check of
 * createTestEmulator, so an error must be the API's error body. Routes are read from the same
 * declarations as /openapi.json: a new family is fuzzed with no change here.
 */
let t: TestEmulator;
/** A valid value for every path parameter name, from a small workspace made below. */
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestEmulator();
  const api = apiClient(t.url, t.token, t.fetch);
  const post = async (path: string, body: unknown) => {
    const res = await api("POST", path, body);
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${res.text}`);
    return res.body.id;
  };
  const org = `/v1/orgs/${t.organizationId}`;
  ids.organizationId = t.organizationId;
  ids.collectionId = await post(`${org}/collections`, { title: "Fuzz" });
  ids.spaceId = await post(`${org}/spaces`, { title: "Fuzz", parent: ids.collectionId });
  ids.siteId = await post(`${org}/sites`, { title: "Fuzz site" });
  const site = `${org}/sites/${ids.siteId}`;
  ids.siteSectionId = await post(`${site}/sections`, { spaceId: ids.spaceId, title: "Fuzz" });
  ids.siteSectionGroupId = await post(`${site}/section-groups`, { title: "Fuzz" });
  const other = await post(`${org}/spaces`, { title: "Other" });
  ids.siteSpaceId = await post(`${site}/site-spaces`, { spaceId: other });
  ids.shareLinkId = await post(`${site}/share-links`, { name: "Fuzz" });
  ids.emailDomain = "example.com";
  const font = await api("PUT", `${org}/fonts`, {
    fontFamily: "Fuzz Sans",
    fontFaces: [{ weight: 400, storageKey: "fonts/fuzz.woff2" }],
  });
  ids.fontId = font.body.id as string;
  const invite = await api("POST", `${org}/link-invites`, { role: "read" });
  ids.inviteId = invite.body.id as string;
  ids.hostname = "docs.fuzz.example";
  await api("PATCH", site, { hostname: ids.hostname });
  const link = { title: "Fuzz", url: "https://fuzz.example", parent: ids.siteSectionGroupId };
  ids.siteExternalLinkId = await post(`${site}/external-links`, link);
  const context = {
    connector: "builtin:github-issues",
    setupSettings: { repository: "a/b", token: "t" },
  };
  ids.siteContextConnectionId = await post(`${site}/context-connections`, context);
  ids.integrationName = "slack";
  const installation = { organization: t.organizationId };
  ids.installationId = await post("/v1/integrations/slack/installations", installation);
  const installed = `/v1/integrations/slack/installations/${ids.installationId}`;
  await post(`${installed}/sites`, { siteId: ids.siteId });
  await api("PATCH", `${installed}/spaces/${ids.spaceId}`, {});
  await t.clearRequests();
});
afterAll(() => t.close());

const cursor = (value: unknown) => Buffer.from(JSON.stringify({ o: value })).toString("base64url");

const ODD_IDS = [
  "x",
  "%00",
  "%E0%A4%A",
  "..%2F..",
  encodeURIComponent("💥 ünïcødé"),
  "a".repeat(4096),
  "null",
  "1e308",
];

const ODD_QUERIES = [
  `page=${cursor(1e308)}`,
  `page=${cursor(-5)}`,
  `page=${cursor("0")}`,
  `page=${cursor(null)}`,
  "page=%%%",
  `page=${"A".repeat(5000)}`,
  "limit=1e400",
  "limit=-1",
  "limit=NaN",
  "limit=99999999999999999999",
  "limit=1&limit=2",
  "published=maybe&default=maybe&nested=maybe&type=nope&shareKey=",
  "shareKey=" + "k".repeat(5000),
];

const MALFORMED = ["{", "[", "null", '"text"', "1", "{}}", '{"a":', "\u0000", "[]"];

const WRONG_VALUES: unknown[] = [
  123,
  -1.5,
  "",
  "x".repeat(100_000),
  true,
  null,
  [],
  [1, "a", null],
  {},
  { nested: { deeper: [] } },
];

const nest = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

/** The bodies to send a route: broken JSON, then each declared field given each wrong value. */
function bodiesFor(route: Route<unknown>): string[] {
  const bodies = [
    ...MALFORMED,
    nest(100_000),
    JSON.stringify({ x: "y".repeat(MAX_BODY_BYTES) }),
    JSON.stringify({ unknownField: 1 }),
  ];
  const shape = route.body instanceof z.ZodObject ? route.body.shape : {};
  for (const field of Object.keys(shape))
    for (const value of WRONG_VALUES) bodies.push(JSON.stringify({ [field]: value }));
  return bodies;
}

/** The route's path with every parameter valid, or with `odd` in place of one of them. */
function pathsFor(prefix: string, route: Route<unknown>): string[] {
  const template = fullPath(prefix, route.path);
  const names = [...template.matchAll(/\{(\w+)\+?\}/g)].map(([, name]) => name!);
  const fill = (oddName?: string, odd?: string) =>
    template.replace(/\{(\w+)\+?\}/g, (_all, name: string) =>
      name === oddName ? odd! : encodeURIComponent(ids[name] ?? "unknown"),
    );
  return [fill(), ...names.flatMap((name) => ODD_IDS.map((odd) => fill(name, odd)))];
}

interface Case {
  method: string;
  path: string;
  token: string | undefined;
  body?: string;
}

function casesFor(prefix: string, route: Route<unknown>): Case[] {
  const method = route.method.toUpperCase();
  const [valid, ...odd] = pathsFor(prefix, route);
  const cases: Case[] = [];
  for (const token of [undefined, "not-a-token", t.foreignToken, t.token])
    cases.push({ method, path: valid!, token });
  for (const path of odd) cases.push({ method, path, token: t.token });
  for (const query of ODD_QUERIES)
    cases.push({ method, path: `${valid}?${query}`, token: t.token });
  if (route.body !== undefined || method !== "GET")
    for (const body of bodiesFor(route)) cases.push({ method, path: valid!, token: t.token, body });
  return cases;
}

/**
 * The API's routes and the app pages; the admin API is fuzzed apart, in an emulator of its own
 * (it resets and adds faults).
 */
function fuzzedRoutes(): { prefix: string; route: Route<unknown> }[] {
  const all = routeGroups()
    .filter((g) => g.prefix !== "/_emulator")
    .flatMap((g) =>
      g.routes.map((route) => ({ prefix: g.prefix, route: route as Route<unknown> })),
    );
  // Deletes go last, so the objects the other routes are fuzzed against still exist.
  return [
    ...all.filter((r) => r.route.method !== "delete"),
    ...all.filter((r) => r.route.method === "delete"),
  ];
}

test("no route answers 5xx to malformed, mistyped, oversized or unauthorized input", async () => {
  const failures: string[] = [];
  let sent = 0;
  for (const { prefix, route } of fuzzedRoutes()) {
    for (const c of casesFor(prefix, route)) {
      const headers: Record<string, string> = {};
      if (c.token !== undefined) headers.authorization = `Bearer ${c.token}`;
      if (c.body !== undefined) headers["content-type"] = "application/json";
      sent++;
      try {
        const res = await t.fetch(`${t.url}${c.path}`, { method: c.method, headers, body: c.body });
        if (res.status >= 500)
          failures.push(`${c.method} ${c.path.slice(0, 120)}: ${res.status} ${await res.text()}`);
      } catch (error) {
        failures.push(`${c.method} ${c.path.slice(0, 120)}: ${(error as Error).message}`);
      }
    }
  }
  expect(failures).toEqual([]);
  // Bounded: a few thousand requests, every declared route covered.
  expect(sent).toBeGreaterThan(3000);
  expect(sent).toBeLessThan(20_000);
});

test("after the fuzz, the request log and its page still answer", async () => {
  const admin = { headers: { authorization: `Bearer ${t.adminToken}` } };
  expect((await t.fetch(`${t.url}/_emulator/requests`, admin)).status).toBe(200);
  expect((await t.fetch(`${t.url}/app/requests`, admin)).status).toBe(200);
});

test("the admin API answers 401 to every request without its token, and never 5xx with it", async () => {
  // An emulator of its own: the admin API resets and adds faults.
  const own = await createTestEmulator();
  try {
    const failures: string[] = [];
    let sent = 0;
    const adminRoutes = routeGroups().find((g) => g.prefix === "/_emulator")!.routes;
    for (const route of adminRoutes as Route<unknown>[]) {
      const method = route.method.toUpperCase();
      const [valid, ...odd] = pathsFor("/_emulator", route);
      const bodies = [...bodiesFor(route), undefined];
      const send = async (
        path: string,
        token: string | undefined,
        body?: string,
        type?: string,
      ) => {
        if (method === "GET") body = undefined;
        const headers: Record<string, string> = {};
        if (token !== undefined) headers.authorization = `Bearer ${token}`;
        if (body !== undefined) headers["content-type"] = type ?? "application/json";
        sent++;
        const res = await own.fetch(`${own.url}${path}`, { method, headers, body });
        return { status: res.status, text: await res.text() };
      };
      // Without the admin token: no route does anything, whatever it is sent.
      for (const token of [undefined, "not-a-token", own.token, own.foreignToken])
        for (const body of [undefined, JSON.stringify({ organizations: [{ title: "Minted" }] })])
          for (const type of ["application/json", "text/plain"]) {
            const res = await send(valid!, token, body, type);
            if (res.status !== 401)
              failures.push(`${method} ${valid} as ${token ?? "nobody"}: ${res.status}`);
          }
      // With it: bad input is a 4xx.
      const cases: [string, string | undefined, string | undefined][] = [
        ...odd.map((path): [string, undefined, undefined] => [path, undefined, undefined]),
        ...bodies.map((body): [string, string | undefined, undefined] => [valid!, body, undefined]),
        [valid!, JSON.stringify({}), "text/plain"],
      ];
      for (const [path, body, type] of cases) {
        const res = await send(path, own.adminToken, body, type);
        if (res.status >= 500)
          failures.push(`${method} ${path.slice(0, 120)}: ${res.status} ${res.text.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(200);
  } finally {
    await own.close();
  }
});
