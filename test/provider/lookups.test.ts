import * as pulumi from "@pulumi/pulumi";
import { getCollection } from "../../provider/lookups/collection";
import { getOrganization } from "../../provider/lookups/organization";
import { getMember, getTeam, lookUpMember, lookUpTeam } from "../../provider/lookups/people";
import { getSpace } from "../../provider/lookups/space";
import { startTestEmulator, type TestEmulator } from "../support/emulator";

/** What an Output settles to (Pulumi keeps its promise internal). */
function settled<T>(output: pulumi.Output<T>): Promise<T> {
  return (output as unknown as { promise(): Promise<T> }).promise();
}

let emu: TestEmulator;

beforeAll(async () => {
  emu = await startTestEmulator();
  await pulumi.runtime.setMocks(
    { newResource: (args) => ({ id: args.name, state: args.inputs }), call: () => ({}) },
    "project",
    "stack",
    false,
  );
});
afterAll(() => emu.close());

// Lookups run in the program process, where the stack config is Pulumi's runtime config; the
// configuration module reads it there key by key, as it reads configure()'s in the provider host.
test("getOrganization reads the URL, token and default organization from the stack config", async () => {
  pulumi.runtime.setConfig("docs-workspace:apiUrl", emu.url);
  pulumi.runtime.setConfig("docs-workspace:apiToken", emu.token);
  pulumi.runtime.setConfig("docs-workspace:organizationId", emu.organizationId);
  const org = await settled(getOrganization());
  expect(org).toMatchObject({ id: emu.organizationId, title: "Test organization", urls: {} });
});

describe("people lookups", () => {
  beforeAll(() => {
    pulumi.runtime.setConfig("docs-workspace:apiUrl", emu.url);
    pulumi.runtime.setConfig("docs-workspace:apiToken", emu.token);
    pulumi.runtime.setConfig("docs-workspace:organizationId", emu.organizationId);
  });

  test("getMember finds a member by e-mail, case-insensitively, and by user id", async () => {
    const ada = await settled(getMember({ email: "ADA@example.com" }));
    expect(ada).toMatchObject({
      email: "ada@example.com",
      displayName: "Ada Lovelace",
      role: "edit",
      sso: false,
      teamCount: 0,
    });
    expect(await settled(getMember({ userId: ada.userId }))).toEqual(ada);
  });

  test("getMember with an unknown e-mail fails naming it", async () => {
    // The function behind the Output: a rejected Output would surface as an unhandled rejection.
    await expect(lookUpMember({ email: "nobody@example.com" })).rejects.toThrow(
      `getMember: no member of organization ${emu.organizationId} has the e-mail nobody@example.com`,
    );
  });

  test("getTeam finds the team with exactly that title, and says when there is none or several", async () => {
    const call = (method: string, path: string, body: unknown) =>
      fetch(`${emu.url}/v1/orgs/${emu.organizationId}${path}`, {
        method,
        headers: { authorization: `Bearer ${emu.token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      }).then((r) => r.json() as Promise<{ id: string }>);
    const writers = await call("PUT", "/teams", { title: "Writers" });
    await call("PUT", "/teams", { title: "Writers EU" });
    expect(await settled(getTeam({ title: "Writers" }))).toMatchObject({
      id: writers.id,
      title: "Writers",
      memberCount: 0,
    });
    await expect(lookUpTeam({ title: "Nobody" })).rejects.toThrow(
      `getTeam: organization ${emu.organizationId} has no team titled "Nobody"`,
    );
    await call("PUT", "/teams", { title: "Writers" });
    await expect(lookUpTeam({ title: "Writers" })).rejects.toThrow(/has 2 teams titled "Writers"/);
  });
});

test("getSpace and getCollection read an object by id; as the program process sees them", async () => {
  pulumi.runtime.setConfig("docs-workspace:apiUrl", emu.url);
  pulumi.runtime.setConfig("docs-workspace:apiToken", emu.token);
  pulumi.runtime.setConfig("docs-workspace:organizationId", emu.organizationId);
  const call = async (path: string, body: unknown) => {
    const response = await fetch(`${emu.url}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${emu.token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return (await response.json()) as { id: string };
  };
  const collection = await call(`/v1/orgs/${emu.organizationId}/collections`, { title: "Shared" });
  const space = await call(`/v1/orgs/${emu.organizationId}/spaces`, {
    title: "Runbook",
    parent: collection.id,
    language: "en",
  });
  expect(await settled(getCollection({ id: collection.id }))).toMatchObject({
    id: collection.id,
    title: "Shared",
    organizationId: emu.organizationId,
    parent: null,
    urls: { app: expect.any(String) },
  });
  expect(await settled(getSpace({ id: space.id }))).toMatchObject({
    id: space.id,
    title: "Runbook",
    parent: collection.id,
    language: "en",
    revision: expect.any(String),
  });
});
