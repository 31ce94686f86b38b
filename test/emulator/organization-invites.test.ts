import {
  adminClient,
  apiClient,
  createTestEmulator,
  seedRoles,
  seedSeparateOrganization,
  type RoleClients,
  type TestEmulator,
} from "../support/emulator";

let t: TestEmulator;
let call: ReturnType<typeof apiClient>;
let roles: RoleClients;
let org: string;
let space: string;
let collection: string;

beforeAll(async () => {
  t = await createTestEmulator();
  call = apiClient(`${t.url}`, t.token, t.fetch);
  roles = await seedRoles(t, "invites");
  org = `/v1/orgs/${t.organizationId}`;
  space = (await call("POST", `${org}/spaces`, { title: "Guides" })).body.id as string;
  collection = (await call("POST", `${org}/collections`, { title: "Handbooks" })).body.id as string;
});
afterAll(() => t.close());

const links = () => `${org}/link-invites`;

describe("organization invite links", () => {
  test("a link to the organization, a space or a collection is made, read and listed", async () => {
    const toOrg = await call("POST", links(), { role: "edit" });
    expect(toOrg.status).toBe(201);
    expect(toOrg.body).toEqual({
      object: "invite",
      id: expect.stringMatching(/^\w{20}$/),
      role: "edit",
      redundant: true,
    });
    const toSpace = await call("POST", links(), { level: "read", space });
    expect(toSpace.status).toBe(201);
    expect(toSpace.body).toMatchObject({ object: "invite", level: "read", space: { id: space } });
    const toCollection = await call("POST", links(), { level: null, collection });
    expect(toCollection.body).toMatchObject({ level: null, collection: { id: collection } });
    expect((await call("GET", `${links()}/${toSpace.body.id}`)).body).toEqual(toSpace.body);
    const listed = await call("GET", links());
    expect(listed.body.items).toEqual(
      expect.arrayContaining([toOrg.body, toSpace.body, toCollection.body]),
    );
  });

  test("bodies are validated: a role or a level with its target, the target of this organization", async () => {
    expect((await call("POST", links(), { role: "owner" })).status).toBe(400);
    expect((await call("POST", links(), { level: "read" })).status).toBe(400);
    const foreign = await seedSeparateOrganization(t, "Elsewhere");
    const them = apiClient(t.url, foreign.token, t.fetch);
    const theirSpace = (
      await them("POST", `/v1/orgs/${foreign.organizationId}/spaces`, { title: "Theirs" })
    ).body.id as string;
    const other = await call("POST", links(), { level: "read", space: theirSpace });
    expect(other.status).toBe(400);
    expect(other.body.error.message).toBe(
      `space: ${theirSpace} is not a space of organization ${t.organizationId}`,
    );
    const missing = await call("POST", links(), { level: "read", collection: "nope" });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toContain("collection: nope");
  });

  test("PATCH changes the role of a link to the organization and the level of a link to content, not the other", async () => {
    const toOrg = (await call("POST", links(), { role: "read" })).body.id as string;
    const changed = await call("PATCH", `${links()}/${toOrg}`, { role: "comment" });
    expect(changed.status).toBe(200);
    expect(changed.body.role).toBe("comment");
    const wrong = await call("PATCH", `${links()}/${toOrg}`, { level: "edit" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toContain("change its role");
    const toSpace = (await call("POST", links(), { level: "read", space })).body.id as string;
    expect((await call("PATCH", `${links()}/${toSpace}`, { level: "edit" })).body.level).toBe(
      "edit",
    );
    expect((await call("PATCH", `${links()}/${toSpace}`, { role: "edit" })).status).toBe(400);
    expect((await call("PATCH", `${links()}/missing`, { role: "edit" })).status).toBe(404);
  });

  test("DELETE retires a link: 204 (our document's answer), again 204, and it is gone", async () => {
    const id = (await call("POST", links(), { role: "read" })).body.id as string;
    expect((await call("DELETE", `${links()}/${id}`)).status).toBe(204);
    expect((await call("DELETE", `${links()}/${id}`)).status).toBe(204);
    expect((await call("GET", `${links()}/${id}`)).status).toBe(404);
  });

  test("deleting the collection a link leads to deletes the link", async () => {
    const doomed = (await call("POST", `${org}/collections`, { title: "Doomed" })).body
      .id as string;
    const id = (await call("POST", links(), { level: "read", collection: doomed })).body
      .id as string;
    expect((await call("DELETE", `/v1/collections/${doomed}`)).status).toBeLessThan(300);
    expect((await call("GET", `${links()}/${id}`)).status).toBe(404);
  });

  test("only the organization's admins see or change the links; another organization gets 404", async () => {
    const id = (await call("POST", links(), { role: "read" })).body.id as string;
    for (const client of [roles.editor, roles.reader]) {
      expect((await client("GET", links())).status).toBe(403);
      expect((await client("GET", `${links()}/${id}`)).status).toBe(403);
      expect((await client("POST", links(), { role: "read" })).status).toBe(403);
      expect((await client("PATCH", `${links()}/${id}`, { role: "admin" })).status).toBe(403);
      expect((await client("DELETE", `${links()}/${id}`)).status).toBe(403);
    }
    expect((await roles.foreign("GET", `${links()}/${id}`)).status).toBe(404);
    expect((await call("GET", `${links()}/${id}`)).body.role).toBe("read");
  });

  test("a link's id is masked in the request log and on the people page", async () => {
    const id = (await call("POST", links(), { role: "read" })).body.id as string;
    await call("GET", `${links()}/${id}`);
    const log = await adminClient(t)("GET", "/requests");
    expect(log.text).not.toContain(id);
    expect(log.text).toContain(`/link-invites/${id.slice(0, 4)}••••••••`);
    const page = await t.fetch(`${t.url}/app/o/${t.organizationId}/people`, {
      headers: { authorization: `Bearer ${t.token}` },
    });
    const html = await page.text();
    expect(html).toContain('<table id="invite-links">');
    expect(html).toContain(`${id.slice(0, 4)}••••••••`);
    expect(html).not.toContain(id);
  });
});
