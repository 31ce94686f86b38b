import {
  CLOCK_TOLERANCE_MS,
  CREATE_ATTEMPTS,
  PENDING_CREATE,
} from "../../provider/resources/lifecycle";
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
    const older = (await api("POST", spacesPath(), { title: "Older twin" })).body.id as string;
    // Older than the clock margin: then it cannot be the create's work.
    await new Promise((resolve) => setTimeout(resolve, CLOCK_TOLERANCE_MS + 500));
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

  test("a kind with no natural key fails, saying what to check, rather than risk a duplicate", async () => {
    const path = `/v1/orgs/${emu.organizationId}/collections`;
    await loseNextAnswer(path);
    await expect(collections.create({ title: "No key" })).rejects.toThrow(
      /is unknown, and a collection has no natural key to find what it may have made: check for it before the next up, and take it over with adoptId/,
    );
  });
});

describe("recovery of a create an interrupted run left pending", () => {
  const pending = (startedAt: Date) => ({
    [PENDING_CREATE]: {
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
    expect(read.props).toMatchObject({ [PENDING_CREATE]: "found", title: "Interrupted" });
    // The object has no emoji yet: the next up sets the declared one.
    expect(read.inputs).toMatchObject({ title: "Interrupted", emoji: null });
  });

  test("absent: nothing made since the create started", async () => {
    const read = await spaces.read("", {
      ...(await spaces.check({ title: "Never started" })).inputs,
      ...pending(new Date()),
    });
    expect(read).toEqual({ id: "", props: { [PENDING_CREATE]: "absent" } });
  });

  test("a kind with no natural key cannot tell, and says so", async () => {
    const checked = await collections.check({ title: "Unknowable" });
    await expect(
      collections.read("", { ...checked.inputs, ...pending(new Date()) }),
    ).rejects.toThrow("a collection has no natural key to find what an interrupted create made");
  });
});
