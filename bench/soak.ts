/**
 * The soak: one `up` of 300 spaces through the harness against an emulator that strikes about
 * one request in ten with a fault (429, 503 and dropped connections, before the route runs and
 * after its write commits; seeded, so a run replays). It reports whether that one `up`
 * converged, the duplicates and orphans left (the organization's spaces listed against the
 * state), and the requests each create cost against the API's minimum of one POST.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { faultMix, startEmulator, type LoggedRequest } from "../emulator";
import { up } from "../harness";
import type { BenchModule } from "./index";

const COUNT = 300;
const RATE = 0.1;
const SEED = 300;

const root = path.resolve(__dirname, "..", "..");
const program = path.join(root, "test", "fixtures", "spaces");

async function admin(base: string, method: string, route: string, body?: unknown) {
  const response = await fetch(`${base}/_emulator${route}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.status === 204 ? undefined : ((await response.json()) as unknown);
}

export const soakBench: BenchModule = {
  name: "soak: one up of 300 spaces under 10% injected faults",
  async run() {
    const emulator = await startEmulator({ port: 0, seed: "demo" });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-soak-"));
    const stateFile = path.join(dir, "state.json");
    try {
      for (const rule of faultMix({ rate: RATE, seed: SEED })) {
        await admin(emulator.url, "POST", "/faults", rule);
      }
      const start = performance.now();
      let converged = "converged";
      try {
        await up({
          programDir: program,
          stateFile,
          config: {
            "docs-workspace:apiUrl": emulator.url,
            "docs-workspace:organizationId": emulator.organizationId!,
            "spaces:count": String(COUNT),
          },
          secrets: { "docs-workspace:apiToken": emulator.token! },
          passphrase: "bench-soak",
        });
      } catch (error) {
        converged = `did not converge: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`;
      }
      const seconds = (performance.now() - start) / 1000;
      const log = (await admin(emulator.url, "GET", "/requests")) as { items: LoggedRequest[] };
      await admin(emulator.url, "DELETE", "/faults");
      const faulted = log.items.filter((r) => r.fault !== undefined).length;
      const posts = log.items.filter((r) => r.method === "POST").length;
      const listed = (await (
        await fetch(`${emulator.url}/v1/orgs/${emulator.organizationId}/spaces?limit=1000`, {
          headers: { authorization: `Bearer ${emulator.token}` },
        })
      ).json()) as { items: { id: string; title: string }[] };
      const state = JSON.parse(fs.readFileSync(stateFile, "utf8")) as {
        resources: { id?: string; custom?: boolean }[];
      };
      const managed = new Set(state.resources.filter((r) => r.custom).map((r) => r.id));
      const titles = listed.items.map((s) => s.title);
      const duplicates = titles.filter((t, i) => titles.indexOf(t) !== i).length;
      const orphans = listed.items.filter((s) => !managed.has(s.id)).length;
      return [
        `${COUNT} spaces, ${Math.round(RATE * 100)}% of requests faulted (seed ${SEED}): ${converged} in ${seconds.toFixed(1)} s`,
        `  ${listed.items.length} spaces made, ${duplicates} duplicates, ${orphans} orphans`,
        `  ${log.items.length} requests, ${faulted} of them faulted: ${(log.items.length / COUNT).toFixed(2)} per create (minimum 1), ${posts} POSTs (${(posts / COUNT).toFixed(2)} per create)`,
      ];
    } finally {
      await emulator.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
