import { apiClient, createTestEmulator, type TestEmulator } from "../support/emulator";

let t: TestEmulator;
let api: ReturnType<typeof apiClient>;

beforeEach(async () => {
  t = await createTestEmulator();
  api = apiClient(t.url, t.token, t.fetch);
});
afterEach(() => t.close());

async function collection(title: string, parent?: string, org = t.organizationId) {
  const res = await api("POST", `/v1/orgs/${org}/collections`, { title, parent });
  expect(res.status).toBe(201);
  return res.body.id;
}

async function space(title: string, parent?: string) {
  const res = await api("POST", `/v1/orgs/${t.organizationId}/spaces`, { title, parent });
  expect(res.status).toBe(201);
  return res.body.id;
}

const titles = async (path: string) =>
  (await api("GET", path)).body.items.map((item) => item.title);

test("creates a collection: 201 with the fields of §2.2", async () => {
  const res = await api("POST", `/v1/orgs/${t.organizationId}/collections`, { title: "Guides" });
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({
    object: "collection",
    title: "Guides",
    organization: t.organizationId,
    defaultLevel: "inherit",
    urls: { location: `${t.url}/v1/collections/${res.body.id}` },
    permissions: { view: true, admin: true, create: true },
  });
  expect(res.body).not.toHaveProperty("parent");
  const read = await api("GET", `/v1/collections/${res.body.id}`);
  expect(read.body).toEqual(res.body);
});

test("creates a nested collection; an unknown parent is 400 naming parent", async () => {
  const parent = await collection("Parent");
  const child = await api("POST", `/v1/orgs/${t.organizationId}/collections`, {
    title: "Child",
    parent,
  });
  expect(child.body.parent).toBe(parent);
  const bad = await api("POST", `/v1/orgs/${t.organizationId}/collections`, { parent: "nope" });
  expect(bad.status).toBe(400);
  expect(bad.body.error.message).toMatch(/^parent: collection nope does not exist/);
});

test("patches title, description and defaultLevel, including null and inherit", async () => {
  const id = await collection("Before");
  const res = await api("PATCH", `/v1/collections/${id}`, {
    title: "After",
    description: "What it holds",
    defaultLevel: "read",
  });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({
    title: "After",
    description: "What it holds",
    defaultLevel: "read",
  });
  const guest = await api("PATCH", `/v1/collections/${id}`, { defaultLevel: null });
  expect(guest.body.defaultLevel).toBeNull();
  expect(guest.body.title).toBe("After");
  const inherit = await api("PATCH", `/v1/collections/${id}`, { defaultLevel: "inherit" });
  expect(inherit.body.defaultLevel).toBe("inherit");
  const bad = await api("PATCH", `/v1/collections/${id}`, { defaultLevel: "owner" });
  expect(bad.status).toBe(400);
  expect(bad.body.error.message).toMatch(/^defaultLevel /);
});

test("deletes with 205, and 204 when absent; nested collections go and their spaces are trashed", async () => {
  const parent = await collection("Parent");
  const child = await collection("Child", parent);
  const inner = await space("Inner", child);
  expect((await api("DELETE", `/v1/collections/${parent}`)).status).toBe(205);
  expect((await api("GET", `/v1/collections/${parent}`)).status).toBe(404);
  expect((await api("GET", `/v1/collections/${child}`)).status).toBe(404);
  expect((await api("GET", `/v1/spaces/${inner}`)).status).toBe(404);
  // Still restorable, and back at the top level since its collection is gone.
  const restored = await api("POST", `/v1/spaces/${inner}/restore`);
  expect(restored.status).toBe(200);
  expect(restored.body).not.toHaveProperty("parent");
  const again = await api("DELETE", `/v1/collections/${parent}`);
  expect(again.status).toBe(204);
  expect(again.text).toBe("");
  expect((await api("DELETE", "/v1/collections/never-existed")).status).toBe(204);
});

test("lists nested collections by default and only top-level ones with nested=false", async () => {
  const top = await collection("Top");
  await collection("Nested", top);
  await collection("Other");
  const all = await api("GET", `/v1/orgs/${t.organizationId}/collections`);
  expect(all.body.count).toBe(3);
  expect(all.body.items.map((c) => c.title)).toEqual(["Top", "Other", "Nested"]);
  const topOnly = await api("GET", `/v1/orgs/${t.organizationId}/collections?nested=false`);
  expect(topOnly.body.count).toBe(2);
  expect(topOnly.body.items.map((c) => c.title)).toEqual(["Top", "Other"]);
  const bad = await api("GET", `/v1/orgs/${t.organizationId}/collections?nested=maybe`);
  expect(bad.status).toBe(400);
  expect(bad.body.error.message).toMatch(/^nested must be one of "true", "false"/);
});

test("lists a collection's live spaces in order", async () => {
  const id = await collection("Holder");
  await space("One", id);
  const two = await space("Two", id);
  await space("Elsewhere");
  expect(await titles(`/v1/collections/${id}/spaces`)).toEqual(["One", "Two"]);
  await api("DELETE", `/v1/spaces/${two}`);
  const res = await api("GET", `/v1/collections/${id}/spaces`);
  expect(res.body.count).toBe(1);
  expect(res.body.items.map((s) => s.title)).toEqual(["One"]);
  expect((await api("GET", "/v1/collections/nope/spaces")).status).toBe(404);
});

test("moves a collection under another parent and to a position among siblings", async () => {
  const a = await collection("A");
  const b = await collection("B");
  const c = await collection("C");
  const moved = await api("POST", `/v1/collections/${c}/move`, {
    position: { before: { type: "collection", collection: a } },
  });
  expect(moved.status).toBe(200);
  expect(await titles(`/v1/orgs/${t.organizationId}/collections?nested=false`)).toEqual([
    "C",
    "A",
    "B",
  ]);
  await api("POST", `/v1/collections/${c}/move`, {
    position: { after: { type: "collection", collection: a } },
  });
  expect(await titles(`/v1/orgs/${t.organizationId}/collections?nested=false`)).toEqual([
    "A",
    "C",
    "B",
  ]);

  const under = await api("POST", `/v1/collections/${b}/move`, { parent: a });
  expect(under.body.parent).toBe(a);
  const s = await space("Sibling space", a);
  // Spaces and collections share the ordering of their parent.
  await api("POST", `/v1/collections/${b}/move`, {
    position: { after: { type: "space", space: s } },
  });
  await api("POST", `/v1/spaces/${s}/move`, {
    position: { after: { type: "collection", collection: b } },
  });
  const back = await api("POST", `/v1/collections/${b}/move`, { parent: null });
  expect(back.body).not.toHaveProperty("parent");
});

test("a move into itself or its own descendant is 409", async () => {
  const a = await collection("A");
  const b = await collection("B", a);
  const c = await collection("C", b);
  for (const parent of [a, b, c]) {
    const res = await api("POST", `/v1/collections/${a}/move`, { parent });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe(409);
  }
  expect((await api("GET", `/v1/collections/${a}`)).body).not.toHaveProperty("parent");
});

test("a position that is not a sibling at the destination is 400", async () => {
  const a = await collection("A");
  const b = await collection("B", a);
  const c = await collection("C");
  const res = await api("POST", `/v1/collections/${c}/move`, {
    position: { before: { type: "collection", collection: b } },
  });
  expect(res.status).toBe(400);
  expect(res.body.error.message).toMatch(/^position.before: collection .* is not a sibling/);
  const malformed = await api("POST", `/v1/collections/${c}/move`, {
    position: { before: { type: "page", page: "x" } },
  });
  expect(malformed.status).toBe(400);
  expect(malformed.body.error.message).toMatch(/^position.before.type/);
});

test("transfers a collection with its content to another organization of the caller", async () => {
  const a = await collection("A");
  const b = await collection("B", a);
  const s = await space("Inside", b);
  const res = await api("POST", `/v1/collections/${a}/transfer`, {
    organization: t.secondOrganizationId,
  });
  expect(res.status).toBe(200);
  expect(res.body.organization).toBe(t.secondOrganizationId);
  expect((await api("GET", `/v1/collections/${b}`)).body.organization).toBe(t.secondOrganizationId);
  expect((await api("GET", `/v1/spaces/${s}`)).body.organization).toBe(t.secondOrganizationId);
  expect((await api("GET", `/v1/orgs/${t.organizationId}/collections`)).body.count).toBe(0);
  const missing = await api("POST", `/v1/collections/${a}/transfer`, {});
  expect(missing.status).toBe(400);
  expect(missing.body.error.message).toBe("organization is required");
});

test("an absent collection is 404 on get, patch, move and transfer", async () => {
  expect((await api("GET", "/v1/collections/nope")).status).toBe(404);
  expect((await api("PATCH", "/v1/collections/nope", { title: "x" })).status).toBe(404);
  expect((await api("POST", "/v1/collections/nope/move", {})).status).toBe(404);
  expect(
    (await api("POST", "/v1/collections/nope/transfer", { organization: t.organizationId })).status,
  ).toBe(404);
});
