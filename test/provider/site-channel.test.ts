import { siteChannel } from "../../provider/resources/site-channel";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { gitbookApi } from "../support/gitbook";
import { callApi, configureProvider, handlersFor, writes } from "../support/provider";

/** SiteChannel against the emulator, through the handlers. */
let emu: TestEmulator;
const channels = handlersFor("site-channel");

const api = (method: string, path: string, body?: unknown) => callApi(emu, method, path, body);
const channelsOf = (siteId: string) => `/v1/orgs/${emu.organizationId}/sites/${siteId}/channels`;

async function newSite(): Promise<string> {
  const site = await api("POST", `/v1/orgs/${emu.organizationId}/sites`, { title: "Answering" });
  return site.body.id as string;
}

beforeAll(async () => {
  emu = await startTestEmulator();
  await configureProvider(emu);
});
afterAll(() => emu.close());
beforeEach(async () => {
  await emu.clearFaults();
  await emu.clearRequests();
});

describe("SiteChannel", () => {
  test("create is one POST of the type's setup; the service's own client reads it back; refresh and a no-op up change nothing", async () => {
    const siteId = await newSite();
    const inputs = { siteId, type: "builtin:github", allowed: ["acme/docs", "acme/*"] };
    await emu.clearRequests();
    const { id, outs } = await channels.create(inputs);
    expect(outs).toMatchObject({ ...inputs, role: "support", status: "active" });
    expect((await writes(emu)).map((w) => [w.method, w.body])).toEqual([
      [
        "POST",
        { type: "builtin:github", setupSettings: { allowedRepositories: ["acme/docs", "acme/*"] } },
      ],
    ]);
    const hosted = gitbookApi(emu);
    const got = (await hosted.orgs.getSiteChannelById(emu.organizationId, siteId, id)).data;
    expect(got).toMatchObject({
      id,
      type: "builtin:github",
      role: "support",
      setupSettings: { allowedRepositories: ["acme/docs", "acme/*"] },
    });
    const read = await channels.read(id, outs);
    expect(read.props).toEqual(outs);
    await emu.clearRequests();
    await channels.up(id, read.props!, inputs);
    expect(await writes(emu)).toEqual([]);
    expect(siteChannel.secretOutputs).toEqual([]);
  });

  test("new patterns are one PATCH of the whole setup, a role alone is a PATCH of the role, and no patterns allow all", async () => {
    const siteId = await newSite();
    const { id, outs } = await channels.create({
      siteId,
      type: "builtin:slack",
      allowed: ["docs"],
    });
    await emu.clearRequests();
    const wider = await channels.update(id, outs, {
      siteId,
      type: "builtin:slack",
      allowed: ["docs", "support-*"],
      role: "collaborator",
    });
    expect(wider).toMatchObject({ allowed: ["docs", "support-*"], role: "collaborator" });
    const role = await channels.update(id, wider, {
      siteId,
      type: "builtin:slack",
      allowed: ["docs", "support-*"],
      role: "support",
    });
    const all = await channels.update(id, role, { siteId, type: "builtin:slack", role: "support" });
    expect(all.allowed).toEqual([]);
    expect((await writes(emu)).map((w) => [w.method, w.body])).toEqual([
      [
        "PATCH",
        {
          type: "builtin:slack",
          setupSettings: { allowedChannels: ["docs", "support-*"] },
          role: "collaborator",
        },
      ],
      ["PATCH", { role: "support" }],
      ["PATCH", { type: "builtin:slack", setupSettings: { allowedChannels: [] } }],
    ]);
  });

  test("a change of type replaces the channel; a role set by hand shows as drift", async () => {
    const siteId = await newSite();
    const inputs = { siteId, type: "builtin:discord", role: "support" };
    const { id, outs } = await channels.create(inputs);
    expect(await channels.diff(id, outs, { ...inputs, type: "builtin:linear" })).toMatchObject({
      changes: true,
      replaces: ["type"],
    });
    expect(
      (await api("PATCH", `${channelsOf(siteId)}/${id}`, { role: "collaborator" })).status,
    ).toBe(200);
    const read = await channels.read(id, outs);
    expect(read.props!.role).toBe("collaborator");
    expect(await channels.diff(id, read.props!, inputs)).toMatchObject({ changes: true });
  });

  test("a second channel of a type the site has fails naming the channel that has it, and writes nothing more", async () => {
    const siteId = await newSite();
    const byHand = await api("POST", channelsOf(siteId), {
      type: "builtin:linear",
      setupSettings: {},
    });
    await emu.clearRequests();
    await expect(channels.create({ siteId, type: "builtin:linear" })).rejects.toThrow(
      `the site already has a builtin:linear channel (channel ${byHand.body.id as string})`,
    );
    const listed = await api("GET", channelsOf(siteId));
    expect((listed.body.items as unknown[]).length).toBe(1);
  });

  test("check refuses a pattern that is not of the channel's type, naming the entry and the type", async () => {
    const { failures } = await channels.check({
      siteId: "site",
      type: "builtin:github",
      allowed: ["acme/docs", "docs"],
    });
    expect(failures).toEqual([
      {
        property: "allowed[1]",
        reason:
          "must be owner/repository, either part possibly a * pattern (a builtin:github channel)",
      },
    ]);
  });
});
