// @slow: whole lifecycles against an emulator over HTTP (`npm run test:fast` leaves it out; `npm test` runs it).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import {
  HarnessRunError,
  destroy,
  preview,
  refresh,
  up,
  type HarnessOptions,
} from "../../cli/harness";
import {
  apiClient,
  seedSeparateOrganization,
  startTestEmulator,
  type SeparateOrganization,
  type TestEmulator,
} from "../support/emulator";

/**
 * One program, two workspaces: the default one and `prod`, another organization reached with a
 * token of its own (a user who belongs to nothing else). Run through the harness as a user of
 * `pulumi up` meets it; neither token may reach the state.
 */
// Several whole runs of a program through the harness: the limit bounds a hang only.
jest.setTimeout(240_000);

const program = path.resolve(__dirname, "../fixtures/workspaces");

let emu: TestEmulator;
let prod: SeparateOrganization;
let dir: string;
let opts: HarnessOptions;
let sourceSpace: string;

type Listed = { id: string; title: string; emoji: string; parent?: string | null };

/** The spaces and collections of an organization, as its own token sees them. */
async function contents(organizationId: string, token: string) {
  const call = apiClient(emu.url, token);
  const spaces = await call("GET", `/v1/orgs/${organizationId}/spaces`);
  const collections = await call("GET", `/v1/orgs/${organizationId}/collections`);
  expect([spaces.status, collections.status]).toEqual([200, 200]);
  return {
    spaces: spaces.body.items as unknown as Listed[],
    collections: collections.body.items as unknown as Listed[],
  };
}

beforeAll(async () => {
  emu = await startTestEmulator();
  prod = await seedSeparateOrganization(emu, "Production docs");
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-workspaces-"));
  const made = await apiClient(emu.url, emu.token)(
    "POST",
    `/v1/orgs/${emu.organizationId}/spaces`,
    {
      title: "Runbook",
      emoji: "1f4d8",
    },
  );
  expect(made.status).toBe(201);
  sourceSpace = made.body.id;
  opts = {
    programDir: program,
    stateFile: path.join(dir, "workspaces.json"),
    config: {
      "docs-workspace:apiUrl": emu.url,
      "docs-workspace:organizationId": emu.organizationId,
      "workspaces:sourceSpace": sourceSpace,
    },
    secrets: {
      "docs-workspace:apiToken": emu.token,
      // As `pulumi config set --path --secret docs-workspace:workspaces.prod.apiToken` leaves
      // it: the whole structured value is secret.
      "docs-workspace:workspaces": JSON.stringify({
        prod: { organizationId: prod.organizationId, apiToken: prod.token },
      }),
    },
    passphrase: "workspaces-test-passphrase",
  };
});
afterAll(async () => {
  await emu.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test("the two tokens are two tenants: neither sees the other's organization", async () => {
  const asProd = apiClient(emu.url, prod.token);
  const asDefault = apiClient(emu.url, emu.token);
  // An organization the token's user does not belong to does not exist, for that token.
  expect((await asProd("GET", `/v1/orgs/${emu.organizationId}/spaces`)).status).toBe(404);
  expect((await asDefault("GET", `/v1/orgs/${prod.organizationId}/spaces`)).status).toBe(404);
});

test("up puts each object in its workspace's organization, and copies a space across", async () => {
  const result = await up(opts);
  // Four resources and the stack.
  expect(result.summary).toEqual({ create: 5 });
  const here = await contents(emu.organizationId, emu.token);
  const there = await contents(prod.organizationId, prod.token);
  expect(here.collections.map((c) => c.title)).toEqual(["Handbook"]);
  expect(here.spaces.map((s) => s.title).sort()).toEqual(["Guide", "Runbook"]);
  expect(there.collections.map((c) => c.title)).toEqual(["Handbook"]);
  // The copy: read from the default workspace, made in prod, inside prod's collection.
  expect(there.spaces).toEqual([
    expect.objectContaining({ title: "Runbook", emoji: "1f4d8", parent: there.collections[0]!.id }),
  ]);
  expect(result.outputs).toEqual({
    copyOrganization: prod.organizationId,
    targetTitle: "Production docs",
  });
});

test("neither token appears anywhere in the state file; the workspace's name does", () => {
  const text = fs.readFileSync(opts.stateFile, "utf8");
  expect(text).not.toContain(emu.token);
  expect(text).not.toContain(prod.token);
  const copy = (
    JSON.parse(text).resources as { name: string; inputs: object; outputs: object }[]
  ).find((r) => r.name === "runbook-copy")!;
  expect(copy.inputs).toMatchObject({ workspace: "prod" });
  expect(copy.outputs).toMatchObject({ workspace: "prod", organizationId: prod.organizationId });
  expect(fs.readdirSync(dir).filter((f) => f !== "workspaces.json")).toEqual([]);
});

test("refresh reads each object through its workspace and finds no change; the gate passes", async () => {
  const refreshed = await refresh({ ...opts, expectNoChanges: true });
  expect(refreshed.summary).toEqual({ same: 4 });
  expect((await preview({ ...opts, expectNoChanges: true })).summary).toEqual({ same: 5 });
  const text = fs.readFileSync(opts.stateFile, "utf8");
  expect(text).not.toContain(emu.token);
  expect(text).not.toContain(prod.token);
});

test("an unknown workspace is refused at preview, naming the property and the configured names", async () => {
  const error = await preview({
    ...opts,
    config: { ...opts.config, "workspaces:target": "staging" },
  }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HarnessRunError);
  const failures = (error as HarnessRunError).result.failures ?? [];
  expect(failures.length).toBeGreaterThan(0);
  for (const f of failures) {
    expect(f.message).not.toContain(prod.token);
    expect(f.message).not.toContain(emu.token);
  }
  expect(failures.find((f) => f.name === "prod-handbook")).toEqual(
    expect.objectContaining({
      op: "check",
      checkFailures: [
        {
          property: "workspace",
          reason:
            'no workspace "staging" is configured in docs-workspace:workspaces; the configured ones are "prod" (leave workspace out for the default one)',
        },
      ],
    }),
  );
});

test("destroy deletes each object in its own organization", async () => {
  await destroy(opts);
  const here = await contents(emu.organizationId, emu.token);
  const there = await contents(prod.organizationId, prod.token);
  expect(here.collections).toEqual([]);
  expect(here.spaces.map((s) => s.id)).toEqual([sourceSpace]);
  expect(there).toEqual({ spaces: [], collections: [] });
});
