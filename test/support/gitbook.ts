// The package is an ES module whose typings import `./client` without an extension, which
// TypeScript's node16 resolution cannot follow (its `GitBookAPI` then has no methods, and a value
// import from this CommonJS file is TS1479): the client's type is read from its own file, and
// the class is required, which loads the package's CommonJS build.
import type { Api, MemberRole } from "../../node_modules/@gitbook/api/dist/client.js" with {
  "resolution-mode": "import",
};
import type { TestEmulator } from "./emulator";

/** A role as the client's typings name it (an enum there, the same strings on the wire). */
export type GitBookRole = MemberRole;

/** The hosted client as its typings describe it. */
export type GitBookClient = Api<{ authToken?: string }>;

interface ClientModule {
  GitBookAPI: new (options: {
    endpoint: string;
    authToken: string;
    serviceBinding: { fetch: typeof globalThis.fetch };
  }) => GitBookClient;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { GitBookAPI } = require("@gitbook/api") as ClientModule;

/**
 * The hosted service's own published client, pointed at the emulator: what a user's other
 * tooling would use to read what the provider wrote. Tests only (GAPS.md: the project never
 * depends on it at run time). Over the socket or in process, as the emulator runs.
 */
export function gitbookApi(
  emu: Pick<TestEmulator, "url" | "fetch" | "token">,
  token: string = emu.token,
): GitBookClient {
  const fetch: typeof globalThis.fetch = (input, init) =>
    emu.fetch(typeof input === "string" ? input : input.toString(), init);
  return new GitBookAPI({ endpoint: emu.url, authToken: token, serviceBinding: { fetch } });
}
