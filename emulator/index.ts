import { mkdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { dirname, join, resolve } from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import { createAdminState, newAdminToken } from "./admin";
import { Hosts } from "./http/hosts";
import { createApp, openStore } from "./app";
import { loadContentDir, type LoadedSpace } from "./content-dir";
import { temporaryGitRoot, type BackgroundOptions } from "./background";
import { applyDemoSeed, applySeed, newToken, type Seed } from "./seed";
import type { Clock, Store } from "./store";
import { firstAdminToken, insertToken, tokenHash } from "./store/identity";
import { hasOrganizations } from "./store/organizations";

export { createApp, openStore, routeGroups, type AppOptions } from "./app";
export { createAdminState } from "./admin";
export { Hosts, isLoopbackAddress } from "./http/hosts";
export type { Seed, SeedResult } from "./seed";
export type { Clock } from "./store";
export type { BackgroundOptions } from "./background";
export { Store } from "./store";
export type { LoggedRequest } from "./request-log";
export { faultMix, type FaultRule, type FaultRuleInput } from "./faults";

export interface StartEmulatorOptions extends BackgroundOptions {
  /** 0 picks a free port. Default 4100. */
  port?: number;
  /**
   * Default 127.0.0.1. Another address shares the workspace with whoever reaches it: the API
   * still needs a token and the admin API the admin token.
   */
  host?: string;
  /** The admin API's token; absent, a random one is made (answered as `adminToken`). */
  adminToken?: string;
  /**
   * Host names the emulator answers at beside loopback names and the address it binds (a CI
   * service's name, `docs-emulator`): a request naming another Host is refused (421).
   */
  allowHosts?: readonly string[];
  /** A file keeps the workspace across restarts; absent means in memory. */
  data?: string;
  clock?: Clock;
  /**
   * `"demo"` (the default) creates a demo organization, an admin user and a token unless the
   * data file already holds organizations; `"none"` starts empty; a Seed is applied as given.
   */
  seed?: Seed | "demo" | "none";
  /**
   * A folder of Markdown, one folder per space (emulator/README.md, "Content from a folder"),
   * written as the spaces' content after the seed, at every start.
   */
  content?: string;
}

export interface RunningEmulator {
  url: string;
  port: number;
  /** The admin API's token: send it as a bearer token to `/_emulator/...`. */
  adminToken: string;
  /**
   * An API token of the first organization's admin, when it has one: the seeded one on a new
   * workspace, a new one on a resumed data file (which keeps tokens hashed only).
   */
  token?: string;
  organizationId?: string;
  /** What `content` wrote, space by space. */
  content?: LoadedSpace[];
  /** The folders Git sync reaches repositories under. */
  gitRoots: readonly string[];
  store: Store;
  setClock(clock: Clock): void;
  close(): Promise<void>;
}

/** Seeds a new workspace; answers the tokens it wrote in clear (the store keeps them hashed). */
function applyStartSeed(store: Store, seed: StartEmulatorOptions["seed"]): string[] {
  if (seed === "none") return [];
  // A data file that already holds a workspace is resumed, never seeded twice.
  if (hasOrganizations(store)) return [];
  if (seed === undefined || seed === "demo") return [applyDemoSeed(store).token];
  return applySeed(store, seed).tokens;
}

/**
 * The token to print: the first admin's first token, when this start seeded it in clear. A
 * resumed file keeps tokens hashed only, so that admin is given a new token, printed instead
 * (the earlier ones keep working).
 */
function startToken(
  store: Store,
  seeded: readonly string[],
): { token: string; organizationId: string } | undefined {
  const admin = firstAdminToken(store);
  if (admin === undefined) return undefined;
  const known = seeded.find((token) => tokenHash(token) === admin.tokenHash);
  if (known !== undefined) return { token: known, organizationId: admin.organizationId };
  const token = newToken();
  insertToken(store, token, admin.userId);
  return { token, organizationId: admin.organizationId };
}

/**
 * The Git root when the operator names none: `git-repositories/` beside the data file, made when
 * absent; for a workspace in memory, a temporary folder removed when the emulator closes.
 */
function defaultGitRoot(store: Store, data: string | undefined): string {
  if (data === undefined) return temporaryGitRoot(store);
  const root = join(dirname(resolve(data)), "git-repositories");
  mkdirSync(root, { recursive: true });
  return root;
}

/**
 * How long an idle keep-alive connection is promised to clients (`Keep-Alive: timeout=5`, Node's
 * default): undici's fetch keeps a pooled connection this long less its 2 s threshold.
 */
const KEEP_ALIVE_HINT_MS = 5_000;
/**
 * How much longer than that promise the server really keeps an idle connection. Node's default is
 * 1 s: a process stalled for 6 s (a synchronous child process in a test that runs the emulator in
 * process, a long synchronous seed) comes back with that connection's timer overdue, and the
 * request a client wrote meanwhile on a connection it still holds is reset (ECONNRESET) by the
 * timer firing before the request is read. A minute of grace leaves the closing to the client.
 */
const IDLE_GRACE_MS = 60_000;

/** Starts the emulator on a socket. */
export async function startEmulator(options: StartEmulatorOptions = {}): Promise<RunningEmulator> {
  const store = openStore({ path: options.data, clock: options.clock });
  let content: LoadedSpace[] | undefined;
  let admin: ReturnType<typeof startToken>;
  try {
    admin = startToken(store, applyStartSeed(store, options.seed));
    if (options.content !== undefined) content = loadContentDir(store, options.content);
  } catch (error) {
    store.close();
    throw error;
  }
  const host = options.host ?? "127.0.0.1";
  const gitRoots = options.gitRoots ?? [defaultGitRoot(store, options.data)];
  const state = createAdminState(store, options.adminToken ?? newAdminToken());
  const hosts = new Hosts(options.allowHosts?.map((name) => name.toLowerCase()));
  const app = createApp(store, state, {
    processingDelayMs: options.processingDelayMs,
    fetchTimeoutMs: options.fetchTimeoutMs,
    gitTimeoutMs: options.gitTimeoutMs,
    gitRoots,
    fetchAllow: options.fetchAllow,
    hosts,
  });

  const server = await new Promise<ServerType>((resolve, reject) => {
    const s = serve(
      {
        fetch: app.fetch,
        port: options.port ?? 4100,
        hostname: host,
        serverOptions: {
          keepAliveTimeout: KEEP_ALIVE_HINT_MS,
          keepAliveTimeoutBuffer: IDLE_GRACE_MS,
        },
      },
      () => resolve(s),
    );
    s.once("error", reject);
  });
  const { port } = server.address() as AddressInfo;
  hosts.listen(host, port);
  const urlHost = host.includes(":") ? `[${host}]` : host;

  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    adminToken: state.adminToken,
    ...(admin ? { token: admin.token, organizationId: admin.organizationId } : {}),
    ...(content !== undefined ? { content } : {}),
    gitRoots,
    store,
    setClock(clock) {
      store.clock = clock;
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => {
          store.close();
          resolve();
        });
        // Keep-alive connections would otherwise hold close() open until they time out.
        if ("closeAllConnections" in server) server.closeAllConnections();
      });
      return closing;
    },
  };
}
