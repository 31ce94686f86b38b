import { startEmulator } from "../emulator/index";
import { getSpace } from "../provider/api/spaces";
import { ApiClient } from "../provider/client";
import type { BenchModule } from "./types";

const WARM_UP = 500;
const ROUNDS = 40;
const PER_ROUND = 50;
const TARGET_RATIO = 1.15;

/** Microseconds per call over `count` sequential calls of `request`. */
async function time(count: number, request: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < count; i++) await request();
  return ((performance.now() - start) * 1000) / count;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/**
 * The provider client's overhead per GET against raw `fetch` + `JSON.parse` to the same
 * emulator. Both sides run interleaved in rounds, so machine noise and the emulator's own cost
 * fall on each equally; what differs is ofetch, the limiter, retry bookkeeping and zod. Each
 * side reports the median of its rounds: a GC pause or a scheduler hiccup in one round of a
 * loopback benchmark otherwise moves the mean by tens of percent between runs.
 */
export const clientBench: BenchModule = {
  name: "client overhead per GET",
  async run() {
    const emulator = await startEmulator({ port: 0, seed: "demo" });
    try {
      const token = emulator.token!;
      const headers = { authorization: `Bearer ${token}`, accept: "application/json" };
      const created = await fetch(`${emulator.url}/v1/orgs/${emulator.organizationId}/spaces`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ title: "Bench" }),
      });
      if (created.status !== 201) throw new Error(`creating a space answered ${created.status}`);
      const { id } = (await created.json()) as { id: string };
      const url = `${emulator.url}/v1/spaces/${id}`;

      const raw = async () => {
        const response = await fetch(url, { headers });
        const body = JSON.parse(await response.text()) as { id: string };
        if (response.status !== 200 || body.id !== id) throw new Error("raw GET failed");
      };
      const client = new ApiClient({ apiUrl: emulator.url, apiToken: token, maxConcurrency: 8 });
      // getSpace is ApiClient.get(`/v1/spaces/${id}`, Space): what every space read goes through.
      const viaClient = async () => {
        if ((await getSpace(client, id)).id !== id) throw new Error("client GET failed");
      };

      const sides = [
        { name: "raw fetch + JSON.parse", request: raw, rounds: [] as number[] },
        { name: "ApiClient.get(path, Space)", request: viaClient, rounds: [] as number[] },
      ];
      for (const side of sides) await time(WARM_UP, side.request);
      for (let round = 0; round < ROUNDS; round++) {
        // Alternate the order too, so neither side always runs right after the other.
        const order = round % 2 === 0 ? sides : [...sides].reverse();
        for (const side of order) side.rounds.push(await time(PER_ROUND, side.request));
      }

      const [baseline, measured] = sides.map((side) => median(side.rounds)) as [number, number];
      const ratio = measured / baseline;
      const lines = [
        `${ROUNDS * PER_ROUND} sequential GETs of /v1/spaces/{id} each (after ${WARM_UP} warm-up),`,
        `interleaved in ${ROUNDS} rounds of ${PER_ROUND}; median µs per request over the rounds`,
        `${"requester".padEnd(28)} ${"µs/req".padStart(7)}`,
        `${sides[0]!.name.padEnd(28)} ${baseline.toFixed(1).padStart(7)}`,
        `${sides[1]!.name.padEnd(28)} ${measured.toFixed(1).padStart(7)}`,
        `ratio ${ratio.toFixed(2)} (target <= ${TARGET_RATIO}): ${ratio <= TARGET_RATIO ? "ok" : "ABOVE TARGET"}`,
      ];
      return lines;
    } finally {
      await emulator.close();
    }
  },
};
