import { mkdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { dirname, join, resolve } from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import { createAdminState } from "./admin";
import { createApp, openStore } from "./app";
import { loadContentDir, type LoadedSpace } from "./content-dir";
import { temporaryGitRoot, type BackgroundOptions } from "./background";
import { applyDemoSeed, applySeed, type Seed } from "./seed";
import type { Clock, Store } from "./store";
import { firstAdminToken } from "./store/identity";
import { hasOrganizations } from "./store/organizations";

export { createApp, openStore, routeGroups } from "./app";
export type { Seed, SeedResult } from "./seed";
export type { Clock } from "./store";
export type { BackgroundOptions } from "./background";
export { Store } from "./store";
export type { LoggedRequest } from "./request-log";
export { faultMix, type FaultRule, type FaultRuleInput } from "./faults";

export interface StartEmulatorOptions extends BackgroundOptions {
  /** 0 picks a free port. Default 4100. */
  port?: number;
  /** Default 127.0.0.1: the emulator is a local tool and its admin API has no authentication. */
  host?: string;
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
  /** An admin token of the first organization, when there is one. */
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

function applyStartSeed(store: Store, seed: StartEmulatorOptions["seed"]): void {
  if (seed === "none") return;
  // A data file that already holds a workspace is resumed, never seeded twice.
  if (hasOrganizations(store)) return;
  if (seed === undefined || seed === "demo") applyDemoSeed(store);
  else applySeed(store, seed);
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

/** Starts the emulator on a socket. */
export async function startEmulator(options: StartEmulatorOptions = {}): Promise<RunningEmulator> {
  const store = openStore({ path: options.data, clock: options.clock });
  let content: LoadedSpace[] | undefined;
  try {
    applyStartSeed(store, options.seed);
    if (options.content !== undefined) content = loadContentDir(store, options.content);
  } catch (error) {
    store.close();
    throw error;
  }
  const host = options.host ?? "127.0.0.1";
  const gitRoots = options.gitRoots ?? [defaultGitRoot(store, options.data)];
  const app = createApp(store, createAdminState(store), {
    processingDelayMs: options.processingDelayMs,
    fetchTimeoutMs: options.fetchTimeoutMs,
    gitTimeoutMs: options.gitTimeoutMs,
    gitRoots,
    fetchAllow: options.fetchAllow,
  });

  const server = await new Promise<ServerType>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: options.port ?? 4100, hostname: host }, () =>
      resolve(s),
    );
    s.once("error", reject);
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(":") ? `[${host}]` : host;
  const admin = firstAdminToken(store);

  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${port}`,
    port,
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
