import type { GitBookAPI as Client } from "@gitbook/api" with { "resolution-mode": "import" };
import type { TestEmulator } from "./emulator";

// The package is an ES module whose CommonJS build (its `main`) is what jest loads; the types
// come from its ES build, which the `resolution-mode` import above reads.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { GitBookAPI } = require("@gitbook/api") as { GitBookAPI: typeof Client };

/**
 * The hosted service's own published client, pointed at the emulator: what a user's other
 * tooling would use to read what the provider wrote. Tests only (GAPS.md: the project never
 * depends on it at run time). Over the socket or in process, as the emulator runs.
 */
export function gitbookApi(
  emu: Pick<TestEmulator, "url" | "fetch" | "token">,
  token: string = emu.token,
): Client {
  const fetch: typeof globalThis.fetch = (input, init) =>
    emu.fetch(typeof input === "string" ? input : input.toString(), init);
  return new GitBookAPI({ endpoint: emu.url, authToken: token, serviceBinding: { fetch } });
}
