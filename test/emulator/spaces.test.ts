import { apiClient, createTestEmulator, seedRoles, type TestEmulator } from "../support/emulator";

const DAY = 24 * 60 * 60 * 1000;
let now = Date.parse("2025-01-01T00:00:00.000Z");
let t: TestEmulator;
let api: ReturnType<typeof apiClient>;

beforeEach(async () => {
  now = Date.parse("2025-01-01T00:00:00.000Z");
  t = await createTestEmulator({ clock: () => new Date(now) });
  api = apiClient(t.url, t.token, t.fetch);
});
afterEach(() => t.close());

async function create(body: Record<string, unknown> = {}, org = t.organizationId) {
  const res = await api("POST", `/v1/orgs/${org}/spaces`, body);
  expect(res.status).toBe(201);
  return res.body;
}

const titles = async (path: string) =>
  (await api("GET", path)).body.items.map((item) => item.title);

test("creates a space: 201 with the fields, counts and urls of §2.3", async () => {
  const res = await api("POST", `/v1/orgs/${t.organizationId}/spaces`, {
    title: "Handbook",
    emoji: "📘",
    language: "fr",
    editMode: "locked",
  });
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({
    object: "space",
    title: "Handbook",
    emoji: "📘",
    visibility: "private",
    editMode: "locked",
    organization: t.organizationId,
    language: "fr",
    defaultLevel: null,
    comments: 0,
    changeRequests: 0,
    changeRequestsOpen: 0,
    changeRequestsDraft: 0,
    createdAt: "2025-01-01T00:00:00.000Z",
    updatedAt: "2025-01-01T00:00:00.000Z",
    urls: {
      location: `${t.url}/v1/spaces/${res.body.id}`,
      app: `${t.url}/app/o/${t.organizationId}/s/${res.body.id}`,
    },
    permissions: { view: true, admin: true, edit: false },
  });
  expect(res.body.revision).toMatch(/^[A-Za-z0-9]{20}$/);
  expect(res.body).not.toHaveProperty("deletedAt");
  expect(res.body).not.toHaveProperty("parent");
  expect((await api("GET", `/v1/spaces/${res.body.id}`)).body).toEqual(res.body);
});

test("creates an empty space and a space in a collection", async () => {
  const empty = await create({ empty: true });
  expect(empty.title).toBe("");
  expect(empty.emoji).toBe("");
  const col = await api("POST", `/v1/orgs/${t.organizationId}/collections`, { title: "C" });
  const inside = await create({ title: "In", parent: col.body.id });
  expect(inside.parent).toBe(col.body.id);
  const other = await api("POST", `/v1/orgs/${t.secondOrganizationId}/collections`, { title: "X" });
  const wrongOrg = await api("POST", `/v1/orgs/${t.organizationId}/spaces`, {
    parent: other.body.id,
  });
  expect(wrongOrg.status).toBe(400);
  expect(wrongOrg.body.error.message).toMatch(/^parent: /);
});

test("patches each field, and emoji null removes the emoji", async () => {
  const s = await create({ title: "Old", emoji: "🙂" });
  now += 1000;
  const res = await api("PATCH", `/v1/spaces/${s.id}`, {
    title: "New",
    editMode: "locked",
    defaultLevel: "comment",
    language: "de",
  });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({
    title: "New",
    editMode: "locked",
    defaultLevel: "comment",
    language: "de",
    emoji: "🙂",
    updatedAt: "2025-01-01T00:00:01.000Z",
    createdAt: "2025-01-01T00:00:00.000Z",
  });
  const cleared = await api("PATCH", `/v1/spaces/${s.id}`, { emoji: null, defaultLevel: null });
  expect(cleared.body.emoji).toBe("");
  expect(cleared.body.defaultLevel).toBeNull();
  expect(cleared.body.title).toBe("New");
  const bad = await api("PATCH", `/v1/spaces/${s.id}`, { language: "xx" });
  expect(bad.status).toBe(400);
  expect(bad.body.error.message).toMatch(/^language must be one of "en"/);
});

test("delete is a soft delete: 205, gone from GET and lists, restorable", async () => {
  const s = await create({ title: "Doomed" });
  await create({ title: "Kept" });
  const del = await api("DELETE", `/v1/spaces/${s.id}`);
  expect(del.status).toBe(205);
  expect(del.text).toBe("");
  expect(t.store.db.prepare("SELECT deleted_at FROM spaces WHERE id = ?").get(s.id)).toEqual({
    deleted_at: "2025-01-01T00:00:00.000Z",
  });
  expect((await api("GET", `/v1/spaces/${s.id}`)).status).toBe(404);
  expect((await api("PATCH", `/v1/spaces/${s.id}`, { title: "x" })).status).toBe(404);
  expect(await titles(`/v1/orgs/${t.organizationId}/spaces`)).toEqual(["Kept"]);
  expect((await api("DELETE", `/v1/spaces/${s.id}`)).status).toBe(204);
  expect((await api("DELETE", "/v1/spaces/never-existed")).status).toBe(204);
});

test("restores within 7 days of deletedAt: 6 days later it comes back", async () => {
  const s = await create({ title: "Back" });
  await api("DELETE", `/v1/spaces/${s.id}`);
  now += 6 * DAY;
  const res = await api("POST", `/v1/spaces/${s.id}/restore`);
  expect(res.status).toBe(200);
  expect(res.body.title).toBe("Back");
  expect(res.body).not.toHaveProperty("deletedAt");
  expect((await api("GET", `/v1/spaces/${s.id}`)).status).toBe(200);
  expect(await titles(`/v1/orgs/${t.organizationId}/spaces`)).toEqual(["Back"]);
});

test("8 days after deletedAt the space is permanently removed and restore is refused", async () => {
  const s = await create({ title: "Gone" });
  await api("DELETE", `/v1/spaces/${s.id}`);
  now += 8 * DAY;
  const res = await api("POST", `/v1/spaces/${s.id}/restore`);
  expect(res.status).toBe(404);
  expect(res.body.error.message).toMatch(/permanently removed/);
  now -= 7 * DAY;
  // Moving the clock back cannot bring it back: it was removed for good.
  expect((await api("POST", `/v1/spaces/${s.id}/restore`)).status).toBe(404);
});

test("restore of a live space answers it unchanged", async () => {
  const s = await create({ title: "Alive" });
  const res = await api("POST", `/v1/spaces/${s.id}/restore`);
  expect(res.status).toBe(200);
  expect(res.body).toEqual(s);
});

test("duplicate answers 201 with a new space placed right after the original", async () => {
  const a = await create({ title: "A", emoji: "🅰️", language: "es" });
  await create({ title: "B" });
  const res = await api("POST", `/v1/spaces/${a.id}/duplicate`);
  expect(res.status).toBe(201);
  expect(res.body.id).not.toBe(a.id);
  expect(res.body.revision).not.toBe(a.revision);
  expect(res.body).toMatchObject({ title: "A", emoji: "🅰️", language: "es" });
  expect(await titles(`/v1/orgs/${t.organizationId}/spaces`)).toEqual(["A", "A", "B"]);
  expect((await api("POST", "/v1/spaces/nope/duplicate")).status).toBe(404);
});

test("moves a space into a collection and among its siblings", async () => {
  const col = (await api("POST", `/v1/orgs/${t.organizationId}/collections`, { title: "C" })).body;
  const a = await create({ title: "A", parent: col.id });
  const b = await create({ title: "B", parent: col.id });
  const c = await create({ title: "C" });
  const into = await api("POST", `/v1/spaces/${c.id}/move`, {
    parent: col.id,
    position: { before: { type: "space", space: a.id } },
  });
  expect(into.status).toBe(200);
  expect(into.body.parent).toBe(col.id);
  expect(await titles(`/v1/collections/${col.id}/spaces`)).toEqual(["C", "A", "B"]);
  await api("POST", `/v1/spaces/${c.id}/move`, {
    position: { after: { type: "space", space: a.id }, before: { type: "space", space: b.id } },
  });
  expect(await titles(`/v1/collections/${col.id}/spaces`)).toEqual(["A", "C", "B"]);
  const notAdjacent = await api("POST", `/v1/spaces/${c.id}/move`, {
    position: { after: { type: "space", space: b.id }, before: { type: "space", space: a.id } },
  });
  expect(notAdjacent.status).toBe(400);
  const out = await api("POST", `/v1/spaces/${a.id}/move`, { parent: null });
  expect(out.body).not.toHaveProperty("parent");
  expect(await titles(`/v1/collections/${col.id}/spaces`)).toEqual(["C", "B"]);
  const unknown = await api("POST", `/v1/spaces/${a.id}/move`, { parent: "nope" });
  expect(unknown.status).toBe(400);
});

test("transfers a space to another organization, optionally into a collection", async () => {
  const s = await create({ title: "Travel" });
  const col = (await api("POST", `/v1/orgs/${t.secondOrganizationId}/collections`, { title: "T" }))
    .body;
  const res = await api("POST", `/v1/spaces/${s.id}/transfer`, {
    organization: t.secondOrganizationId,
    parent: col.id,
  });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ organization: t.secondOrganizationId, parent: col.id });
  expect(await titles(`/v1/orgs/${t.secondOrganizationId}/spaces`)).toEqual(["Travel"]);
  expect((await api("GET", `/v1/orgs/${t.organizationId}/spaces`)).body.count).toBe(0);
  const wrongParent = await api("POST", `/v1/spaces/${s.id}/transfer`, {
    organization: t.organizationId,
    parent: col.id,
  });
  expect(wrongParent.status).toBe(400);
  expect((await api("POST", `/v1/spaces/${s.id}/transfer`, {})).body.error.message).toBe(
    "organization is required",
  );
});

test("lists an organization's spaces, nested ones included", async () => {
  const col = (await api("POST", `/v1/orgs/${t.organizationId}/collections`, { title: "C" })).body;
  await create({ title: "Top" });
  await create({ title: "Inside", parent: col.id });
  await create({ title: "Elsewhere" }, t.secondOrganizationId);
  const res = await api("GET", `/v1/orgs/${t.organizationId}/spaces`);
  expect(res.status).toBe(200);
  expect(res.body.count).toBe(2);
  expect(res.body.items.map((s) => s.title).sort()).toEqual(["Inside", "Top"]);
});

test("invalid JSON is 400, never 500", async () => {
  const res = await api("POST", `/v1/orgs/${t.organizationId}/spaces`, "{not json");
  expect(res.status).toBe(400);
  expect(res.body.error).toEqual({ code: 400, message: "request body must be valid JSON" });
  const array = await api("POST", `/v1/orgs/${t.organizationId}/spaces`, "[1]");
  expect(array.status).toBe(400);
});

test("locking and unlocking a space is the admin's: an edit member cannot lift a lock to import", async () => {
  const roles = await seedRoles(t, "spaces-lock");
  const space = (await api("POST", `/v1/orgs/${t.organizationId}/spaces`, { title: "Frozen" }))
    .body;
  expect((await api("PATCH", `/v1/spaces/${space.id}`, { editMode: "locked" })).status).toBe(200);
  const lift = await roles.editor("PATCH", `/v1/spaces/${space.id}`, { editMode: "live" });
  expect(lift.status).toBe(403);
  expect(lift.body.error.message).toMatch(/admin role on space/);
  expect((await api("GET", `/v1/spaces/${space.id}`)).body.editMode).toBe("locked");
  const imported = await roles.editor("POST", `/v1/spaces/${space.id}/git/import`, {
    url: "/tmp/anything",
    ref: "refs/heads/main",
  });
  expect(imported.status).toBe(409);
  // Nor may it lock a live space; the same value, and other fields, are still the edit role's.
  const live = (await api("POST", `/v1/orgs/${t.organizationId}/spaces`, { title: "Live" })).body;
  expect(
    (await roles.editor("PATCH", `/v1/spaces/${live.id}`, { editMode: "locked" })).status,
  ).toBe(403);
  expect(
    (await roles.editor("PATCH", `/v1/spaces/${live.id}`, { editMode: "live", title: "Renamed" }))
      .status,
  ).toBe(200);
  expect((await api("PATCH", `/v1/spaces/${space.id}`, { editMode: "live" })).status).toBe(200);
});
