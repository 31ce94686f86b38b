// The dynamic-provider host as the engine drives it, with a provider of the test's own: how many
// Checks reach it at once.
import * as path from "node:path";
import { PROVIDER_KEY } from "../../cli/harness/properties";
import { ProviderHost } from "../../cli/harness/provider-host";

/** A provider whose Check takes 50 ms and answers the most Checks it has seen at once. */
const PROVIDER = `exports.handler = () => ({
  check: async (olds, news) => {
    const seen = globalThis;
    seen.checking = (seen.checking || 0) + 1;
    seen.most = Math.max(seen.most || 0, seen.checking);
    await new Promise((resolve) => setTimeout(resolve, 50));
    seen.checking--;
    return { inputs: { ...news, most: seen.most } };
  },
});`;

const program = path.join(__dirname, "..", "fixtures", "spaces");

/** The most Checks the provider saw at once while `count` were sent together. */
async function mostAtOnce(count: number, cap?: number): Promise<number> {
  const host = await ProviderHost.start(program, process.env);
  try {
    await host.configure({}, []);
    if (cap !== undefined) host.capPlanning(cap);
    const checks = Array.from({ length: count }, (_, i) =>
      host.check(
        {
          urn: `urn:pulumi:dev::spaces::test:Thing::thing-${i}`,
          type: "test:Thing",
          name: `thing-${i}`,
        },
        {},
        { [PROVIDER_KEY]: PROVIDER, title: `Thing ${i}` },
      ),
    );
    const answers = await Promise.all(checks);
    return Math.max(...answers.map((a) => a.inputs.most as number));
  } finally {
    host.stop();
  }
}

test("Checks beyond the engine's cap wait until one in flight is answered", async () => {
  expect(await mostAtOnce(6, 2)).toBe(2);
}, 30_000);

test("without a cap the host works on every Check sent to it at once", async () => {
  expect(await mostAtOnce(6)).toBe(6);
}, 30_000);
