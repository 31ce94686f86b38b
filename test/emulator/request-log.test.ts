import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { LOG_BYTE_BUDGET } from "../../emulator/request-log";
import { apiClient, createTestEmulator, type TestEmulator } from "../support/emulator";

/** The request log: what it keeps, and that its budget bounds the memory it holds (issue 23). */
let t: TestEmulator;

beforeEach(async () => {
  t = await createTestEmulator();
});
afterEach(() => t.close());

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

function heapUsed(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

test("1,000 small POSTs whose JSON parses into many objects hold no more than the log's budget", async () => {
  // 15 KB of `[{},{},...]`: under the size the log keeps whole, 5,000 objects once parsed.
  const body = `[${Array(5000).fill("{}").join(",")}]`;
  expect(body.length).toBeLessThan(16 * 1024);
  const before = heapUsed();
  for (let i = 0; i < 1000; i++)
    await t.fetch(`${t.url}/v1/orgs/${t.organizationId}/spaces`, {
      method: "POST",
      headers: { authorization: `Bearer ${t.token}`, "content-type": "application/json" },
      body,
    });
  const grown = heapUsed() - before;
  console.log(`request log: heap grew ${(grown / 1024 / 1024).toFixed(1)} MB after 1,000 POSTs`);
  expect(grown).toBeLessThan(LOG_BYTE_BUDGET * 2);
  const logged = await t.requests();
  expect(logged.length).toBeGreaterThan(0);
  expect(logged.at(-1)!.body).toEqual(JSON.parse(body));
}, 120_000);

test("the log still answers bodies as JSON, and non-JSON text as it came", async () => {
  const api = apiClient(t.url, t.token, t.fetch);
  await t.clearRequests();
  await api("POST", `/v1/orgs/${t.organizationId}/spaces`, { title: "Kept", emoji: "📘" });
  await api("POST", `/v1/orgs/${t.organizationId}/spaces`, "{not json");
  const [json, text] = await t.requests();
  expect(json!.body).toEqual({ title: "Kept", emoji: "📘" });
  expect(text!.body).toBe("{not json");
});
