import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { callApi, configureProvider, handlersFor, UNKNOWN, writes } from "../support/provider";

let emu: TestEmulator;
const settings = handlersFor("organization-settings");
const org = () => `/v1/orgs/${emu.organizationId}`;

beforeAll(async () => {
  emu = await startTestEmulator();
  await configureProvider(emu);
});
afterAll(() => emu.close());
beforeEach(() => emu.clearRequests());

describe("OrganizationSettings", () => {
  test("create takes the organization over with one PATCH of the declared settings, nulls included", async () => {
    await callApi(emu, "PATCH", org(), { defaultRole: "edit", ai: true });
    await emu.clearRequests();
    const { id, outs } = await settings.create({
      emailDomains: ["example.com", "docs.example.com"],
      defaultRole: null,
      inviteLinks: false,
    });
    expect(id).toBe(emu.organizationId);
    expect((await writes(emu)).map((r) => [r.method, r.path, r.body])).toEqual([
      [
        "PATCH",
        org(),
        {
          emailDomains: ["example.com", "docs.example.com"],
          defaultRole: null,
          inviteLinks: false,
        },
      ],
    ]);
    // Every current setting is in the outputs; what is not declared is left as it was.
    expect(outs).toMatchObject({
      organizationId: emu.organizationId,
      title: "Test organization",
      emailDomains: ["example.com", "docs.example.com"],
      defaultRole: null,
      inviteLinks: false,
      ai: true,
      logo: null,
      defaultContent: null,
      plan: "free_2024",
    });
  });

  test("delete leaves the organization as it is and sends nothing", async () => {
    const { id, outs } = await settings.create({ title: "Kept organization", ai: false });
    await emu.clearRequests();
    await settings.delete(id, outs);
    expect(await emu.requests()).toEqual([]);
    expect((await callApi(emu, "GET", org())).body).toMatchObject({ title: "Kept organization" });
  });

  test("check names each property and limit before any request, and accepts unknowns at preview", async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ title: "x" }, "title", /at least 2 characters/],
      [{ hostname: "ab" }, "hostname", /at least 3 characters/],
      [{ hostname: "Has_Upper" }, "hostname", /must match the pattern/],
      [{ emailDomains: ["Example.com"] }, "emailDomains[0]", /must match the pattern/],
      [{ emailDomains: ["a.com", "a.com"] }, "emailDomains[1]", /listed twice/],
      [{ logo: `https://example.com/${"l".repeat(2040)}` }, "logo", /at most 2048 characters/],
      [{ logo: "ftp://example.com/logo.png" }, "logo", /must be a URL/],
      [{ defaultRole: "owner" }, "defaultRole", /must be one of/],
      [{ defaultContent: { type: "page", site: "s" } }, "defaultContent.type", /must be "site"/],
      [{ adoptId: "another-org" }, "adoptId", /organization's own/],
    ];
    for (const [args, property, reason] of cases) {
      const { failures } = await settings.check(args);
      expect([property, failures?.[0]?.property]).toEqual([property, property]);
      expect(failures![0]!.reason).toMatch(reason);
    }
    expect(
      (await settings.check({ title: UNKNOWN, emailDomains: [UNKNOWN] })).failures,
    ).toBeUndefined();
    expect(await emu.requests()).toEqual([]);
  });

  test("diff makes no request; another organization replaces, a setting updates in place", async () => {
    const olds = {
      organizationId: emu.organizationId,
      title: "A",
      __declared: ["organizationId", "title"],
    };
    expect(await settings.diff(emu.organizationId, olds, { title: "B" })).toMatchObject({
      changes: true,
      replaces: [],
    });
    expect(
      await settings.diff(emu.organizationId, olds, {
        title: "A",
        organizationId: emu.secondOrganizationId,
      }),
    ).toMatchObject({ replaces: ["organizationId"] });
    expect(await settings.diff(emu.organizationId, olds, { title: "A" })).toMatchObject({
      changes: false,
    });
    expect(await emu.requests()).toEqual([]);
  });

  test("a hostname another organization holds fails with the API's 409, naming it", async () => {
    await callApi(emu, "PATCH", `/v1/orgs/${emu.secondOrganizationId}`, { hostname: "taken-host" });
    await expect(settings.create({ hostname: "taken-host" })).rejects.toThrow(
      /409 hostname taken-host is already taken/,
    );
  });
});
