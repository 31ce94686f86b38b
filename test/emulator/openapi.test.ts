import { createApp, openStore, routeGroups } from "../../emulator/index";
import * as openapi from "../../emulator/http/openapi";
import { conformanceProblem } from "./conformance";
import { createTestEmulator, type TestEmulator } from "../support/emulator";

/** `/openapi.json`: generated from the route declarations, and covering every route served. */
let t: TestEmulator;

interface Document {
  openapi: string;
  paths: Record<string, Record<string, { operationId: string; responses: object }>>;
  components: { schemas: Record<string, unknown> };
}

let doc: Document;

beforeAll(async () => {
  t = await createTestEmulator();
  const res = await t.fetch(`${t.url}/openapi.json`);
  expect(res.status).toBe(200);
  doc = (await res.json()) as Document;
});
afterAll(() => t.close());

/** `/v1/orgs/:organizationId` as OpenAPI writes it (and `:pagePath{.+}`, the rest of a path). */
const openApiPath = (path: string) => path.replace(/:(\w+)(\{\.\+\})?/g, "{$1}");

test("every route the emulator serves appears in /openapi.json with its method", () => {
  const store = openStore();
  try {
    const served = createApp(store)
      .routes.filter((r) => r.method !== "ALL")
      .map((r) => `${r.method} ${openApiPath(r.path)}`);
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(served.sort()).toEqual(documented.sort());
    expect(documented).toContain("GET /openapi.json");
    expect(served.length).toBeGreaterThan(50);
  } finally {
    store.close();
  }
});

test("each operation has a unique operationId and answers as declared", () => {
  const ids = Object.values(doc.paths).flatMap((ops) =>
    Object.values(ops).map((op) => op.operationId),
  );
  expect(new Set(ids).size).toBe(ids.length);
  expect(doc.openapi).toBe("3.1.0");
  const site = doc.paths["/v1/orgs/{organizationId}/sites/{siteId}"]!;
  expect(Object.keys(site).sort()).toEqual(["delete", "get", "patch"]);
  expect(site.delete!.responses).toMatchObject({
    "204": { description: "The site did not exist" },
    "205": { description: "The site has been deleted" },
    default: {
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    },
  });
});

test("every $ref points at a component that exists", () => {
  const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map(
    ([, id]) => id!,
  );
  expect(refs.length).toBeGreaterThan(100);
  expect(refs.filter((id) => !(id in doc.components.schemas))).toEqual([]);
});

test("the response schemas carry the hosted service's fields", () => {
  const schema = (id: string) =>
    doc.components.schemas[id] as { properties: Record<string, unknown>; required: string[] };
  expect(schema("Site").required).toEqual(
    expect.arrayContaining(["appliedType", "defaultLevel", "features", "permissions"]),
  );
  expect(schema("Space").required).toContain("mergeRules");
  expect(schema("SiteSectionGroup").required).toEqual(
    expect.arrayContaining(["children", "draft"]),
  );
  expect(schema("Organization").properties).not.toHaveProperty("internal_isOnNewTrial");
});

test("a new route is picked up from its family's list, with no other wiring", () => {
  const operations = routeGroups().flatMap((g) => g.routes.map((r) => r.operationId));
  const documented = Object.values(doc.paths).flatMap((ops) =>
    Object.values(ops).map((op) => op.operationId),
  );
  expect(documented.sort()).toEqual(operations.sort());
});

test("/openapi.json is built once, not on every request", async () => {
  const build = jest.spyOn(openapi, "openApiDocument");
  try {
    const texts = [];
    for (let i = 0; i < 5; i++) texts.push(await (await t.fetch(`${t.url}/openapi.json`)).text());
    // Built for this file's first request, in beforeAll: none of these five builds it again.
    expect(build).not.toHaveBeenCalled();
    expect(new Set(texts).size).toBe(1);
    expect(JSON.parse(texts[0]!)).toEqual(doc);
  } finally {
    build.mockRestore();
  }
});

describe("the conformance check every in-process answer goes through", () => {
  const url = "http://emulator.test/v1/orgs/o1";
  const org = {
    object: "organization",
    id: "o1",
    title: "Org",
    createdAt: "2025-01-01T00:00:00.000Z",
    emailDomains: [],
    type: "business",
    defaultRole: null,
    sso: false,
    ai: false,
    inviteLinks: true,
    plan: "free_2024",
    mergeRules: { type: "none" },
    urls: { location: url, app: "http://emulator.test/app/o/o1" },
    trial: { status: "notapplicable", count: 0 },
    permissions: Object.fromEntries(
      [
        "view",
        "access",
        "admin",
        "ownTeam",
        "createContent",
        "createOpenAPISpec",
        "viewBilling",
        "listMembers",
        "listTeams",
        "listIntegrations",
        "listInstallations",
        "installIntegration",
      ].map((k) => [k, true]),
    ),
  };
  const check = (status: number, body: unknown, method = "GET", at = url) =>
    conformanceProblem(method, at, status, "application/json", JSON.stringify(body));

  test("accepts a body its schema accepts", () => {
    expect(check(200, org)).toBeUndefined();
  });

  test("refuses an extra field, a missing field, an undeclared status and an unknown route", () => {
    expect(check(200, { ...org, internal_isOnNewTrial: true })).toMatch(
      /body has unknown field internal_isOnNewTrial/,
    );
    const { mergeRules: _dropped, ...withoutRules } = org;
    expect(check(200, withoutRules)).toMatch(/refuses: mergeRules /);
    expect(check(201, org)).toMatch(/a status \/v1\/orgs\/\{organizationId\} does not declare/);
    expect(check(200, {}, "GET", "http://emulator.test/v1/nowhere")).toMatch(/no declared route/);
    expect(check(404, { message: "nope" })).toMatch(/not the API's error body/);
  });
});

test("content, comment, SAML, ping and spec-content schemas require what the hosted service's document requires", () => {
  type Schema = {
    properties: Record<string, Schema>;
    required: string[];
    anyOf?: Schema[];
    items?: Schema;
  };
  const schema = (id: string) => doc.components.schemas[id] as Schema;
  const page = schema("RevisionPageDocument");
  expect(page.required).toEqual(expect.arrayContaining(["markdown", "layout", "tags"]));
  expect(page.properties.layout!.required).toEqual(
    expect.arrayContaining(["coverMask", "metadata", "tags", "actions", "anchors"]),
  );
  const revisions = schema("Revision").anyOf!.map((variant) => [
    variant.properties.type,
    variant.required.includes("mergedFrom"),
  ]);
  expect(revisions).toContainEqual([expect.objectContaining({ const: "merge" }), true]);
  expect(revisions).toContainEqual([expect.objectContaining({ enum: ["edits", "update"] }), false]);
  expect(schema("Comment").required).toContain("repliers");
  expect(schema("OrganizationSAMLProvider").required).toEqual(
    expect.arrayContaining(["entityID", "certificate", "ssoURL"]),
  );
  expect(schema("OrganizationPing").required).toContain("gitbookVisitorClaims");
  expect(schema("OpenAPISpecContent").required).toEqual(expect.arrayContaining(["url", "urls"]));
  for (const path of [
    "/v1/spaces/{spaceId}/comments/{commentId}",
    "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies/{commentReplyId}",
  ])
    expect(Object.keys(doc.paths[path]!.delete!.responses)).toEqual(
      expect.arrayContaining(["204", "205"]),
    );
});

test("the permissions families are documented with the hosted service's operation ids", () => {
  const byId = new Map(
    Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => [op.operationId, `${method} ${path}`] as const),
    ),
  );
  for (const [noun, base] of [
    ["Space", "/v1/spaces/{spaceId}"],
    ["Collection", "/v1/collections/{collectionId}"],
    ["Site", "/v1/orgs/{organizationId}/sites/{siteId}"],
  ] as const) {
    expect({
      invite: byId.get(`inviteTo${noun}`),
      teams: byId.get(`listTeamPermissionsIn${noun}`),
      users: byId.get(`listUserPermissionsIn${noun}`),
      aggregate: byId.get(`listPermissionsAggregateIn${noun}`),
      updateTeam: byId.get(`updateTeamPermissionIn${noun}`),
      removeTeam: byId.get(`removeTeamFrom${noun}`),
      updateUser: byId.get(`updateUserPermissionIn${noun}`),
      removeUser: byId.get(`removeUserFrom${noun}`),
    }).toEqual({
      invite: `post ${base}/permissions`,
      teams: `get ${base}/permissions/teams`,
      users: `get ${base}/permissions/users`,
      aggregate: `get ${base}/permissions/aggregate`,
      updateTeam: `patch ${base}/permissions/teams/{teamId}`,
      removeTeam: `delete ${base}/permissions/teams/{teamId}`,
      updateUser: `patch ${base}/permissions/users/{userId}`,
      removeUser: `delete ${base}/permissions/users/{userId}`,
    });
  }
  const schema = (id: string) => doc.components.schemas[id] as { required: string[] };
  expect(schema("UserSitePermission").required.sort()).toEqual(
    ["disabled", "origin", "permission", "user"].sort(),
  );
  expect(schema("UserContentPermission").required.sort()).toEqual(["permission", "user"]);
});

test("site customization: the five hosted operations, the settings schema with its required sections", () => {
  const site = doc.paths["/v1/orgs/{organizationId}/sites/{siteId}/customization"]!;
  const siteSpace =
    doc.paths["/v1/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/customization"]!;
  expect([site.get?.operationId, site.put?.operationId]).toEqual([
    "getSiteCustomizationById",
    "updateSiteCustomizationById",
  ]);
  expect([
    siteSpace.get?.operationId,
    siteSpace.patch?.operationId,
    siteSpace.delete?.operationId,
  ]).toEqual([
    "getSiteSpaceCustomizationById",
    "overrideSiteSpaceCustomizationById",
    "deleteSiteSpaceCustomizationById",
  ]);
  expect(Object.keys(siteSpace.delete!.responses)).toEqual(expect.arrayContaining(["204", "205"]));
  const settings = doc.components.schemas.SiteCustomizationSettings as { required: string[] };
  expect(settings.required).toEqual(
    expect.arrayContaining(["styling", "header", "footer", "themes", "ai", "insights"]),
  );
  expect(settings.required).not.toContain("title");
});
