// @slow: whole lifecycles against an emulator over HTTP (`npm run test:fast` leaves it out; `npm test` runs it).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import {
  preview,
  refresh,
  up,
  destroy,
  type HarnessOptions,
  type RunResult,
} from "../../cli/harness";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { callApi } from "../support/provider";

/**
 * Teams, members and SSO as a user of `pulumi up` meets them, through the harness: the
 * certificate and the token never in clear in the state, an authoritative team, the two ways a
 * member is released, and an unknown e-mail refused before anything is written.
 */
// Each step runs a Pulumi program through the provider host: slow on a loaded machine.
jest.setTimeout(300_000);

const program = path.resolve(__dirname, "../fixtures/people");
const certificate = `-----BEGIN CERTIFICATE-----\nMIIDpeopletestcertificate${"Z".repeat(48)}\n-----END CERTIFICATE-----`;

let emu: TestEmulator;
let dir: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  emu = await startTestEmulator();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-people-"));
  const list = await callApi(emu, "GET", `/v1/orgs/${emu.organizationId}/members`);
  for (const m of list.body.items as { id: string; user: { email: string } }[])
    ids[m.user.email] = m.id;
  await callApi(emu, "PATCH", `/v1/orgs/${emu.organizationId}`, { defaultRole: "read" });
});
afterAll(async () => {
  await emu.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function options(config: Record<string, string> = {}): HarnessOptions {
  return {
    programDir: program,
    stateFile: path.join(dir, "people.json"),
    config: {
      "docs-workspace:apiUrl": emu.url,
      "docs-workspace:organizationId": emu.organizationId,
      "people:certificate": certificate,
      ...config,
    },
    secrets: { "docs-workspace:apiToken": emu.token },
    passphrase: "people-test-passphrase",
  };
}

const changes = (result: RunResult) =>
  result.steps.filter((s) => s.op !== "same").map((s) => [s.op, s.name, s.diffs ?? []]);
const state = () => fs.readFileSync(path.join(dir, "people.json"), "utf8");
const writes = async () => (await emu.requests()).filter((r) => r.method !== "GET");

async function role(email: string) {
  const res = await callApi(emu, "GET", `/v1/orgs/${emu.organizationId}/members/${ids[email]}`);
  return res.status === 404 ? "not a member" : res.body.role;
}

async function editors(teamId: string): Promise<string[]> {
  const res = await callApi(emu, "GET", `/v1/orgs/${emu.organizationId}/teams/${teamId}/members`);
  return (res.body.items as { organization: { user: { email: string } } }[])
    .map((m) => m.organization.user.email)
    .sort();
}

const teamId = () =>
  (JSON.parse(state()).resources as { name: string; id: string }[]).find(
    (r) => r.name === "editors",
  )!.id;

describe("people and SSO through the harness", () => {
  test("up; the state file holds neither the certificate nor the token, also after refresh; refresh and preview show no change", async () => {
    const first = await up(options({ "people:member": "grace@example.com" }));
    expect(first.failures).toBeUndefined();
    expect(first.summary).toMatchObject({ create: 4 });
    expect(String(first.outputs.acsURL)).toMatch(/\/sso\/saml\/.*\/acs$/);
    const saml = await callApi(emu, "GET", `/v1/orgs/${emu.organizationId}/saml`);
    expect((saml.body.items as { certificate: string }[])[0]!.certificate).toBe(certificate);
    expect(await role("grace@example.com")).toBe("create");
    const secretsAbsent = () => {
      expect(state()).not.toContain("MIIDpeopletestcertificate");
      expect(state()).not.toContain(emu.token);
    };
    secretsAbsent();
    expect(changes(await refresh(options({ "people:member": "grace@example.com" })))).toEqual([]);
    secretsAbsent();
    expect(changes(await preview(options({ "people:member": "grace@example.com" })))).toEqual([]);
  });

  test("an authoritative team: a member added out of band shows on refresh and goes at the next up", async () => {
    const opts = options({ "people:member": "grace@example.com" });
    await callApi(emu, "PUT", `/v1/orgs/${emu.organizationId}/teams/${teamId()}/members`, {
      add: ["linus@example.com"],
    });
    expect(changes(await refresh(opts))).toEqual([["refresh-update", "editors", ["members"]]]);
    expect(changes(await preview(opts))).toEqual([["update", "editors", ["members"]]]);
    await up(opts);
    expect(await editors(teamId())).toEqual(["ada@example.com"]);
    // Again, with `up --refresh` alone.
    await callApi(emu, "PUT", `/v1/orgs/${emu.organizationId}/teams/${teamId()}/members`, {
      add: ["linus@example.com"],
    });
    const refreshed = await up({ ...opts, refresh: true });
    expect(changes(refreshed)).toEqual([
      ["refresh-update", "editors", ["members"]],
      ["update", "editors", ["members"]],
    ]);
    expect(await editors(teamId())).toEqual(["ada@example.com"]);
  });

  test("an unknown e-mail in a team's members fails naming it, and nothing is written", async () => {
    await emu.clearRequests();
    const failed = up(
      options({
        "people:member": "grace@example.com",
        "people:editors": JSON.stringify([
          { user: "ada@example.com" },
          { user: "nobody@example.com" },
        ]),
      }),
    );
    await expect(failed).rejects.toThrow(
      `docs-workspace:Team "editors": update failed: members: no member of organization ${emu.organizationId} has the e-mail nobody@example.com`,
    );
    expect(await writes()).toEqual([]);
    expect(await editors(teamId())).toEqual(["ada@example.com"]);
  });

  test("a member released without removeOnDelete gets the default role back", async () => {
    const result = await up(options());
    expect(changes(result)).toEqual([["delete", "member", []]]);
    expect(await role("grace@example.com")).toBe("read");
  });

  test("a member released with removeOnDelete: true leaves the organization", async () => {
    await up(options({ "people:member": "margaret@example.com", "people:removeOnDelete": "true" }));
    expect(await role("margaret@example.com")).toBe("create");
    await up(options());
    expect(await role("margaret@example.com")).toBe("not a member");
  });

  test("destroy removes the team and the SAML provider", async () => {
    await destroy(options());
    const teams = await callApi(emu, "GET", `/v1/orgs/${emu.organizationId}/teams`);
    const saml = await callApi(emu, "GET", `/v1/orgs/${emu.organizationId}/saml`);
    expect([teams.body.count, saml.body.count]).toEqual([0, 0]);
  });
});
