/**
 * Refresh from lists. Two workloads, each made with one `up` through the harness:
 * - 1,000 spaces in 10 collections (`test/fixtures/spaces`);
 * - two sites of 50 site spaces each (`test/fixtures/sites`).
 *
 * Then, with 50 ms of emulator latency on every request, each is refreshed two ways:
 * - through the harness, as a user runs `refresh`;
 * - the provider's reads alone, every resource of the state read at once in this process, as
 *   the engine hands them to the provider.
 *
 * Each line gives the requests made against the list floor (one request per page of each list,
 * plus one GET per object read on its own: one the lists lacked, or a site, which no list
 * serves), and the reads' time against the floor's time: the lists walked alone, side by side,
 * each page after the other, at the same latency (what the list requests cost by themselves).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../emulator/index";
import { refresh, up, type HarnessOptions } from "../cli/harness";
import { configureProvider, handlersFor } from "../drivers/provider";
import { addLatency, clearRequests, loggedRequests } from "../drivers/admin";
import type { BenchModule } from "./types";

const LATENCY_MS = 50;
const IN_FLIGHT = 8;
const REQUEST_TARGET = 5;
const TIME_TARGET = 1.5;
const root = path.resolve(__dirname, "..", "..");

interface Workload {
  name: string;
  program: string;
  config: Record<string, string>;
  /** The lists a refresh must walk, by path. */
  lists(organizationId: string, siteIds: string[]): string[];
  /** Only the spaces workload has the issue's request target. */
  requestTarget?: number;
}

const workloads: Workload[] = [
  {
    name: "1,000 spaces in 10 collections",
    program: path.join(root, "test", "fixtures", "spaces"),
    config: { "spaces:count": "1000", "spaces:collections": "10" },
    lists: (org) => [`/v1/orgs/${org}/spaces`, `/v1/orgs/${org}/collections`],
    requestTarget: REQUEST_TARGET,
  },
  {
    name: "2 sites of 50 site spaces each",
    program: path.join(root, "test", "fixtures", "sites"),
    config: { "sites:count": "2", "sites:spaces": "50" },
    lists: (org, sites) => [
      `/v1/orgs/${org}/spaces`,
      ...sites.map((id) => `/v1/orgs/${org}/sites/${id}/site-spaces`),
    ],
  },
];

/** A list's pages one after the other, as a client walks it. */
async function walk(emulator: RunningEmulator, list: string): Promise<void> {
  let page: string | undefined;
  do {
    const url = `${emulator.url}${list}?limit=1000${page ? `&page=${page}` : ""}`;
    const response = await fetch(url, { headers: { authorization: `Bearer ${emulator.token}` } });
    page = ((await response.json()) as { next?: { page: string } }).next?.page;
  } while (page !== undefined);
}

interface StateEntry {
  type: string;
  id?: string;
  custom: boolean;
  outputs: Record<string, unknown>;
}

/** Every custom resource of the state read at once through the provider, as an engine does. */
async function readAll(emulator: RunningEmulator, stateFile: string): Promise<number> {
  // A fresh configuration: a fresh client, with no snapshot from an earlier run.
  await configureProvider({
    url: emulator.url,
    token: emulator.token!,
    organizationId: emulator.organizationId!,
  });
  const state = JSON.parse(fs.readFileSync(stateFile, "utf8")) as { resources: StateEntry[] };
  const kindOf = (type: string) =>
    type
      .split(":")
      .pop()!
      .replace(/([a-z])([A-Z])/g, "$1-$2")
      .toLowerCase();
  const start = performance.now();
  await Promise.all(
    state.resources
      .filter((r) => r.custom && r.id)
      .map((r) => handlersFor(kindOf(r.type)).read(r.id!, r.outputs)),
  );
  return performance.now() - start;
}

async function measure(workload: Workload, lines: string[], missed: string[]): Promise<void> {
  const emulator = await startEmulator({ port: 0, seed: "demo" });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-lists-"));
  try {
    const options: HarnessOptions = {
      programDir: workload.program,
      stateFile: path.join(dir, "state.json"),
      config: {
        "docs-workspace:apiUrl": emulator.url,
        "docs-workspace:organizationId": emulator.organizationId!,
        ...workload.config,
      },
      secrets: { "docs-workspace:apiToken": emulator.token! },
      passphrase: "bench-lists",
    };
    await up(options);
    const org = emulator.organizationId!;
    const sites = (
      (await (
        await fetch(`${emulator.url}/v1/orgs/${org}/sites`, {
          headers: { authorization: `Bearer ${emulator.token}` },
        })
      ).json()) as { items: { id: string }[] }
    ).items.map((s) => s.id);
    // Each list's pages at 1,000 objects a page, from the count its first page reports.
    const lists: Record<string, number> = {};
    for (const list of workload.lists(org, sites)) {
      const first = (await (
        await fetch(`${emulator.url}${list}?limit=1`, {
          headers: { authorization: `Bearer ${emulator.token}` },
        })
      ).json()) as { count?: number };
      lists[list] = Math.max(1, Math.ceil((first.count ?? 0) / 1000));
    }
    const floorRequests = Object.values(lists).reduce((a, b) => a + b, 0);
    await addLatency(emulator, LATENCY_MS);
    const walkStart = performance.now();
    await Promise.all(Object.keys(lists).map((list) => walk(emulator, list)));
    const floorMs = performance.now() - walkStart;

    await clearRequests(emulator);
    const harnessStart = performance.now();
    await refresh(options);
    const harnessMs = performance.now() - harnessStart;
    const harnessRequests = (await loggedRequests(emulator)).length;

    await clearRequests(emulator);
    const readsMs = await readAll(emulator, options.stateFile);
    const made = await loggedRequests(emulator);
    const single = made.filter((r) => !(r.path in lists)).length;
    const requestFloor = floorRequests + single;
    const timeFloor = floorMs + Math.ceil(single / IN_FLIGHT) * LATENCY_MS;
    const ratio = readsMs / timeFloor;
    lines.push(
      `${workload.name}: the provider's reads ${made.length} requests (list floor ${requestFloor}: ${floorRequests} pages + ${single} read on their own), ${(readsMs / 1000).toFixed(2)} s against ${(timeFloor / 1000).toFixed(2)} s (${ratio.toFixed(2)}x, target <= ${TIME_TARGET}); refresh through the harness ${harnessRequests} requests in ${(harnessMs / 1000).toFixed(1)} s`,
    );
    if (workload.requestTarget !== undefined && made.length > workload.requestTarget)
      missed.push(`${workload.name}: ${made.length} requests`);
    if (made.length > requestFloor) missed.push(`${workload.name}: above the list floor`);
    if (ratio > TIME_TARGET) missed.push(`${workload.name}: ${ratio.toFixed(2)}x its time floor`);
  } finally {
    await emulator.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * When a list beats single GETs, measured on an organization of 5,000 spaces at the same
 * latency: the whole list walked alone against k GETs, 8 in flight, and the requests each makes.
 * `LIST_THRESHOLD` (provider/client/snapshots.ts) is chosen from these figures.
 */
async function crossover(lines: string[]): Promise<void> {
  const emulator = await startEmulator({ port: 0 });
  try {
    const org = emulator.organizationId!;
    const headers = {
      authorization: `Bearer ${emulator.token}`,
      "content-type": "application/json",
    };
    const ids: string[] = [];
    for (let i = 0; i < 5000; i += 50) {
      const made = await Promise.all(
        Array.from({ length: 50 }, (_, j) =>
          fetch(`${emulator.url}/v1/orgs/${org}/spaces`, {
            method: "POST",
            headers,
            body: JSON.stringify({ title: `Space ${i + j}` }),
          }).then((r) => r.json() as Promise<{ id: string }>),
        ),
      );
      ids.push(...made.map((m) => m.id));
    }
    await addLatency(emulator, LATENCY_MS);
    const start = performance.now();
    await walk(emulator, `/v1/orgs/${org}/spaces`);
    const listMs = performance.now() - start;
    const figures: string[] = [];
    for (const k of [3, 6, 16, 64]) {
      const begin = performance.now();
      for (let i = 0; i < k; i += IN_FLIGHT) {
        await Promise.all(
          ids
            .slice(i, Math.min(k, i + IN_FLIGHT))
            .map((id) =>
              fetch(`${emulator.url}/v1/spaces/${id}`, { headers }).then((r) => r.json()),
            ),
        );
      }
      figures.push(`${k} GETs ${((performance.now() - begin) / 1000).toFixed(2)} s`);
    }
    lines.push(
      `5,000 spaces: the list walked alone ${(listMs / 1000).toFixed(2)} s in 5 requests; ${figures.join(", ")} (8 in flight): a list costs fewer requests from 6 reads on (the threshold), and less time only past about 64`,
    );
  } finally {
    await emulator.close();
  }
}

export const listsBench: BenchModule = {
  name: "lists: refresh served from lists, against the list floor",
  async run() {
    const lines = [`with ${LATENCY_MS} ms of emulator latency on every request`];
    const missed: string[] = [];
    for (const workload of workloads) await measure(workload, lines, missed);
    await crossover(lines);
    lines.push(
      `targets: the 1,000-space refresh in at most ${REQUEST_TARGET} requests, each at the list floor, the reads within ${TIME_TARGET}x the floor's time`,
      missed.length === 0 ? "every target met" : `missed: ${missed.join("; ")}`,
    );
    return lines;
  },
};
