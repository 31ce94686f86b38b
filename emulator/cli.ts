#!/usr/bin/env node
import { existsSync, readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { isLoopbackAddress, startEmulator, type Seed } from "./index";
import { errorText } from "../common/error-text";

const USAGE = `Usage: docs-workspace-emulator [--port 4100] [--host 127.0.0.1] [--data FILE] [--seed FILE]
         [--processing-delay MS] [--fetch-timeout MS] [--git-timeout MS] [--git-root DIR]...
         [--fetch-allow HOST]... [--content DIR] [--admin-token TOKEN] [--allow-host NAME]...

  --port   port to listen on (0 picks a free one); default 4100
  --host   address to bind; default 127.0.0.1 (another address is reachable from the network)
  --admin-token  the admin API's token (also DOCS_WORKSPACE_EMULATOR_ADMIN_TOKEN); default a new
                 random one, printed at start
  --allow-host   a further host name the emulator answers at (a CI service's name); repeatable
  --data   SQLite file that keeps the workspace across restarts; default in memory
  --seed   JSON seed (organizations, users, members, tokens); default a demo organization
  --processing-delay  how long an OpenAPI spec or a translation run takes to process; default 1000
  --fetch-timeout     how long fetching an OpenAPI spec's URL may take (then FETCH_ERROR); default 10000
  --fetch-allow HOST  a host (or host:port) an OpenAPI spec's URL, and each redirect, may be
                      fetched from (repeatable); default localhost, 127.0.0.1 and [::1]
  --git-timeout       how long a Git sync import or export may run (timeout); default 60000
  --git-root DIR      a folder Git sync may reach repositories under (repeatable); no other
                      repository is reached. Default: git-repositories/ beside --data, or a
                      temporary folder for a workspace in memory
  --content  a folder of Markdown, DIR/<space title or id>/**/*.md, written as the spaces' content
             of the first organization at every start (a space is made for a new title)`;

function milliseconds(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 0)
    throw new Error(`${flag} must be a whole number of milliseconds, 0 or more, got ${value}`);
  return ms;
}

function gitRoot(dir: string): string {
  const path = resolve(dir);
  if (!existsSync(path) || !statSync(path).isDirectory())
    throw new Error(`--git-root must name an existing folder, got ${dir}`);
  return path;
}

/**
 * The `--seed` file. A file that is not JSON is refused without JSON.parse's message, which
 * quotes the file's text: a file given by mistake may hold a token.
 */
function readSeed(file: string): Seed {
  const text = readFileSync(file, "utf8");
  try {
    return JSON.parse(text) as Seed;
  } catch {
    throw new Error(`--seed ${file} is not valid JSON`);
  }
}

type Started = Awaited<ReturnType<typeof startEmulator>>;

/** SIGINT and SIGTERM close the emulator cleanly, then end the process. */
function closeOnSignals(emulator: Started): void {
  const stop = (signal: string) => {
    console.log(`received ${signal}, shutting down`);
    emulator.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));
}

/** Prints what was loaded, where it listens, and the variables a client sets. */
function announce(emulator: Started, adminTokenGiven: boolean): void {
  for (const space of emulator.content ?? []) {
    const what = space.revision === undefined ? "unchanged" : `revision ${space.revision}`;
    const made = space.created ? ", a new space" : "";
    console.log(
      `content: ${space.folder} -> space ${space.spaceId}${made}: ${space.pages} pages, ${what}`,
    );
  }
  console.log(`git roots: ${emulator.gitRoots.join(", ")}`);
  console.log(`docs-workspace-emulator listening on ${emulator.url}`);
  if (emulator.token !== undefined) {
    console.log(`DOCS_WORKSPACE_API_URL=${emulator.url}`);
    console.log(`DOCS_WORKSPACE_API_TOKEN=${emulator.token}`);
    console.log(`DOCS_WORKSPACE_ORGANIZATION_ID=${emulator.organizationId}`);
  }
  // The admin token is printed once, here, when the emulator made it; a given one is not echoed.
  if (!adminTokenGiven) console.log(`DOCS_WORKSPACE_EMULATOR_ADMIN_TOKEN=${emulator.adminToken}`);
  else console.log("admin token: the one given (--admin-token)");
}

async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: "string", default: "4100" },
      host: { type: "string", default: "127.0.0.1" },
      data: { type: "string" },
      seed: { type: "string" },
      "processing-delay": { type: "string" },
      "fetch-timeout": { type: "string" },
      "git-timeout": { type: "string" },
      "git-root": { type: "string", multiple: true },
      "fetch-allow": { type: "string", multiple: true },
      content: { type: "string" },
      "admin-token": { type: "string" },
      "allow-host": { type: "string", multiple: true },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`--port must be an integer from 0 to 65535, got ${values.port}`);
  }
  const seed = values.seed === undefined ? "demo" : readSeed(values.seed);
  const givenAdminToken =
    values["admin-token"] ?? (process.env.DOCS_WORKSPACE_EMULATOR_ADMIN_TOKEN || undefined);
  if (givenAdminToken !== undefined && !/^\S{16,256}$/.test(givenAdminToken))
    throw new Error(
      "--admin-token must be 16 to 256 characters with no whitespace (the value is not shown)",
    );
  if (!isLoopbackAddress(values.host))
    console.error(
      `docs-workspace-emulator: warning: --host ${values.host} is not a loopback address: anyone who reaches it on the network can call the API with a token, and the admin API with the admin token. Keep the admin token secret.`,
    );

  const emulator = await startEmulator({
    port,
    host: values.host,
    data: values.data,
    seed,
    processingDelayMs: milliseconds("--processing-delay", values["processing-delay"]),
    fetchTimeoutMs: milliseconds("--fetch-timeout", values["fetch-timeout"]),
    gitTimeoutMs: milliseconds("--git-timeout", values["git-timeout"]),
    gitRoots: values["git-root"]?.map(gitRoot),
    fetchAllow: values["fetch-allow"],
    content: values.content,
    adminToken: givenAdminToken,
    allowHosts: values["allow-host"],
  });
  // Installed before the URL is printed: whoever reads it may signal at once.
  closeOnSignals(emulator);
  announce(emulator, givenAdminToken !== undefined);
}

/** The command: what the bin (emulator/bin/docs-workspace-emulator.cjs) runs once the Node.js version fits. */
export function runCommand(argv: string[]): void {
  main(argv).catch((error: unknown) => {
    console.error(`docs-workspace-emulator: ${errorText(error)}`);
    console.error(USAGE);
    process.exit(1);
  });
}

if (require.main === module) runCommand(process.argv.slice(2));
