// @slow: whole lifecycles against an emulator over HTTP (`npm run test:fast` leaves it out; `npm test` runs it).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { HarnessRunError, preview, refresh, up, type HarnessOptions } from "../../cli/harness";
import {
  apiClient,
  seedSeparateOrganization,
  startTestEmulator,
  type SeparateOrganization,
  type TestEmulator,
} from "../support/emulator";

/**
 * examples/gitops as its CI recipe runs it: both stacks applied to their own organizations (two
 * of the emulator, each with its own token), a second up that changes nothing, and the scheduled
 * drift gate, which passes until an object is changed outside the program.
 */
// Several whole runs of the example through the harness: the limit bounds a hang only.
jest.setTimeout(300_000);

const example = path.resolve(__dirname, "../../examples/gitops");

let emu: TestEmulator;
let prodOrg: SeparateOrganization;
let dir: string;
const stacks: Record<"dev" | "prod", HarnessOptions> = {} as never;

beforeAll(async () => {
  emu = await startTestEmulator();
  prodOrg = await seedSeparateOrganization(emu, "Production docs");
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-gitops-"));
  // The stack files name placeholder organizations; the test points each at one of its own, as
  // a user edits them, and hands the token over as CI does.
  const stack = (name: "dev" | "prod", organizationId: string, token: string) => ({
    programDir: example,
    stack: name,
    stateFile: path.join(dir, `${name}.json`),
    config: { "docs-workspace:apiUrl": emu.url, "docs-workspace:organizationId": organizationId },
    env: { DOCS_WORKSPACE_API_TOKEN: token },
    passphrase: "gitops-test-passphrase",
  });
  stacks.dev = stack("dev", emu.organizationId, emu.token);
  stacks.prod = stack("prod", prodOrg.organizationId, prodOrg.token);
});
afterAll(async () => {
  await emu.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

type Listed = { id: string; title: string; visibility?: string; published?: boolean };

async function listed(organizationId: string, token: string, kind: string): Promise<Listed[]> {
  const answer = await apiClient(emu.url, token)("GET", `/v1/orgs/${organizationId}/${kind}`);
  expect(answer.status).toBe(200);
  return answer.body.items as unknown as Listed[];
}

/** The gate of the scheduled job: refresh --preview-only, then preview, both expecting nothing. */
async function driftGate(opts: HarnessOptions): Promise<void> {
  await refresh({ ...opts, previewOnly: true, expectNoChanges: true });
  await preview({ ...opts, expectNoChanges: true });
}

test("the two stacks apply the one program to two organizations, differing as their files say", async () => {
  await up(stacks.dev);
  await up(stacks.prod);
  const devSites = await listed(emu.organizationId, emu.token, "sites");
  const prodSites = await listed(prodOrg.organizationId, prodOrg.token, "sites");
  expect(devSites).toEqual([
    expect.objectContaining({ title: "Engineering docs (staging)", visibility: "unlisted" }),
  ]);
  expect(prodSites).toEqual([
    expect.objectContaining({ title: "Engineering docs", visibility: "public" }),
  ]);
  expect((await listed(emu.organizationId, emu.token, "collections")).map((c) => c.title)).toEqual([
    "Handbook (staging)",
  ]);
  expect(
    (await listed(prodOrg.organizationId, prodOrg.token, "collections")).map((c) => c.title),
  ).toEqual(["Handbook"]);
  for (const opts of Object.values(stacks)) {
    const state = fs.readFileSync(opts.stateFile, "utf8");
    expect(state).not.toContain(emu.token);
    expect(state).not.toContain(prodOrg.token);
  }
});

test("a second up of each stack is all same and sends no write", async () => {
  await emu.clearRequests();
  for (const opts of Object.values(stacks)) {
    const again = await up(opts);
    expect(again.steps.every((s) => s.op === "same")).toBe(true);
  }
  expect((await emu.requests()).filter((r) => r.method !== "GET")).toEqual([]);
});

test("the drift gate passes on both stacks straight after up", async () => {
  await driftGate(stacks.dev);
  await driftGate(stacks.prod);
});

test("the drift gate fails on the stack whose site was changed out of band, naming it, and passes again after up --refresh", async () => {
  const [site] = await listed(prodOrg.organizationId, prodOrg.token, "sites");
  const edited = await apiClient(emu.url, prodOrg.token)(
    "PATCH",
    `/v1/orgs/${prodOrg.organizationId}/sites/${site!.id}`,
    { visibility: "share-link" },
  );
  expect(edited.status).toBe(200);

  const error = await driftGate(stacks.prod).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HarnessRunError);
  const failures = (error as HarnessRunError).result.failures ?? [];
  expect(failures.map((f) => [f.op, f.name])).toEqual([["expect-no-changes", "docs"]]);
  expect(failures[0]!.message).toMatch(/refresh-update \[.*visibility.*\]/);
  // The other environment is untouched, and its gate still passes.
  await driftGate(stacks.dev);

  // The fix, as the on-merge job or a person runs it: read what exists, then put it back.
  const fixed = await up({ ...stacks.prod, refresh: true });
  expect(fixed.steps.filter((s) => s.op === "update").map((s) => [s.name, s.diffs])).toEqual([
    ["docs", ["visibility"]],
  ]);
  expect((await listed(prodOrg.organizationId, prodOrg.token, "sites"))[0]!.visibility).toBe(
    "public",
  );
  await driftGate(stacks.prod);
});
