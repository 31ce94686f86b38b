import { organizationInviteLink } from "../../provider/resources/organization-invite-link";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { gitbookApi } from "../support/gitbook";
import { callApi, configureProvider, handlersFor, writes } from "../support/provider";

/** OrganizationInviteLink against the emulator, through the handlers. */
let emu: TestEmulator;
const links = handlersFor("organization-invite-link");
let spaceId: string;
let collectionId: string;

const api = (method: string, path: string, body?: unknown) => callApi(emu, method, path, body);
const linksPath = () => `/v1/orgs/${emu.organizationId}/link-invites`;

beforeAll(async () => {
  emu = await startTestEmulator();
  await configureProvider(emu);
  spaceId = (await api("POST", `/v1/orgs/${emu.organizationId}/spaces`, { title: "Guides" })).body
    .id as string;
  collectionId = (
    await api("POST", `/v1/orgs/${emu.organizationId}/collections`, { title: "Handbooks" })
  ).body.id as string;
});
afterAll(() => emu.close());
beforeEach(async () => {
  await emu.clearFaults();
  await emu.clearRequests();
});

describe("OrganizationInviteLink", () => {
  test("create is one POST; the id is a handle, the link's id a secret output; a role change is one PATCH, a target change replaces", async () => {
    const inputs = { spaceId, role: "read" };
    const { id, outs } = await links.create(inputs);
    const inviteId = outs.inviteId as string;
    expect(id).toMatch(/^inv_[0-9a-f]{24}$/);
    expect(id).not.toContain(inviteId);
    expect(organizationInviteLink.secretOutputs).toEqual(["inviteId"]);
    expect(outs).toMatchObject({ ...inputs, collectionId: null, redundant: true });
    expect((await writes(emu)).map((w) => [w.method, w.body])).toEqual([
      ["POST", { level: "read", space: spaceId }],
    ]);
    const stored = await api("GET", `${linksPath()}/${inviteId}`);
    expect(stored.body).toMatchObject({ level: "read", space: { id: spaceId } });

    const edit = { spaceId, role: "edit" };
    expect(await links.diff(id, outs, edit)).toMatchObject({ changes: true, replaces: [] });
    await emu.clearRequests();
    const updated = await links.update(id, outs, edit);
    expect(updated.role).toBe("edit");
    expect((await writes(emu)).map((w) => [w.method, w.body])).toEqual([
      ["PATCH", { level: "edit" }],
    ]);
    const moved = await links.diff(id, updated, { collectionId, role: "edit" });
    expect(moved.replaces).toEqual(expect.arrayContaining(["spaceId", "collectionId"]));
    const read = await links.read(id, updated);
    expect(read.id).toBe(id);
    expect((await links.diff(id, read.props!, edit)).changes).toBe(false);
  });

  test("a guest link is null on the wire and reads back as guest; a role changed by hand is drift", async () => {
    const { id, outs } = await links.create({ role: "guest" });
    expect((await writes(emu)).map((w) => w.body)).toEqual([{ role: null }]);
    expect(outs).toMatchObject({ role: "guest", spaceId: null, collectionId: null });
    await api("PATCH", `${linksPath()}/${outs.inviteId as string}`, { role: "admin" });
    const drifted = await links.read(id, outs);
    expect(drifted.props!.role).toBe("admin");
    expect(await links.diff(id, drifted.props!, { role: "guest" })).toMatchObject({
      changes: true,
    });
  });

  test("an error never carries the link's id: a failed PATCH names the handle", async () => {
    const { id, outs } = await links.create({ collectionId, role: "read" });
    const inviteId = outs.inviteId as string;
    await emu.addFault({
      method: "PATCH",
      path: `${linksPath()}/${inviteId}`,
      kind: "status",
      status: 500,
    });
    const failed = await links.update(id, outs, { collectionId, role: "edit" }).then(
      () => undefined,
      (error: Error) => error,
    );
    expect(failed).toBeInstanceOf(Error);
    expect(failed!.message).not.toContain(inviteId);
    expect(failed!.message).toContain(id);
  });

  test("delete retires the link (the service's DELETE); refresh drops a link deleted by hand", async () => {
    const { id, outs } = await links.create({ role: "read" });
    const inviteId = outs.inviteId as string;
    const client = gitbookApi(emu);
    const got = await client.orgs.getOrganizationInviteLink(emu.organizationId, inviteId);
    expect(got.data).toMatchObject({ object: "invite", id: inviteId, role: "read" });
    await emu.clearRequests();
    await links.delete(id, outs);
    expect((await writes(emu)).map((w) => w.method)).toEqual(["DELETE"]);
    expect((await api("GET", `${linksPath()}/${inviteId}`)).status).toBe(404);
    expect((await links.read(id, outs)).id).toBe("");

    const other = await links.create({ role: "comment" });
    await api("DELETE", `${linksPath()}/${other.outs.inviteId as string}`);
    expect((await links.read(other.id, other.outs)).id).toBe("");
    // Already gone: delete is still a success.
    await links.delete(other.id, other.outs);
  });

  test("check refuses a space and a collection together, an unknown role, and a link's id as adoptId", async () => {
    const failures = async (args: Record<string, unknown>) => (await links.check(args)).failures;
    expect(await failures({ role: "read", spaceId, collectionId })).toEqual([
      { property: "collectionId", reason: "a link leads to a space or a collection, not both" },
    ]);
    expect(await failures({ role: "owner" })).toEqual([
      { property: "role", reason: expect.stringMatching(/^must be one of "admin"/) },
    ]);
    expect(await failures({ role: "read", adoptId: "AbCdEfGhIjKlMnOpQrSt" })).toEqual([
      { property: "adoptId", reason: expect.stringMatching(/^must be a link's handle/) },
    ]);
    expect(await emu.requests()).toEqual([]);
  });
});
