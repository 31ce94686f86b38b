import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { startEmulator, type RunningEmulator } from "../emulator/index";
import type { BenchModule } from "./types";

const REQUESTS = 5000;
const CONCURRENCY = 32;
const TARGET_RATIO = 0.5;

/**
 * Sends `total` requests with at most `concurrency` in flight (Node's fetch keeps connections
 * alive) and answers requests per second. Each call of `request` makes one request.
 */
export async function measure(
  total: number,
  request: (i: number) => Promise<void>,
  concurrency = CONCURRENCY,
): Promise<number> {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await request(next++);
    }),
  );
  return total / ((performance.now() - start) / 1000);
}

async function expectStatus(response: Response, status: number): Promise<void> {
  // Reading the body lets undici reuse the connection.
  const text = await response.text();
  if (response.status !== status)
    throw new Error(`expected ${status}, got ${response.status}: ${text}`);
}

/** The baseline: a bare node:http server answering a small JSON object. */
export async function bareServer(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = JSON.stringify({
        object: "space",
        id: "bare",
        title: "Bare",
        size: chunks.length,
      });
      res.writeHead(req.method === "POST" ? 201 : 200, { "content-type": "application/json" });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

export const fmt = (n: number) => Math.round(n).toLocaleString("en-US").padStart(8);

/** What a section measuring the emulator against the bare server runs with. */
export interface AgainstBare {
  /** The emulator, seeded with the demo organization. */
  emulator: RunningEmulator;
  bare: { url: string; server: Server };
  /** The headers of an API call as the demo organization's admin, with a JSON body. */
  headers: Record<string, string>;
}

/** Runs `section` with an emulator and the bare server beside it, and closes both after. */
export async function againstBare(
  section: (setup: AgainstBare) => Promise<string[]>,
): Promise<string[]> {
  const emulator = await startEmulator({ port: 0, seed: "demo" });
  const bare = await bareServer();
  try {
    const headers = {
      authorization: `Bearer ${emulator.token}`,
      "content-type": "application/json",
    };
    return await section({ emulator, bare, headers });
  } finally {
    await emulator.close();
    await new Promise((resolve) => bare.server.close(resolve));
  }
}

export const emulatorBench: BenchModule = {
  name: "emulator throughput",
  run: () =>
    againstBare(async ({ emulator, bare, headers }) => {
      const spacesUrl = `${emulator.url}/v1/orgs/${emulator.organizationId}/spaces`;
      const post = (url: string, status: number) => async (i: number) =>
        expectStatus(
          await fetch(url, {
            method: "POST",
            headers,
            body: JSON.stringify({ title: `Bench ${i}` }),
          }),
          status,
        );
      const get = (url: string) => async () => expectStatus(await fetch(url, { headers }), 200);

      const seed = await (await fetch(spacesUrl, { method: "POST", headers, body: "{}" })).json();
      const spaceUrl = `${emulator.url}/v1/spaces/${(seed as { id: string }).id}`;

      // Warm both servers (JIT, connections) before measuring.
      await measure(500, get(spaceUrl));
      await measure(500, get(bare.url));

      const rows: [string, number, number][] = [
        [
          "GET a space",
          await measure(REQUESTS, get(spaceUrl)),
          await measure(REQUESTS, get(bare.url)),
        ],
        [
          "create a space",
          await measure(REQUESTS, post(spacesUrl, 201)),
          await measure(REQUESTS, post(bare.url, 201)),
        ],
      ];
      const lines = [
        `${REQUESTS} requests each, ${CONCURRENCY} concurrent, keep-alive over loopback`,
        `${"operation".padEnd(16)} ${"emulator".padStart(8)} ${"bare http".padStart(9)}  ratio  (target >= ${TARGET_RATIO})`,
      ];
      for (const [name, emulated, baseline] of rows) {
        const ratio = emulated / baseline;
        lines.push(
          `${name.padEnd(16)} ${fmt(emulated)} ${fmt(baseline).padStart(9)}  ${ratio.toFixed(2)}   ${ratio >= TARGET_RATIO ? "ok" : "BELOW TARGET"}`,
        );
      }
      lines.push("(requests per second)");
      return lines;
    }),
};
