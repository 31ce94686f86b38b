/**
 * Export of an organization with 1,000 spaces: `docs-workspace export` reading it (every page of
 * every list) and writing its formatted program. Reports its time and its requests, and fails
 * when a read was sent twice (one request per page of each list, no more).
 */
import { startEmulator } from "../emulator/index";
import type { LoggedRequest } from "../emulator/index";
import { readInventory } from "../cli/exporter/inventory";
import { buildProgram } from "../cli/exporter/program";
import { formatSource } from "../cli/exporter/project";
import { repeatedReads } from "../cli/exporter/requests";
import { ApiClient } from "../provider/client";
import type { BenchModule } from "./types";

const SPACES = 1000;

export const exportBench: BenchModule = {
  name: "export: 1,000 spaces",
  async run() {
    const emulator = await startEmulator({ port: 0 });
    try {
      const { url, token, organizationId } = emulator;
      const admin = { authorization: `Bearer ${emulator.adminToken}` };
      const call = (method: string, path: string, body?: unknown) =>
        fetch(`${url}${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      for (let i = 0; i < SPACES; i += 50) {
        await Promise.all(
          Array.from({ length: Math.min(50, SPACES - i) }, (_, j) =>
            call("POST", `/v1/orgs/${organizationId}/spaces`, { title: `Space ${i + j}` }),
          ),
        );
      }
      await fetch(`${url}/_emulator/requests`, { method: "DELETE", headers: admin });
      const client = new ApiClient({ apiUrl: url, apiToken: token!, maxConcurrency: 8 });
      const started = performance.now();
      const inventory = await readInventory(client, organizationId!);
      const read = performance.now();
      const program = buildProgram(inventory);
      await formatSource(program.source);
      const done = performance.now();
      const { items } = (await (
        await fetch(`${url}/_emulator/requests`, { headers: admin })
      ).json()) as {
        items: LoggedRequest[];
      };
      const repeated = repeatedReads(items);
      if (repeated.length > 0) throw new Error(`reads sent twice: ${repeated.join(", ")}`);
      const spaces = program.declarations.filter((d) => d.type === "Space").length;
      return [
        `${spaces} spaces, ${program.declarations.length} resources declared`,
        `read: ${(read - started).toFixed(0)} ms in ${items.length} requests (one per page of each list; none repeated)`,
        `program built and formatted: ${(done - read).toFixed(0)} ms; total ${(done - started).toFixed(0)} ms`,
      ];
    } finally {
      await emulator.close();
    }
  },
};
