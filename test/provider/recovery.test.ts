import { PENDING_CREATE_KEY } from "../../common/pending-create";
import {
  CLOCK_TOLERANCE_MS,
  CREATE_ATTEMPTS,
  LISTED_BEFORE,
} from "../../provider/lifecycle/recovery";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { callApi, configureProvider, handlersFor } from "../support/provider";

/**
 * A create whose outcome is unknown (its answer lost after the server committed, or a 503) never
 * fails the run for that alone and never makes a duplicate: the provider looks for what it made
 * by its natural key, and takes it, or sends the POST again when nothing was made.
 */
let emu: TestEmulator;
const spaces = handlersFor("space");
const sites = handlersFor("site");
const shareLinks = handlersFor("share-link");
const collections = handlersFor("collection");

beforeAll(async () => {
  emu = await startTestEmulator();
  await configureProvider(emu);
});
afterAll(() => emu.close());
beforeEach(async () => {
  await emu.clearFaults();
  await emu.clearRequests();
});

const api = (method: string, path: string, body?: unknown) => callApi(emu, method, path, body);
const spacesPath = () => `/v1/orgs/${emu.organizationId}/spaces`;

async function spacesTitled(title: string): Promise<{ id: string }[]> {
  const list = await api("GET", `${spacesPath()}?limit=1000`);
  return (list.body.items as { id: string; title: string }[]).filter((s) => s.title === title);
}

/** The next POST to `path` commits, and its answer is lost on the way back. */
const loseNextAnswer = (path: string) =>
  emu.addFault({ method: "POST", path, kind: "drop", when: "after", count: 1 });
/** The next POST to `path` is answered 503 before the route runs: nothing is made. */
const refuseNextPost = (path: string) =>
  emu.addFault({ method: "POST", path, kind: "status", status: 503, count: 1 });

const calls = async () => (await emu.requests()).map((r) => [r.method, r.path, r.status]);

describe("a create whose outcome is unknown", () => {
  test("an answer lost after the commit: the space it made is taken, not made twice", async () => {
    await loseNextAnswer(spacesPath());
    const { id, outs } = await spaces.create({ title: "Answer lost" });
    const sent = await calls();
    const made = await spacesTitled("Answer lost");
    expect(made.map((s) => s.id)).toEqual([id]);
    expect(outs).toMatchObject({ title: "Answer lost", parent: null });
    expect(sent).toEqual([
      ["POST", spacesPath(), 0],
      ["GET", spacesPath(), 200],
      ["GET", `/v1/spaces/${id}`, 200],
    ]);
  });

  test("a 503 before the route ran: nothing was made, so the POST is sent again", async () => {
    await refuseNextPost(spacesPath());
    const { id } = await spaces.create({ title: "Sent again" });
    const sent = await calls();
    expect((await spacesTitled("Sent again")).map((s) => s.id)).toEqual([id]);
    expect(sent).toEqual([
      ["POST", spacesPath(), 503],
      ["GET", spacesPath(), 200],
      ["POST", spacesPath(), 201],
    ]);
  });

  test("the parent is part of the key: a space of that title elsewhere is not taken", async () => {
    const folder = await collections.create({ title: "Keyed folder" });
    await loseNextAnswer(spacesPath());
    const { id, outs } = await spaces.create({ title: "Keyed", parent: folder.id });
    expect(outs.parent).toBe(folder.id);
    // A second one of the same title at the top level, its answer lost too.
    await loseNextAnswer(spacesPath());
    const top = await spaces.create({ title: "Keyed" });
    expect(top.id).not.toBe(id);
    expect(top.outs.parent).toBeNull();
    expect((await spacesTitled("Keyed")).map((s) => s.id).sort()).toEqual([id, top.id].sort());
  });

  test("an older object with the same key is never taken for the create's work", async () => {
    // Made on the service's clock longer ago than the margin: then it cannot be the create's work.
    // The emulator stamps `createdAt` with its store's clock, set back for this one POST; its
    // answers' Date header, which the provider reads the service's time from, stays the real one.
    emu.emulator!.setClock(() => new Date(Date.now() - CLOCK_TOLERANCE_MS - 500));
    let older: string;
    try {
      older = (await api("POST", spacesPath(), { title: "Older twin" })).body.id as string;
    } finally {
      emu.emulator!.setClock(() => new Date());
    }
    await refuseNextPost(spacesPath());
    const { id } = await spaces.create({ title: "Older twin" });
    expect(id).not.toBe(older);
    expect((await spacesTitled("Older twin")).map((s) => s.id).sort()).toEqual([older, id].sort());
  });

  test("objects this process made are never taken by another create of the same key", async () => {
    const first = await spaces.create({ title: "Made side by side" });
    await loseNextAnswer(spacesPath());
    const second = await spaces.create({ title: "Made side by side" });
    expect(second.id).not.toBe(first.id);
    expect(await spacesTitled("Made side by side")).toHaveLength(2);
  });

  test("a site and a named share link are found by their keys too", async () => {
    const sitesPath = `/v1/orgs/${emu.organizationId}/sites`;
    await loseNextAnswer(sitesPath);
    const site = await sites.create({ title: "Recovered site" });
    const listed = (await api("GET", sitesPath)).body.items as { id: string; title: string }[];
    expect(listed.filter((s) => s.title === "Recovered site").map((s) => s.id)).toEqual([site.id]);

    const linksPath = `${sitesPath}/${site.id}/share-links`;
    await loseNextAnswer(linksPath);
    const link = await shareLinks.create({ siteId: site.id, name: "reviewers" });
    const links = (await api("GET", linksPath)).body.items as { id: string }[];
    expect(links.map((l) => l.id)).toEqual([link.id]);
  });

  test("every attempt failing before the route: the create fails after its attempts, having made nothing", async () => {
    await emu.addFault({ method: "POST", path: spacesPath(), kind: "status", status: 503 });
    await expect(spaces.create({ title: "Never made" })).rejects.toThrow(
      `made nothing, and ${CREATE_ATTEMPTS} attempts failed`,
    );
    expect(await spacesTitled("Never made")).toEqual([]);
  });
});

/**
 * Collections, site sections, section groups and site spaces carry no creation time: what had the
 * key before the POST is listed just before it, and never taken.
 */
describe("a create whose outcome is unknown, of a kind with no creation time", () => {
  const collectionsPath = () => `/v1/orgs/${emu.organizationId}/collections`;
  const collectionsTitled = async (title: string) =>
    (
      (await api("GET", `${collectionsPath()}?limit=1000`)).body.items as {
        id: string;
        title: string;
      }[]
    )
      .filter((c) => c.title === title)
      .map((c) => c.id);

  test("an answer lost after the commit: the collection it made is taken, not made twice", async () => {
    await loseNextAnswer(collectionsPath());
    const { id, outs } = await collections.create({ title: "Lost folder" });
    const sent = await calls();
    expect(await collectionsTitled("Lost folder")).toEqual([id]);
    expect(outs).toMatchObject({ title: "Lost folder", parent: null });
    expect(sent).toEqual([
      ["GET", collectionsPath(), 200],
      ["POST", collectionsPath(), 0],
      ["GET", collectionsPath(), 200],
      ["GET", `/v1/collections/${id}`, 200],
    ]);
  });

  test("creates under one parent that start together share the list taken before their POSTs", async () => {
    await emu.addFault({ method: "GET", path: collectionsPath(), kind: "latency", latencyMs: 300 });
    const made = await Promise.all(
      ["Side A", "Side B", "Side C"].map((title) => collections.create({ title })),
    );
    const sent = await calls();
    expect(sent.filter(([method]) => method === "GET")).toEqual([["GET", collectionsPath(), 200]]);
    expect(sent.filter(([method]) => method === "POST")).toHaveLength(3);
    expect(new Set(made.map((c) => c.id)).size).toBe(3);
  });

  test("one that had the key before the POST is never taken, however new it is", async () => {
    const older = (await api("POST", collectionsPath(), { title: "Folder twin" })).body
      .id as string;
    // Made a moment ago: a creation time could not tell it from the create's work; the list can.
    await loseNextAnswer(collectionsPath());
    const lost = await collections.create({ title: "Folder twin" });
    expect(lost.id).not.toBe(older);
    await refuseNextPost(collectionsPath());
    const refused = await collections.create({ title: "Folder twin" });
    expect([older, lost.id]).not.toContain(refused.id);
    expect((await collectionsTitled("Folder twin")).sort()).toEqual(
      [older, lost.id, refused.id].sort(),
    );
  });

  test("a site section, a section group and a site space are found in their site", async () => {
    const site = await sites.create({ title: "Structure under faults" });
    const [first, second] = await Promise.all([
      spaces.create({ title: "Section space" }),
      spaces.create({ title: "Published space" }),
    ]);
    const under = (family: string) => `/v1/orgs/${emu.organizationId}/sites/${site.id}/${family}`;
    const listed = async (family: string) =>
      ((await api("GET", `${under(family)}?limit=1000`)).body.items as { id: string }[]).map(
        (i) => i.id,
      );

    const sectionsBefore = await listed("sections");
    await loseNextAnswer(under("sections"));
    const section = await handlersFor("site-section").create({
      siteId: site.id,
      spaceId: first!.id,
      title: "Guides",
    });
    expect(await listed("sections")).toEqual([...sectionsBefore, section.id]);

    await loseNextAnswer(under("section-groups"));
    const group = await handlersFor("site-section-group").create({
      siteId: site.id,
      title: "Learn",
    });
    expect(await listed("section-groups")).toEqual([group.id]);

    const siteSpacesBefore = await listed("site-spaces");
    await loseNextAnswer(under("site-spaces"));
    const siteSpace = await handlersFor("site-space").create({
      siteId: site.id,
      sectionId: section.id,
      spaceId: second!.id,
    });
    expect(await listed("site-spaces")).toEqual([...siteSpacesBefore, siteSpace.id]);
    expect(siteSpace.outs).toMatchObject({ sectionId: section.id, spaceId: second!.id });
  });
});

describe("recovery of a create an interrupted run left pending", () => {
  const pending = (startedAt: Date) => ({
    [PENDING_CREATE_KEY]: {
      urn: "urn:pulumi:dev::p::x::y",
      name: "y",
      startedAt: startedAt.toISOString(),
    },
  });

  test("found: the id, the outputs as a create returns them, and what the object holds", async () => {
    const startedAt = new Date();
    const made = (await api("POST", spacesPath(), { title: "Interrupted" })).body.id as string;
    const checked = await spaces.check({ title: "Interrupted", emoji: "🚧" });
    const read = await spaces.read("", { ...checked.inputs, ...pending(startedAt) });
    expect(read.id).toBe(made);
    expect(read.props).toMatchObject({ [PENDING_CREATE_KEY]: "found", title: "Interrupted" });
    // The object has no emoji yet: the next up sets the declared one.
    expect(read.inputs).toMatchObject({ title: "Interrupted", emoji: null });
  });

  test("a create taken into the state by recovery, its outputs its inputs: the next refresh reads every output", async () => {
    const made = (await api("POST", spacesPath(), { title: "Taken in" })).body.id as string;
    const { inputs } = await spaces.check({ title: "Taken in" });
    // What `docs-workspace pending` writes for it, and `pulumi stack import` stores.
    const taken = { ...inputs, [PENDING_CREATE_KEY]: "found" };
    const read = await spaces.read(made, taken);
    expect(read.id).toBe(made);
    expect(read.props).not.toHaveProperty(PENDING_CREATE_KEY);
    expect(read.props).toMatchObject({ title: "Taken in", urls: { app: expect.any(String) } });
    expect(read.inputs).toEqual({ organizationId: emu.organizationId, title: "Taken in" });
    // Read again from what it answered, it is an ordinary resource: nothing changes.
    expect((await spaces.read(made, read.props!)).props).toEqual(read.props);
  });

  test("absent: nothing made since the create started", async () => {
    const read = await spaces.read("", {
      ...(await spaces.check({ title: "Never started" })).inputs,
      ...pending(new Date()),
    });
    expect(read).toEqual({ id: "", props: { [PENDING_CREATE_KEY]: "absent" } });
  });

  test("a kind with no creation time: absent when nothing carries its key", async () => {
    const checked = await collections.check({ title: "Never made folder" });
    const read = await collections.read("", { ...checked.inputs, ...pending(new Date()) });
    expect(read).toEqual({ id: "", props: { [PENDING_CREATE_KEY]: "absent" } });
  });

  test("a kind with no creation time: check lists what carries the key, and recovery takes only what came after", async () => {
    const startedAt = new Date();
    const path = `/v1/orgs/${emu.organizationId}/collections`;
    const older = (await api("POST", path, { title: "Maybe its work" })).body.id as string;
    // Check lists what carries the key when a create may follow: the engine keeps that with the
    // pending create.
    const checked = await collections.check({ title: "Maybe its work" });
    expect(checked.inputs[LISTED_BEFORE]).toEqual([older]);
    // The older one alone: the create made nothing.
    expect(await collections.read("", { ...checked.inputs, ...pending(startedAt) })).toEqual({
      id: "",
      props: { [PENDING_CREATE_KEY]: "absent" },
    });
    // The POST of the interrupted create made one beside it: that one is found.
    const made = (await api("POST", path, { title: "Maybe its work" })).body.id as string;
    const read = await collections.read("", { ...checked.inputs, ...pending(startedAt) });
    expect(read.id).toBe(made);
    expect(read.props).toMatchObject({ [PENDING_CREATE_KEY]: "found" });
  });

  test("check lists nothing for a resource that exists and is not replaced: no create follows", async () => {
    const olds = (await collections.check({ title: "Kept folder" })).inputs;
    expect(olds[LISTED_BEFORE]).toEqual([]);
    const { [LISTED_BEFORE]: _listed, ...stored } = olds;
    await emu.clearRequests();
    const again = await collections.check(
      { title: "Kept folder", description: "Now described" },
      stored,
    );
    expect(again.inputs).not.toHaveProperty(LISTED_BEFORE);
    expect(await emu.requests()).toEqual([]);
  });

  test("check lists what carries the key in the new place when a change replaces the resource", async () => {
    const sites = `/v1/orgs/${emu.organizationId}/sites`;
    const from = (await api("POST", sites, { title: "Old home" })).body.id as string;
    const to = (await api("POST", sites, { title: "New home" })).body.id as string;
    const there = (await api("POST", `${sites}/${to}/section-groups`, { title: "Learn" })).body
      .id as string;
    const groups = handlersFor("site-section-group");
    const { [LISTED_BEFORE]: _listed, ...stored } = (
      await groups.check({ siteId: from, title: "Learn" })
    ).inputs;
    const moved = await groups.check({ siteId: to, title: "Learn" }, stored);
    expect(moved.inputs[LISTED_BEFORE]).toEqual([there]);
  });

  test("a pending create of a kind with no creation time, written without a list, names what may have been there before", async () => {
    const startedAt = new Date();
    const path = `/v1/orgs/${emu.organizationId}/collections`;
    const made = (await api("POST", path, { title: "Unlisted folder" })).body.id as string;
    const { [LISTED_BEFORE]: _listed, ...checked } = (
      await collections.check({ title: "Unlisted folder" })
    ).inputs;
    await expect(collections.read("", { ...checked, ...pending(startedAt) })).rejects.toThrow(
      `a collection carries no creation time and this create recorded no list of what had its title in its parent collection (or at the top level) before it, so ${made} may have been there before it: decide whether one is its work`,
    );
  });
});
