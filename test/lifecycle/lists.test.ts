// @slow: whole lifecycles against an emulator over HTTP (`npm run test:fast` leaves it out; `npm test` runs it).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { refresh, up, type HarnessOptions, type RunResult } from "../../cli/harness";
import type { LoggedRequest } from "../../emulator/index";
import { LIST_THRESHOLD } from "../../provider/client/snapshots";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { callApi, isTokenCheck } from "../support/provider";

/**
 * Refresh at the speed of lists: a refresh of many spaces and collections reads their
 * organization's lists, one request a page, instead of a GET per object, and still sees every
 * out-of-band delete, rename and move, as reads one by one would.
 */
const program = path.resolve(__dirname, "../fixtures/spaces");
const SPACES = 1000;
const COLLECTIONS = 10;

// Creating 1,010 objects through the harness takes a minute or more on a loaded machine.
jest.setTimeout(600_000);

let emu: TestEmulator;
let dir: string;
let options: HarnessOptions;

beforeAll(async () => {
  emu = await startTestEmulator();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-lists-"));
  options = {
    programDir: program,
    stateFile: path.join(dir, "state.json"),
    config: {
      "docs-workspace:apiUrl": emu.url,
      "docs-workspace:organizationId": emu.organizationId,
      "spaces:count": String(SPACES),
      "spaces:collections": String(COLLECTIONS),
    },
    secrets: { "docs-workspace:apiToken": emu.token },
    passphrase: "lists-test-passphrase",
  };
  await up(options);
});
afterAll(async () => {
  await emu.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => emu.clearRequests());

const orgPath = () => `/v1/orgs/${emu.organizationId}`;
const listPaths = () => [`${orgPath()}/spaces`, `${orgPath()}/collections`];
const changes = (result: RunResult) =>
  result.steps.filter((s) => s.op !== "same").map((s) => [s.op, s.name, s.diffs ?? []]);
const describeRequests = (requests: LoggedRequest[]) =>
  requests.map((r) => `${r.method} ${r.path}`);

/**
 * The requests besides the pages of the two lists, once the single reads that may come first are
 * set aside: the provider reads one object by GET until `LIST_THRESHOLD` reads of its list have
 * come since the last write, so when the engine hands over its first reads slowly (a loaded
 * machine), up to `LIST_THRESHOLD - 1` spaces and as many collections are read by GET before the
 * list serves the rest, in each refresh a run makes (`up --refresh` makes two, as `pulumi up
 * --refresh` does: its preview's and its update's, each in a provider process of its own). When
 * a kind's creates were spread out (a collection's check lists its title's holders first, so its
 * spaces start before the next collection is made), so are its reads. The token check each
 * provider process makes at Configure is set aside too. Fails when there are more.
 */
function besidesLists(
  requests: LoggedRequest[],
  ids: ReadonlySet<string>,
  refreshes = 1,
): string[] {
  const others = requests.filter(
    (r) => !(r.method === "GET" && listPaths().includes(r.path)) && !isTokenCheck(r),
  );
  const early = { spaces: 0, collections: 0 };
  return describeRequests(
    others.filter((r) => {
      const single = /^\/v1\/(spaces|collections)\/([^/]+)$/.exec(r.path);
      if (r.method !== "GET" || !single || !ids.has(single[2]!)) return true;
      const kind = single[1] as "spaces" | "collections";
      return ++early[kind] > refreshes * (LIST_THRESHOLD - 1);
    }),
  );
}

/** The ids of the objects the stack manages, from its state file. */
function managed(): Map<string, string> {
  const state = JSON.parse(fs.readFileSync(options.stateFile, "utf8")) as {
    resources: { name: string; id?: string }[];
  };
  return new Map(state.resources.filter((r) => r.id).map((r) => [r.name, r.id!]));
}

test(`a refresh of ${SPACES} spaces and ${COLLECTIONS} collections makes at most 5 requests, each a page of a list`, async () => {
  const result = await refresh(options);
  expect(changes(result)).toEqual([]);
  const requests = await emu.requests();
  const pages = requests.filter((r) => r.method === "GET" && listPaths().includes(r.path));
  expect(pages.length).toBeLessThanOrEqual(5);
  expect(besidesLists(requests, new Set(managed().values()))).toEqual([]);
});

test("up --refresh on the unchanged program writes nothing and reads only lists", async () => {
  const result = await up({ ...options, refresh: true });
  expect(changes(result)).toEqual([]);
  const requests = await emu.requests();
  expect(requests.filter((r) => r.method !== "GET")).toEqual([]);
  expect(besidesLists(requests, new Set(managed().values()), 2)).toEqual([]);
});

test("out-of-band deletes, renames and moves are each seen, a move into a collection the program never made included", async () => {
  const ids = managed();
  const idOf = (name: string) => ids.get(name)!;
  const api = (method: string, route: string, body?: unknown) => callApi(emu, method, route, body);
  await api("DELETE", `/v1/spaces/${idOf("space-1")}`);
  await api("PATCH", `/v1/spaces/${idOf("space-2")}`, { title: "Renamed out of band" });
  const elsewhere = (await api("POST", `${orgPath()}/collections`, { title: "Elsewhere" })).body
    .id as string;
  await api("POST", `/v1/spaces/${idOf("space-3")}/move`, { parent: elsewhere });
  await emu.clearRequests();

  const result = await refresh(options);
  expect(changes(result).sort()).toEqual(
    [
      ["refresh-delete", "space-1", []],
      ["refresh-update", "space-2", ["title"]],
      ["refresh-update", "space-3", ["parent"]],
    ].sort(),
  );
  // The lists, and one direct GET that confirms the deleted space is gone.
  const requests = await emu.requests();
  const gone = `GET /v1/spaces/${idOf("space-1")}`;
  expect(describeRequests(requests)).toContain(gone);
  const others = new Set([...ids.values()].filter((id) => id !== idOf("space-1")));
  expect(besidesLists(requests, others)).toEqual([gone]);
});
