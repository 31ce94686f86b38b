import { GitBookAPI } from "@gitbook/api";
import type { TestEmulator } from "./emulator";

/**
 * The hosted service's own published client, pointed at the emulator: what a user's other
 * tooling would use to read what the provider wrote. Tests only (GAPS.md: the project never
 * depends on it at run time). Over the socket or in process, as the emulator runs.
 */
export function gitbookApi(
  emu: Pick<TestEmulator, "url" | "fetch" | "token">,
  token: string = emu.token,
): GitBookAPI {
  const fetch: typeof globalThis.fetch = (input, init) =>
    emu.fetch(typeof input === "string" ? input : input.toString(), init);
  return new GitBookAPI({ endpoint: emu.url, authToken: token, serviceBinding: { fetch } });
}
