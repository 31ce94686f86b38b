import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { NativePlugin } from "../support/native-plugin";
import { callApi } from "../support/provider";

/**
 * The native plugin refuses a program that mixes the two forms of permissions on one object
 * (provider/native/mixing.ts): the engine sends one deployment's Check, Diff and Create calls to
 * one plugin process, which remembers, by id, each object declaring `permissions` and each
 * grant's target. A fresh plugin per test: one deployment each.
 */
let emu: TestEmulator;
let plugin: NativePlugin;
const SPACE = "docs-workspace:index:Space";
const GRANT = "docs-workspace:index:SpacePermission";

beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(() => emu.close());
beforeEach(async () => {
  plugin = await NativePlugin.start();
  await plugin.configure({
    "docs-workspace:apiUrl": emu.url,
    "docs-workspace:apiToken": emu.token,
    "docs-workspace:organizationId": emu.organizationId,
  });
});
afterEach(() => plugin.stop());

async function existingSpace(): Promise<string> {
  const made = await callApi(emu, "POST", `/v1/orgs/${emu.organizationId}/spaces`, {
    title: "Existing",
  });
  return made.body.id as string;
}

const owned = (permissions: unknown[]) => ({
  title: "Existing",
  organizationId: emu.organizationId,
  permissions,
});

test("preview of an existing space: the grant's check fails naming spaceId, the Space and the grant", async () => {
  const spaceId = await existingSpace();
  await plugin.diff(SPACE, spaceId, { title: "Existing" }, owned([]));
  const { failures } = await plugin.check(GRANT, { spaceId, teamId: "team_1", role: "edit" });
  expect(failures).toEqual([
    {
      property: "spaceId",
      reason: expect.stringMatching(
        /^SpacePermission "r": spaceId \S+ is Space "r"'s, which declares permissions \(authoritative\): the two forms must not be mixed on one space/,
      ),
    },
  ]);
});

test("the grant checked first: the Space's diff fails, naming both", async () => {
  const spaceId = await existingSpace();
  expect((await plugin.check(GRANT, { spaceId, teamId: "team_1", role: "edit" })).failures).toEqual(
    [],
  );
  await expect(plugin.diff(SPACE, spaceId, { title: "Existing" }, owned([]))).rejects.toThrow(
    /^SpacePermission "r": spaceId \S+ is Space "r"'s, which declares permissions \(authoritative\): the two forms must not be mixed on one space/,
  );
});

test("a space this run creates: up fails at the grant's check, before the grant is written", async () => {
  const made = await plugin.create(SPACE, { ...owned([]), title: "New" });
  const { failures } = await plugin.check(GRANT, { spaceId: made.id, teamId: "t", role: "read" });
  expect(failures.map((f) => f.property)).toEqual(["spaceId"]);
});

test("a space without permissions, or another space, takes additive grants", async () => {
  const spaceId = await existingSpace();
  const other = await existingSpace();
  await plugin.diff(SPACE, spaceId, { title: "Existing" }, { title: "Existing" });
  await plugin.diff(SPACE, other, { title: "Existing" }, owned([]));
  const { failures } = await plugin.check(GRANT, { spaceId, teamId: "team_1", role: "edit" });
  expect(failures).toEqual([]);
});

test("a site's links: the second of SiteExternalLinks and SiteExternalLink on one site fails its check, naming siteId", async () => {
  const LINKS = "docs-workspace:index:SiteExternalLinks";
  const LINK = "docs-workspace:index:SiteExternalLink";
  const link = (siteId: string) => ({ siteId, title: "Extra", url: "https://x.example" });
  expect((await plugin.check(LINKS, { siteId: "site_a", links: [] })).failures).toEqual([]);
  expect((await plugin.check(LINK, link("site_a"))).failures).toEqual([
    {
      property: "siteId",
      reason: expect.stringMatching(
        /^SiteExternalLink "r": siteId site_a has its links listed by SiteExternalLinks "r" \(authoritative\): the two forms must not be mixed on one site/,
      ),
    },
  ]);
  // The link first: the list's check fails.
  expect((await plugin.check(LINK, link("site_b"))).failures).toEqual([]);
  const late = await plugin.check(LINKS, { siteId: "site_b", links: [] });
  expect(late.failures.map((f) => f.property)).toEqual(["siteId"]);
  // Another site, or a site's permissions beside its links, mix nothing.
  expect((await plugin.check(LINK, link("site_c"))).failures).toEqual([]);
  await plugin.diff(
    "docs-workspace:index:Site",
    "site_c",
    { title: "C" },
    { title: "C", permissions: [] },
  );
});

test("two SiteExternalLinks on one site: the second's check fails naming siteId; one checked again is no second", async () => {
  const LINKS = "docs-workspace:index:SiteExternalLinks";
  const list = { siteId: "site_twice", links: [] };
  expect((await plugin.check(LINKS, list)).failures).toEqual([]);
  expect((await plugin.check(LINKS, list)).failures).toEqual([]);
  const second = await plugin.check(LINKS, list, {}, "second");
  expect(second.failures).toEqual([
    {
      property: "siteId",
      reason: expect.stringMatching(
        /^SiteExternalLinks "second": siteId site_twice has its links listed by SiteExternalLinks "r" already/,
      ),
    },
  ]);
});
