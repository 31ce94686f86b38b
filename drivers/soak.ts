/**
 * The soak: one `up` of every kind a POST creates (the `test/fixtures/soak` program, ten
 * resources a unit) through the harness, against an emulator that strikes about one request in
 * ten with a fault: 429, 503 and dropped connections, before the route runs and after its write
 * commits; seeded, so a run replays. It reports whether that one `up` converged, each kind's
 * objects listed in the organization against the state (duplicates, orphans, missing), and the
 * requests each resource cost against the same program's without faults. `npm test` runs a small
 * one (`test/lifecycle/soak.test.ts`), the bench a large one (bench/soak.ts): both drive it from
 * here, a room either may import.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { faultMix, type FaultRule } from "../emulator/index";
import { up } from "../cli/harness";
import { errorText } from "../common/error-text";
import { admin, clearRequests, loggedRequests } from "./admin";

/** The repository: this file runs from `dist/drivers` in the bench, from `drivers` in the tests. */
const repo = path.resolve(
  __dirname,
  path.basename(path.dirname(__dirname)) === "dist" ? "../.." : "..",
);
/** The soak's program: ten resources a unit, of every kind a POST creates. */
export const SOAK_PROGRAM = path.join(repo, "test", "fixtures", "soak");

/** Resources of one unit of the program. */
export const RESOURCES_PER_UNIT = 10;

export interface SoakOptions {
  /**
   * An emulator's base URL and admin token, a token of an admin of `organizationId`, and that
   * organization.
   */
  url: string;
  adminToken: string;
  token: string;
  organizationId: string;
  units: number;
  /** The share of requests struck, and the seed of the draws. */
  rate: number;
  seed: number;
  stateFile: string;
  passphrase: string;
}

/** One kind's objects listed in the organization against the state. */
export interface KindAudit {
  /** Objects the program makes of this kind, and objects listed that were not there before. */
  expected: number;
  listed: number;
  /** The natural keys listed more than once. */
  duplicates: string[];
  /** Listed objects that no resource in the state manages. */
  orphans: string[];
}

export interface SoakReport {
  /** `undefined` when the one `up` converged; else its error, on one line. */
  error?: string;
  seconds: number;
  resources: number;
  kinds: Record<string, KindAudit>;
  /** Pending operations left in the state. */
  pending: number;
  /** Every `/v1` request of the run, how many a fault struck, and the POSTs among them. */
  requests: number;
  faulted: number;
  posts: number;
  /** Each fault rule of the mix, and the requests it struck by method. */
  fired: { rule: string; fired: Record<string, number> }[];
}

interface Listed {
  id: string;
  /** The natural key, to find duplicates. */
  key: string;
}

/** What each kind of the program lists as, read straight from the API. */
async function listOrganization(
  url: string,
  token: string,
  organizationId: string,
): Promise<Record<string, Listed[]>> {
  const get = async (route: string) => {
    const response = await fetch(`${url}${route}${route.includes("?") ? "&" : "?"}limit=1000`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw new Error(`GET ${route}: ${response.status}`);
    return ((await response.json()) as { items: Record<string, unknown>[] }).items;
  };
  const org = `/v1/orgs/${encodeURIComponent(organizationId)}`;
  const byTitle = (
    items: Record<string, unknown>[],
    scope: (i: Record<string, unknown>) => string,
  ) => items.map((i) => ({ id: String(i.id), key: `${scope(i)}/${String(i.title)}` }));
  const sites = await get(`${org}/sites`);
  const kinds: Record<string, Listed[]> = {
    collection: byTitle(await get(`${org}/collections`), (c) => String(c.parent ?? "")),
    space: byTitle(await get(`${org}/spaces`), (s) => String(s.parent ?? "")),
    site: byTitle(sites, () => ""),
    "site-section": [],
    "site-section-group": [],
    "site-space": [],
    "share-link": [],
  };
  for (const site of sites) {
    const under = `${org}/sites/${encodeURIComponent(String(site.id))}`;
    const [sections, groups, siteSpaces, links] = await Promise.all(
      ["sections", "section-groups", "site-spaces", "share-links"].map((f) => get(`${under}/${f}`)),
    );
    kinds["site-section"]!.push(...byTitle(sections!, () => String(site.id)));
    kinds["site-section-group"]!.push(...byTitle(groups!, () => String(site.id)));
    kinds["site-space"]!.push(
      ...siteSpaces!.map((s) => ({
        id: String(s.id),
        key: `${String(site.id)}/${String(s.section ?? "")}/${String((s.space as { id?: string } | null)?.id)}`,
      })),
    );
    kinds["share-link"]!.push(
      ...links!.map((l) => ({ id: String(l.id), key: `${String(site.id)}/${String(l.name)}` })),
    );
  }
  return kinds;
}

/** Objects of each kind one unit makes: a section brings the site space of its first space. */
const PER_UNIT: Record<string, number> = {
  collection: 2,
  space: 3,
  site: 1,
  "site-section": 1,
  "site-section-group": 1,
  "site-space": 2,
  "share-link": 1,
};

/**
 * One `up` of the soak program under the fault mix, then the organization listed against the
 * state. The faults are cleared before the listing, and the objects listed before the `up` are
 * left out of it.
 */
export async function soak(options: SoakOptions): Promise<SoakReport> {
  const { url, token, organizationId, units } = options;
  const emulator = { url, adminToken: options.adminToken };
  const before = await listOrganization(url, token, organizationId);
  const existed = new Set(Object.values(before).flatMap((items) => items.map((i) => i.id)));
  await clearRequests(emulator);
  for (const rule of faultMix({ rate: options.rate, seed: options.seed })) {
    await admin(emulator, "POST", "/faults", rule);
  }
  const start = performance.now();
  let error: string | undefined;
  try {
    await up({
      programDir: SOAK_PROGRAM,
      stateFile: options.stateFile,
      config: {
        "docs-workspace:apiUrl": url,
        "docs-workspace:organizationId": organizationId,
        "soak:units": String(units),
      },
      secrets: { "docs-workspace:apiToken": token },
      passphrase: options.passphrase,
    });
  } catch (e) {
    // Its steps' failures, on one line.
    error = errorText(e)
      .replace(/\s*\n\s*/g, " ")
      .slice(0, 800);
  }
  const seconds = (performance.now() - start) / 1000;
  const rules = (await admin(emulator, "GET", "/faults")) as { items: FaultRule[] };
  await admin(emulator, "DELETE", "/faults");
  const log = await loggedRequests(emulator);

  // A run that failed before its first step writes no state.
  const state = (
    fs.existsSync(options.stateFile)
      ? JSON.parse(fs.readFileSync(options.stateFile, "utf8"))
      : { resources: [] }
  ) as {
    resources: { id?: string; custom?: boolean; outputs?: Record<string, unknown> }[];
    pendingOperations?: unknown[];
  };
  const custom = state.resources.filter((r) => r.custom);
  // A section's first site space belongs to the section: its `siteSpaceId` output.
  const managed = new Set(
    custom.flatMap((r) => [r.id, r.outputs?.siteSpaceId].filter((v) => typeof v === "string")),
  );
  const listed = await listOrganization(url, token, organizationId);
  const kinds: Record<string, KindAudit> = {};
  for (const [kind, all] of Object.entries(listed)) {
    const items = all.filter((i) => !existed.has(i.id));
    const keys = items.map((i) => i.key);
    kinds[kind] = {
      expected: PER_UNIT[kind]! * units,
      listed: items.length,
      duplicates: [...new Set(keys.filter((k, i) => keys.indexOf(k) !== i))],
      orphans: items.filter((i) => !managed.has(i.id)).map((i) => i.key),
    };
  }
  return {
    ...(error === undefined ? {} : { error }),
    seconds,
    resources: units * RESOURCES_PER_UNIT,
    kinds,
    pending: state.pendingOperations?.length ?? 0,
    requests: log.length,
    faulted: log.filter((r) => r.fault !== undefined).length,
    posts: log.filter((r) => r.method === "POST").length,
    fired: rules.items.map((r) => ({
      rule: r.kind === "drop" ? `drop ${r.when ?? "before"}` : `${r.status} ${r.when ?? "before"}`,
      fired: r.fired,
    })),
  };
}
