import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { gitbookApi } from "../support/gitbook";
import { callApi, configureProvider, handlersFor, writes } from "../support/provider";

/** SiteExternalLink against the emulator, through the handlers. */
let emu: TestEmulator;
const links = handlersFor("site-external-link");
let siteId: string;
let groupId: string;

const api = (method: string, path: string, body?: unknown) => callApi(emu, method, path, body);
const sitePath = () => `/v1/orgs/${emu.organizationId}/sites/${siteId}`;

/** The published client's operation this test calls (@gitbook/api's client.d.ts). */
interface HostedClient {
  orgs: {
    getSiteStructure(
      org: string,
      site: string,
    ): Promise<{ data: { type: string; structure: { object: string; id: string }[] } }>;
  };
}

beforeAll(async () => {
  emu = await startTestEmulator();
  await configureProvider(emu);
  const site = await api("POST", `/v1/orgs/${emu.organizationId}/sites`, { title: "Linked" });
  siteId = site.body.id as string;
  await api("POST", `${sitePath()}/sections`, { spaceId: null, title: "Guides" });
  groupId = (await api("POST", `${sitePath()}/section-groups`, { title: "More" })).body
    .id as string;
});
afterAll(() => emu.close());
beforeEach(async () => {
  await emu.clearFaults();
  await emu.clearRequests();
});

const inputs = (title: string) => ({
  siteId,
  title,
  url: `https://${title.toLowerCase()}.example`,
});

describe("SiteExternalLink", () => {
  test("create is one POST at the root; read is one GET of the structure; a group change is one PATCH each way", async () => {
    const { id, outs } = await links.create(inputs("Status"));
    expect(outs).toMatchObject({
      ...inputs("Status"),
      sectionGroupId: null,
      draft: false,
      description: null,
      condition: null,
    });
    expect((await writes(emu)).map((w) => [w.method, w.body])).toEqual([
      ["POST", { title: "Status", url: "https://status.example" }],
    ]);
    await emu.clearRequests();
    expect((await links.read(id, outs)).props).toEqual(outs);
    expect((await emu.requests()).map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET ${sitePath()}/structure`,
    ]);

    const grouped = { ...inputs("Status"), sectionGroupId: groupId };
    expect(await links.diff(id, outs, grouped)).toMatchObject({ changes: true, replaces: [] });
    await emu.clearRequests();
    const moved = await links.update(id, outs, grouped);
    expect(moved.sectionGroupId).toBe(groupId);
    expect((await writes(emu)).map((w) => [w.method, w.body])).toEqual([
      ["PATCH", { parent: groupId }],
    ]);
    // No group declared is the root: the link goes back there.
    expect(await links.diff(id, moved, inputs("Status"))).toMatchObject({ changes: true });
    await emu.clearRequests();
    const back = await links.update(id, moved, inputs("Status"));
    expect(back.sectionGroupId).toBeNull();
    expect((await writes(emu)).map((w) => w.body)).toEqual([{ parent: null }]);
    expect((await links.read(id, back)).props).toEqual(back);
  });

  test("a change of site replaces; a link deleted by hand is dropped by refresh", async () => {
    const { id, outs } = await links.create(inputs("Blog"));
    const diff = await links.diff(id, outs, { ...inputs("Blog"), siteId: "another-site" });
    expect(diff).toMatchObject({ changes: true, replaces: ["siteId"] });
    await api("DELETE", `${sitePath()}/external-links/${id}`);
    expect(await links.read(id, outs)).toEqual({ id: "" });
  });

  test("a site of site spaces only refuses the link with the API's reason", async () => {
    const simple = await api("POST", `/v1/orgs/${emu.organizationId}/sites`, { title: "Plain" });
    const plain = { ...inputs("Nowhere"), siteId: simple.body.id as string };
    await expect(links.create(plain)).rejects.toThrow(/simple structure/);
  });

  test("a create whose answer is lost takes the link of that title and URL made since, never one listed before", async () => {
    await api("POST", `${sitePath()}/external-links`, inputs("Lost"));
    await emu.clearRequests();
    const checked = await links.check(inputs("Lost"));
    await emu.addFault({
      method: "POST",
      path: `${sitePath()}/external-links`,
      kind: "drop",
      when: "after",
      count: 1,
    });
    const { id } = await links.create(checked.inputs);
    const structure = (await api("GET", `${sitePath()}/structure`)).body.structure as {
      id: string;
      title?: string;
    }[];
    const lost = structure.filter((i) => i.title === "Lost").map((i) => i.id);
    expect(lost).toHaveLength(2);
    expect(lost[1]).toBe(id);
    expect((await writes(emu)).filter((w) => w.method === "POST")).toHaveLength(1);
  });

  test("the service's own client reads the link the provider wrote", async () => {
    const { id } = await links.create({ ...inputs("Hosted"), sectionGroupId: groupId });
    const client = gitbookApi(emu) as unknown as HostedClient;
    const { data } = await client.orgs.getSiteStructure(emu.organizationId, siteId);
    expect(data.type).toBe("sections");
    const group = data.structure.find((i) => i.id === groupId) as unknown as {
      children: { object: string; id: string; url: string }[];
    };
    expect(group.children).toContainEqual(
      expect.objectContaining({ object: "site-external-link", id, url: "https://hosted.example" }),
    );
  });
});
