import { customHostname } from "../../provider/resources/custom-hostname";
import { adminClient, startTestEmulator, type TestEmulator } from "../support/emulator";
import { callApi, configureProvider, handlersFor, writes } from "../support/provider";

/** CustomHostname against the emulator, through the handlers. */
let emu: TestEmulator;
const hostnames = handlersFor("custom-hostname");
let siteA: string;
let siteB: string;

const api = (method: string, path: string, body?: unknown) => callApi(emu, method, path, body);
const sitePath = (site: string) => `/v1/orgs/${emu.organizationId}/sites/${site}`;
const newSite = async () =>
  (await api("POST", `/v1/orgs/${emu.organizationId}/sites`, { title: "Hosted" })).body
    .id as string;

beforeAll(async () => {
  emu = await startTestEmulator({ processingDelayMs: 0 });
  await configureProvider(emu);
  siteA = await newSite();
  siteB = await newSite();
});
afterAll(() => emu.close());
beforeEach(async () => {
  await emu.clearFaults();
  await emu.clearRequests();
});

describe("CustomHostname", () => {
  test("create is one PATCH of the site, then waits until live; read finds it as created", async () => {
    const inputs = { hostname: "create.hosts.example", siteId: siteA };
    const { id, outs } = await hostnames.create(inputs);
    expect(id).toBe("create.hosts.example");
    expect(outs).toMatchObject({ ...inputs, status: "live", isActive: true });
    expect((await writes(emu)).map((w) => [w.method, w.path, w.body])).toEqual([
      ["PATCH", sitePath(siteA), { hostname: "create.hosts.example" }],
    ]);
    expect((await hostnames.read(id, outs)).props).toEqual(outs);
    expect((await api("GET", sitePath(siteA))).body.hostname).toBe("create.hosts.example");
    await hostnames.delete(id, outs);
    expect((await api("GET", "/v1/custom-hostnames/create.hosts.example")).status).toBe(404);
  });

  test("with no site, the hostname is the organization's", async () => {
    const { id, outs } = await hostnames.create({ hostname: "org.hosts.example" });
    expect(outs).toMatchObject({ siteId: null, status: "live" });
    expect((await writes(emu)).map((w) => [w.method, w.path, w.body])).toEqual([
      ["PATCH", `/v1/orgs/${emu.organizationId}`, { customHostname: "org.hosts.example" }],
    ]);
    await hostnames.delete(id, outs);
    expect((await api("GET", `/v1/orgs/${emu.organizationId}`)).body).not.toHaveProperty(
      "customHostname",
    );
  });

  test("a new site moves it in place; a new hostname replaces it", async () => {
    const inputs = { hostname: "move.hosts.example", siteId: siteA };
    const { id, outs } = await hostnames.create(inputs);
    const moved = { ...inputs, siteId: siteB };
    expect(await hostnames.diff(id, outs, moved)).toMatchObject({ changes: true, replaces: [] });
    await emu.clearRequests();
    const updated = await hostnames.update(id, outs, moved);
    expect(updated).toMatchObject({ siteId: siteB, status: "live", isActive: true });
    expect((await writes(emu)).map((w) => [w.method, w.path, w.body])).toEqual([
      ["PATCH", sitePath(siteA), { hostname: null }],
      ["PATCH", sitePath(siteB), { hostname: "move.hosts.example" }],
    ]);
    const renamed = { ...moved, hostname: "moved.hosts.example" };
    expect(await hostnames.diff(id, updated, renamed)).toMatchObject({ replaces: ["hostname"] });
    await hostnames.delete(id, updated);
  });

  test("a hostname detached out of band reads as gone, so the next up attaches it again", async () => {
    const { id, outs } = await hostnames.create({ hostname: "gone.hosts.example", siteId: siteA });
    await api("PATCH", sitePath(siteA), { hostname: null });
    expect(await hostnames.read(id, outs)).toEqual({ id: "" });
    await hostnames.delete(id, outs);
  });

  test("a status the service does not retry from fails the create at once, naming it, and removes the hostname", async () => {
    // Set by hand and checked into invalid_domain: the create's PATCH then finds it in place.
    await api("PATCH", sitePath(siteB), { hostname: "bad.hosts.example" });
    await adminClient(emu)("PUT", "/custom-hostnames/bad.hosts.example/status", {
      status: "invalid_domain",
    });
    await expect(
      hostnames.create({ hostname: "bad.hosts.example", siteId: siteB }),
    ).rejects.toThrow(
      "custom hostname bad.hosts.example is invalid_domain: the service does not take this name as a domain",
    );
    expect((await api("GET", "/v1/custom-hostnames/bad.hosts.example")).status).toBe(404);
  });

  test("a hostname another site uses fails with the API's 409, naming it", async () => {
    await api("PATCH", sitePath(siteB), { hostname: "taken.hosts.example" });
    await expect(
      hostnames.create({ hostname: "taken.hosts.example", siteId: siteA }),
    ).rejects.toThrow(/409 hostname taken\.hosts\.example is already used/);
    await api("PATCH", sitePath(siteB), { hostname: null });
  });

  test("check refuses a hostname the service would, naming it, before any request", async () => {
    for (const hostname of ["Docs.Hosts.example", "hosts.example", `${"a".repeat(64)}.b.c`]) {
      const { failures } = await hostnames.check({ hostname, siteId: siteA });
      expect(failures).toEqual([{ property: "hostname", reason: expect.any(String) }]);
    }
    const { failures } = await hostnames.check({
      hostname: "ok.hosts.example",
      activationTimeoutSeconds: 0,
    });
    expect(failures).toEqual([
      { property: "activationTimeoutSeconds", reason: expect.stringContaining("at least 1") },
    ]);
    expect(await emu.requests()).toEqual([]);
  });

  test("past activationTimeoutSeconds, up fails naming the status the hostname is in, and leaves none", async () => {
    const slow = await startTestEmulator({ processingDelayMs: 600_000 });
    try {
      await configureProvider(slow);
      const site = (
        await callApi(slow, "POST", `/v1/orgs/${slow.organizationId}/sites`, { title: "Slow" })
      ).body.id as string;
      await expect(
        hostnames.create({
          hostname: "slow.hosts.example",
          siteId: site,
          activationTimeoutSeconds: 1,
        }),
      ).rejects.toThrow(
        /gave up waiting for custom hostname slow\.hosts\.example to go live after 1 s: it is still ssl_pending; point its DNS/,
      );
      const left = await callApi(slow, "GET", "/v1/custom-hostnames/slow.hosts.example");
      expect(left.status).toBe(404);
      expect(customHostname.createOnly).toEqual(["activationTimeoutSeconds"]);
    } finally {
      await configureProvider(emu);
      await slow.close();
    }
  });
});
