/**
 * The soak at bench size (drivers/soak.ts runs it): 300 resources of every kind under 10% injected
 * faults, weighed against the requests of the same program's fault-free `up`.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator } from "../emulator/index";
import { up } from "../cli/harness";
import type { BenchModule } from "./types";
import { clearRequests, loggedRequests } from "../drivers/admin";
import { SOAK_PROGRAM, soak } from "../drivers/soak";

/** The requests a fault-free `up` of the program makes, to weigh the soak's against. */
async function floor(
  emulator: { url: string; adminToken: string },
  token: string,
  organizationId: string,
  dir: string,
) {
  const { url } = emulator;
  const stateFile = path.join(dir, "floor.json");
  await clearRequests(emulator);
  await up({
    programDir: SOAK_PROGRAM,
    stateFile,
    config: {
      "docs-workspace:apiUrl": url,
      "docs-workspace:organizationId": organizationId,
      "soak:units": String(UNITS),
    },
    secrets: { "docs-workspace:apiToken": token },
    passphrase: "bench-soak",
  });
  const log = await loggedRequests(emulator);
  const gets = log.filter((r) => r.method === "GET").length;
  return { requests: log.length, gets };
}

const UNITS = 30;
const RATE = 0.1;
const SEED = 300;

export const soakBench: BenchModule = {
  name: "soak: one up of 300 resources of every kind under 10% injected faults",
  async run() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-soak-"));
    const emulators = await Promise.all([0, 1].map(() => startEmulator({ port: 0, seed: "demo" })));
    try {
      const [faulty, clean] = emulators as [
        Awaited<ReturnType<typeof startEmulator>>,
        Awaited<ReturnType<typeof startEmulator>>,
      ];
      const minimum = await floor(clean, clean.token!, clean.organizationId!, dir);
      const report = await soak({
        url: faulty.url,
        adminToken: faulty.adminToken,
        token: faulty.token!,
        organizationId: faulty.organizationId!,
        units: UNITS,
        rate: RATE,
        seed: SEED,
        stateFile: path.join(dir, "state.json"),
        passphrase: "bench-soak",
      });
      const n = report.resources;
      const audit = Object.entries(report.kinds).map(
        ([kind, k]) =>
          `  ${kind}: ${k.listed} of ${k.expected} listed, ${k.duplicates.length} duplicates, ${k.orphans.length} orphans`,
      );
      return [
        `${n} resources, ${Math.round(RATE * 100)}% of requests faulted (seed ${SEED}): ${report.error === undefined ? "converged" : `did not converge: ${report.error}`} in ${report.seconds.toFixed(1)} s, ${report.pending} pending`,
        ...audit,
        `${report.requests} requests, ${report.faulted} of them faulted: ${(report.requests / n).toFixed(2)} per resource, against ${(minimum.requests / n).toFixed(2)} for the same program without faults (${minimum.requests}: ${minimum.requests - minimum.gets} writes, and ${minimum.gets} GETs, the lists before the POSTs of the kinds with no creation time); ${report.posts} POSTs`,
        `struck: ${report.fired
          .map(
            (f) =>
              `${f.rule} ${Object.entries(f.fired)
                .map(([m, c]) => `${m} ${c}`)
                .join("/")}`,
          )
          .join("; ")}`,
      ];
    } finally {
      await Promise.all(emulators.map((e) => e.close()));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
