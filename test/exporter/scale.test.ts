import { readInventory } from "../../cli/exporter/inventory";
import { buildProgram } from "../../cli/exporter/program";
import { repeatedReads } from "../../cli/exporter/requests";
import { ApiClient } from "../../provider/client";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { callApi } from "../support/provider";

jest.setTimeout(300_000);

const SPACES = 1000;
let emu: TestEmulator;

beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(() => emu.close());

test("export of an organization with 1,000 spaces completes with one request per page of each list, and two per space for its grants", async () => {
  // The admin API seeds organizations, people and tokens; spaces are made through the API.
  for (let i = 0; i < SPACES; i += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, SPACES - i) }, (_, j) =>
        callApi(emu, "POST", `/v1/orgs/${emu.organizationId}/spaces`, {
          title: `Space ${i + j}`,
        }),
      ),
    );
  }
  await emu.clearRequests();
  const client = new ApiClient({ apiUrl: emu.url, apiToken: emu.token, maxConcurrency: 8 });
  const program = buildProgram(await readInventory(client, emu.organizationId));
  expect(program.declarations.filter((d) => d.type === "Space")).toHaveLength(SPACES);

  const requests = await emu.requests();
  expect(requests.every((r) => r.method === "GET")).toBe(true);
  expect(repeatedReads(requests)).toEqual([]);
  // 1,000 spaces are one page of 1,000; the organization, and one page of each other list
  // (collections, sites, members, teams, SAML providers, custom fonts, invite links, specs,
  // translations, glossary, installed integrations), all empty but the members.
  // Grants have no organization-wide list: each space's teams and users are one page each.
  const spacesList = requests.filter((r) => r.path === `/v1/orgs/${emu.organizationId}/spaces`);
  expect(spacesList).toHaveLength(1);
  const grants = requests.filter((r) =>
    /^\/v1\/spaces\/[^/]+\/permissions\/(teams|users)$/.test(r.path),
  );
  expect(grants).toHaveLength(2 * SPACES);
  expect(requests.length - grants.length).toBe(13);
});
