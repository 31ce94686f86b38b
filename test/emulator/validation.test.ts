import { apiClient, createTestEmulator, type TestEmulator } from "../support/emulator";

let t: TestEmulator;
let api: ReturnType<typeof apiClient>;
let spaceId: string;
let collectionId: string;

beforeAll(async () => {
  t = await createTestEmulator();
  api = apiClient(t.url, t.token, t.fetch);
  spaceId = (await api("POST", `/v1/orgs/${t.organizationId}/spaces`, {})).body.id;
  collectionId = (await api("POST", `/v1/orgs/${t.organizationId}/collections`, {})).body.id;
});
afterAll(() => t.close());

interface Limit {
  name: string;
  method: string;
  path: () => string;
  field: string;
  /** The longest (or shortest) accepted value, and the first refused one. */
  ok: string;
  bad: string;
  message: string;
}

const s = (n: number, c = "a") => c.repeat(n);

const limits: Limit[] = [
  {
    name: "space title",
    method: "PATCH",
    path: () => `/v1/spaces/${spaceId}`,
    field: "title",
    ok: s(50),
    bad: s(51),
    message: "title must be at most 50 characters",
  },
  {
    name: "space emoji",
    method: "PATCH",
    path: () => `/v1/spaces/${spaceId}`,
    field: "emoji",
    ok: s(50, "x"),
    bad: s(51, "x"),
    message: "emoji must be at most 50 characters",
  },
  {
    name: "space title on create",
    method: "POST",
    path: () => `/v1/orgs/${t.organizationId}/spaces`,
    field: "title",
    ok: s(50),
    bad: s(51),
    message: "title must be at most 50 characters",
  },
  {
    name: "collection title",
    method: "PATCH",
    path: () => `/v1/collections/${collectionId}`,
    field: "title",
    ok: s(50),
    bad: s(51),
    message: "title must be at most 50 characters",
  },
  {
    name: "collection title on create",
    method: "POST",
    path: () => `/v1/orgs/${t.organizationId}/collections`,
    field: "title",
    ok: s(50),
    bad: s(51),
    message: "title must be at most 50 characters",
  },
  {
    name: "collection description",
    method: "PATCH",
    path: () => `/v1/collections/${collectionId}`,
    field: "description",
    ok: s(100),
    bad: s(101),
    message: "description must be at most 100 characters",
  },
  {
    name: "organization title (max)",
    method: "PATCH",
    path: () => `/v1/orgs/${t.organizationId}`,
    field: "title",
    ok: s(255),
    bad: s(256),
    message: "title must be at most 255 characters",
  },
  {
    name: "organization title (min)",
    method: "PATCH",
    path: () => `/v1/orgs/${t.organizationId}`,
    field: "title",
    ok: s(2),
    bad: s(1),
    message: "title must be at least 2 characters",
  },
  {
    name: "organization hostname (max)",
    method: "PATCH",
    path: () => `/v1/orgs/${t.organizationId}`,
    field: "hostname",
    ok: s(32, "h"),
    bad: s(33, "h"),
    message: "hostname must be at most 32 characters",
  },
  {
    name: "organization hostname (min)",
    method: "PATCH",
    path: () => `/v1/orgs/${t.organizationId}`,
    field: "hostname",
    ok: s(3, "k"),
    bad: s(2, "k"),
    message: "hostname must be at least 3 characters",
  },
  {
    name: "organization logo",
    method: "PATCH",
    path: () => `/v1/orgs/${t.organizationId}`,
    field: "logo",
    ok: `https://example.com/${s(2048 - 20)}`,
    bad: `https://example.com/${s(2049 - 20)}`,
    message: "logo must be at most 2048 characters",
  },
];

describe.each(limits)("$name", (limit) => {
  test(`accepts the limit`, async () => {
    const res = await api(limit.method, limit.path(), { [limit.field]: limit.ok });
    expect(res.status).toBe(limit.method === "POST" ? 201 : 200);
    if (limit.field === "logo") expect((res.body.urls as { logo: string }).logo).toBe(limit.ok);
    else expect(res.body[limit.field]).toBe(limit.ok);
  });

  test(`refuses one past the limit with 400 naming field and limit`, async () => {
    const res = await api(limit.method, limit.path(), { [limit.field]: limit.bad });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 400, message: limit.message } });
  });
});

test("wrong types and enums are 400 naming the field; an unknown field is ignored", async () => {
  const cases: [string, string, unknown, string][] = [
    ["PATCH", `/v1/spaces/{s}`, { title: 5 }, "title must be a string"],
    ["PATCH", `/v1/spaces/{s}`, { editMode: "open" }, 'editMode must be one of "live", "locked"'],
    ["POST", `/v1/spaces/{s}/move`, { parent: 3 }, "parent must be a string"],
    ["POST", `/v1/orgs/{o}/collections`, { title: null }, "title must be a string"],
  ];
  for (const [method, template, body, message] of cases) {
    const path = template.replace("{s}", spaceId).replace("{o}", t.organizationId);
    const res = await api(method, path, body);
    expect([path, res.status, res.body.error?.message]).toEqual([path, 400, message]);
  }
  // docs/api-decisions.md, "Request bodies with unknown fields".
  const res = await api("PATCH", `/v1/spaces/${spaceId}`, { color: "red", title: "Renamed" });
  expect([res.status, res.body.title, "color" in res.body]).toEqual([200, "Renamed", false]);
});
