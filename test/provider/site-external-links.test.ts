import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { provider } from "../../provider/dynamic/runtime";
import { gitbookApi } from "../support/gitbook";
import { callApi, configureProvider, handlersFor, UNKNOWN, writes } from "../support/provider";

/** SiteExternalLinks (authoritative) against the emulator, through the handlers. */
let emu: TestEmulator;
const lists = handlersFor("site-external-links");

const api = (method: string, path: string, body?: unknown) => callApi(emu, method, path, body);
const sitePath = (siteId: string) => `/v1/orgs/${emu.organizationId}/sites/${siteId}`;

/** The published client's operation this test calls (@gitbook/api's client.d.ts). */
interface HostedClient {
  orgs: {
    getSiteStructure(
      org: string,
      site: string,
    ): Promise<{ data: { structure: { object: string; title?: string; children?: unknown[] }[] } }>;
  };
}

/** A site with one section and one section group, for one test alone. */
async function freshSite(title: string): Promise<{ siteId: string; groupId: string }> {
  const site = await api("POST", `/v1/orgs/${emu.organizationId}/sites`, { title });
  const siteId = site.body.id as string;
  await api("POST", `${sitePath(siteId)}/sections`, { spaceId: null, title: "Guides" });
  const group = await api("POST", `${sitePath(siteId)}/section-groups`, { title: "More" });
  return { siteId, groupId: group.body.id as string };
}

const link = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  url: `https://${title.toLowerCase()}.example`,
  ...extra,
});

/** The site's links as `title@group` (`root` at the top level), in reading order. */
async function held(siteId: string): Promise<string[]> {
  const { structure } = (await api("GET", `${sitePath(siteId)}/structure`)).body as {
    structure: { object: string; title: string; children?: typeof structure }[];
  };
  return structure.flatMap((item) => {
    if (item.object === "site-external-link") return [`${item.title}@root`];
    return (item.children ?? [])
      .filter((c) => c.object === "site-external-link")
      .map((c) => `${c.title}@${item.title}`);
  });
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

describe("SiteExternalLinks", () => {
  test("create makes the site hold exactly the declared links: a hand-made one is removed; the outputs are the inputs", async () => {
    const { siteId, groupId } = await freshSite("Exact");
    await api("POST", `${sitePath(siteId)}/external-links`, link("Stray"));
    await emu.clearRequests();
    const checked = await lists.check({
      siteId,
      links: [link("Status", { description: "Up?" }), link("Api", { sectionGroupId: groupId })],
    });
    const { id, outs } = await lists.create(checked.inputs);
    expect(id).toBe(siteId);
    expect(outs.links).toEqual(checked.inputs.links);
    const titleOf = (body: unknown) => (body as { title?: string } | undefined)?.title ?? "";
    expect((await writes(emu)).map((w) => `${w.method} ${titleOf(w.body)}`)).toEqual([
      "POST Api",
      "POST Status",
      "DELETE ",
    ]);
    expect((await held(siteId)).sort()).toEqual(["Api@More", "Status@root"]);

    // A refresh straight after reads the same, in one GET.
    await emu.clearRequests();
    expect((await lists.read(id, outs)).props).toEqual(outs);
    expect((await emu.requests()).map((r) => r.method)).toEqual(["GET"]);
    expect(await lists.diff(id, outs, checked.inputs)).toMatchObject({ changes: false });
  });

  test("the same links in another order are no change; a link listed twice is refused, naming it", async () => {
    const { siteId } = await freshSite("Order");
    const a = await lists.check({ siteId, links: [link("One"), link("Two")] });
    const b = await lists.check({ siteId, links: [link("Two"), link("One")] });
    expect(b.inputs.links).toEqual(a.inputs.links);
    const { id, outs } = await lists.create(a.inputs);
    expect(await lists.diff(id, outs, b.inputs)).toMatchObject({ changes: false });

    const twice = await lists.check({ siteId, links: [link("One"), link("One")] });
    expect(twice.failures).toEqual([
      expect.objectContaining({
        property: "links[1]",
        reason: expect.stringMatching(/"One" to https:\/\/one\.example is listed twice/),
      }),
    ]);
    const bad = await lists.check({ siteId, links: [{ title: "X", url: "ftp://x" }] });
    expect((bad.failures ?? []).map((f) => f.property).sort()).toEqual([
      "links[0].title",
      "links[0].url",
    ]);
  });

  test("drift: a setting changed by hand and a link added by hand show at refresh, and the next up puts them back in two writes", async () => {
    const { siteId } = await freshSite("Drift");
    const declared = (await lists.check({ siteId, links: [link("Status", { icon: "signal" })] }))
      .inputs;
    const { id, outs } = await lists.create(declared);
    const { structure } = (await api("GET", `${sitePath(siteId)}/structure`)).body as {
      structure: { object: string; id: string }[];
    };
    const made = structure.find((i) => i.object === "site-external-link")!;
    await api("PATCH", `${sitePath(siteId)}/external-links/${made.id}`, { icon: "bolt" });
    await api("POST", `${sitePath(siteId)}/external-links`, link("Extra"));

    const refreshed = (await lists.read(id, outs)).props;
    expect(refreshed.links).toEqual([
      { title: "Extra", url: "https://extra.example", sectionGroupId: null },
      { title: "Status", url: "https://status.example", icon: "bolt", sectionGroupId: null },
    ]);
    expect(await lists.diff(id, refreshed, declared)).toMatchObject({ changes: true });
    await emu.clearRequests();
    const after = await lists.update(id, refreshed, declared);
    expect(after.links).toEqual(declared.links);
    expect((await writes(emu)).map((w) => [w.method, w.body ?? null])).toEqual([
      ["PATCH", { icon: "signal" }],
      ["DELETE", null],
    ]);
    expect(await held(siteId)).toEqual(["Status@root"]);
  });

  test("a new group moves the link; a removed setting is sent as null; a new URL is a new link", async () => {
    const { siteId, groupId } = await freshSite("Moves");
    const first = (await lists.check({ siteId, links: [link("Docs", { description: "Read" })] }))
      .inputs;
    const { id, outs } = await lists.create(first);
    await emu.clearRequests();
    const moved = (
      await lists.check({
        siteId,
        links: [link("Docs", { description: null, sectionGroupId: groupId })],
      })
    ).inputs;
    const after = await lists.update(id, outs, moved);
    expect((await writes(emu)).map((w) => [w.method, w.body])).toEqual([
      ["PATCH", { description: null }],
      ["PATCH", { parent: groupId }],
    ]);
    expect(await held(siteId)).toEqual(["Docs@More"]);

    await emu.clearRequests();
    const renamed = (
      await lists.check({ siteId, links: [{ title: "Docs", url: "https://new.example" }] })
    ).inputs;
    await lists.update(id, after, renamed);
    expect((await writes(emu)).map((w) => w.method)).toEqual(["POST", "DELETE"]);
    expect(await held(siteId)).toEqual(["Docs@root"]);
  });

  test("a create that fails part way deletes the links it made, and names the failure", async () => {
    const { siteId } = await freshSite("Half");
    // The second link names a group the site does not have: its POST is refused.
    const missingGroup = link("Second", { sectionGroupId: "sitesg_missing" });
    const declared = (await lists.check({ siteId, links: [link("First"), missingGroup] })).inputs;
    await emu.clearRequests();
    await expect(lists.create(declared)).rejects.toThrow(/sitesg_missing|parent/);
    expect(await held(siteId)).toEqual([]);
    expect((await writes(emu)).map((w) => w.method)).toEqual(["POST", "POST", "DELETE"]);
  });

  test("a title not known at preview is no duplicate; an import reads every setting each link holds", async () => {
    const { siteId } = await freshSite("Preview");
    const unknown = await lists.check({
      siteId,
      links: [
        { title: UNKNOWN, url: "https://same.example" },
        { title: UNKNOWN, url: "https://same.example" },
      ],
    });
    expect(unknown.failures ?? []).toEqual([]);

    await api(
      "POST",
      `${sitePath(siteId)}/external-links`,
      link("Held", { icon: "bolt", draft: true }),
    );
    // As `pulumi import` reads it: no state, so no declaration to follow.
    const handlers = provider("site-external-links") as unknown as {
      readUnrecorded(id: string, known: object): Promise<{ inputs: { links: unknown } }>;
    };
    const imported = (
      await handlers.readUnrecorded(siteId, { siteId, organizationId: emu.organizationId })
    ).inputs;
    expect(imported.links).toEqual([
      {
        title: "Held",
        url: "https://held.example",
        icon: "bolt",
        draft: true,
        sectionGroupId: null,
      },
    ]);
  });

  test("moving a link from the list to a SiteExternalLink keeps the new one: delete removes the listed ids only", async () => {
    const { siteId } = await freshSite("Migrate");
    const declared = (await lists.check({ siteId, links: [link("Status")] })).inputs;
    const { id, outs } = await lists.create(declared);
    // The SiteExternalLink that replaces the entry is made before the list is deleted.
    await api("POST", `${sitePath(siteId)}/external-links`, link("Status"));
    await lists.delete(id, outs);
    expect(await held(siteId)).toEqual(["Status@root"]);
    expect(outs.linkIds).toHaveLength(1);
  });

  test("delete removes the links the state lists and leaves one made since", async () => {
    const { siteId } = await freshSite("Gone");
    const declared = (await lists.check({ siteId, links: [link("Status"), link("Blog")] })).inputs;
    const { id, outs } = await lists.create(declared);
    await api("POST", `${sitePath(siteId)}/external-links`, link("Later"));
    await lists.delete(id, outs);
    expect(await held(siteId)).toEqual(["Later@root"]);
  });

  test("adoptId must name the site; a change of site replaces", async () => {
    const { siteId } = await freshSite("Adopt");
    const wrong = await lists.check({ siteId, adoptId: "site_other", links: [] });
    expect(wrong.failures).toEqual([
      expect.objectContaining({ property: "adoptId", reason: expect.stringMatching(/site's id/) }),
    ]);
    const { id, outs } = await lists.create((await lists.check({ siteId, links: [] })).inputs);
    const moved = await lists.diff(id, outs, { siteId: "site_other", links: [] });
    expect(moved).toMatchObject({ changes: true, replaces: ["siteId"] });
  });

  test("the service's own client reads the links the provider wrote, in their groups", async () => {
    const { siteId, groupId } = await freshSite("Hosted");
    const declared = (
      await lists.check({
        siteId,
        links: [link("Top"), link("Nested", { sectionGroupId: groupId, draft: true })],
      })
    ).inputs;
    await lists.create(declared);
    const client = gitbookApi(emu) as unknown as HostedClient;
    const { data } = await client.orgs.getSiteStructure(emu.organizationId, siteId);
    expect(data.structure).toContainEqual(
      expect.objectContaining({ object: "site-external-link", title: "Top" }),
    );
    const group = data.structure.find((i) => i.title === "More")!;
    expect(group.children).toContainEqual(
      expect.objectContaining({ object: "site-external-link", title: "Nested", draft: true }),
    );
  });
});
