import { adminHeaders, startTestEmulator, type TestEmulator } from "../support/emulator";

// The emulator runs in this process, as in every socket-tier test: a stall of this process
// stalls the server and its client together.
let emu: TestEmulator;
beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(() => emu.close());

/** Blocks this process's event loop, as a synchronous child process (spawnSync) does. */
function stall(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

test("a process stalled past the advertised keep-alive timeout reuses its pooled connection for a POST without a reset", async () => {
  const first = await emu.fetch(`${emu.url}/_emulator/requests`, {
    headers: adminHeaders(emu.adminToken),
  });
  await first.text();
  // What fetch keeps a pooled connection for (less its 2 s threshold): the server's promise.
  expect(first.headers.get("keep-alive")).toBe("timeout=5");
  // One turn of the event loop: the server has finished the answer and armed its idle timer.
  await new Promise((resolve) => setTimeout(resolve, 0));
  // Past the promise and Node's 1 s grace: with Node's defaults the server's overdue idle timer
  // fires before it reads the request written below on the pooled connection, and the POST fails
  // with ECONNRESET (test/exporter/export.test.ts after its 14 s type-check).
  stall(7_000);
  const second = await emu.fetch(`${emu.url}/_emulator/seed`, {
    method: "POST",
    headers: adminHeaders(emu.adminToken, true),
    body: JSON.stringify({ organizations: [{ title: "After a stall" }] }),
  });
  expect(second.status).toBe(201);
});
