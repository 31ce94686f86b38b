import {
  apiClient,
  createTestEmulator,
  type ApiBody,
  type TestEmulator,
} from "../support/emulator";

let t: TestEmulator;
let api: ReturnType<typeof apiClient>;
const created: string[] = [];

beforeAll(async () => {
  t = await createTestEmulator();
  api = apiClient(t.url, t.token, t.fetch);
  for (let i = 0; i < 250; i++) {
    const res = await api("POST", `/v1/orgs/${t.organizationId}/spaces`, { title: `Space ${i}` });
    created.push(res.body.id);
  }
});
afterAll(() => t.close());

const path = (query: string) => `/v1/orgs/${t.organizationId}/spaces${query}`;

test("the default page holds 100 items, with count and an opaque next.page", async () => {
  const res = await api("GET", path(""));
  expect(res.status).toBe(200);
  expect(res.body.count).toBe(250);
  expect(res.body.items).toHaveLength(100);
  expect(res.body.next?.page).toEqual(expect.any(String));
  expect(res.body.next?.page).not.toMatch(/^\d+$/);
});

test("following next.page walks all 250 objects once, in creation order", async () => {
  const seen: string[] = [];
  const sizes: number[] = [];
  let query = "?limit=70";
  for (;;) {
    const res = await api("GET", path(query));
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(250);
    sizes.push(res.body.items.length);
    seen.push(...res.body.items.map((s: ApiBody) => s.id));
    if (!res.body.next) break;
    query = `?limit=70&page=${encodeURIComponent(res.body.next.page)}`;
  }
  expect(sizes).toEqual([70, 70, 70, 40]);
  expect(seen).toEqual(created);
});

test("limit=1000 is accepted and returns everything without next", async () => {
  const res = await api("GET", path("?limit=1000"));
  expect(res.status).toBe(200);
  expect(res.body.items).toHaveLength(250);
  expect(res.body.next).toBeUndefined();
});

test("limit=1001 is 400 naming limit and the maximum", async () => {
  const res = await api("GET", path("?limit=1001"));
  expect(res.status).toBe(400);
  expect(res.body.error).toEqual({ code: 400, message: "limit must be at most 1000" });
});

test("limit=0, a non-number and a forged cursor are 400", async () => {
  expect((await api("GET", path("?limit=0"))).body.error.message).toBe("limit must be at least 1");
  expect((await api("GET", path("?limit=ten"))).status).toBe(400);
  const forged = await api("GET", path("?page=garbage"));
  expect(forged.status).toBe(400);
  expect(forged.body.error.message).toMatch(/^page /);
});

test("every list endpoint paginates", async () => {
  const col = (await api("POST", `/v1/orgs/${t.organizationId}/collections`, { title: "C" })).body;
  await api("POST", `/v1/orgs/${t.organizationId}/collections`, { title: "D" });
  for (const id of created.slice(0, 3)) {
    await api("POST", `/v1/spaces/${id}/move`, { parent: col.id });
  }
  const lists = [
    `/v1/orgs?limit=1`,
    `/v1/orgs/${t.organizationId}/collections?limit=1`,
    `/v1/collections/${col.id}/spaces?limit=1`,
  ];
  for (const list of lists) {
    const first = await api("GET", list);
    expect(first.body.items).toHaveLength(1);
    expect(first.body.count).toBeGreaterThanOrEqual(2);
    const second = await api("GET", `${list}&page=${encodeURIComponent(first.body.next!.page)}`);
    expect(second.body.items).toHaveLength(1);
    expect(second.body.items[0]!.id).not.toBe(first.body.items[0]!.id);
    expect((await api("GET", list.replace("limit=1", "limit=1001"))).status).toBe(400);
  }
});
