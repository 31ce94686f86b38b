/**
 * `npm start`: the emulator on a durable data file inside the project, and the root program (the
 * example workspace) applied to it: through the real `pulumi up` with a local file backend when a
 * Pulumi CLI is there (built by scripts/pulumi-cli/build.sh, or on PATH), otherwise through the
 * offline harness. A second run reports no changes either way.
 *
 *   npm start               apply, then keep the emulator serving until Ctrl-C
 *   npm start -- --exit     apply, then stop
 *
 * DOCS_WORKSPACE_DATA_DIR moves the data directory (default `<project>/.data`);
 * DOCS_WORKSPACE_EMULATOR_PORT sets the emulator's port (default 4100, 0 picks a free one);
 * DOCS_WORKSPACE_START_ENGINE=pulumi or harness chooses the engine.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { errorText } from "../common/error-text";
import { startEmulator, type RunningEmulator } from "../emulator/index";
import { formatResult } from "../cli/harness/report";
import { up } from "../cli/harness";
import { passphraseFrom } from "../cli/harness/secrets";
import { findPulumiCli, pulumiEnv, runPulumi } from "./pulumi-cli/run";

const root = path.resolve(__dirname, "..", "..");
/**
 * The demo's passphrase for the secrets in its state (the share link's URL), used when the user
 * set none: `pulumi` and the harness both refuse to write secrets without one.
 */
const DEMO_PASSPHRASE = "docs-workspace-demo";
const passphraseSet =
  process.env.PULUMI_CONFIG_PASSPHRASE !== undefined || !!process.env.PULUMI_CONFIG_PASSPHRASE_FILE;
const dataDir = path.resolve(process.env.DOCS_WORKSPACE_DATA_DIR || path.join(root, ".data"));
const port = Number(process.env.DOCS_WORKSPACE_EMULATOR_PORT || 4100);
/** `pulumi` or `harness` forces one; by default the CLI when there is one. */
const engine = process.env.DOCS_WORKSPACE_START_ENGINE || "auto";

/** A path inside the project relative to it, one elsewhere (a temp data directory) as it is. */
function shown(file: string): string {
  const relative = path.relative(root, file);
  return relative.startsWith("..") || path.isAbsolute(relative) ? file : relative;
}

/**
 * The stack `dev` through the real `pulumi` CLI (the one scripts/pulumi-cli/build.sh built, else
 * one on PATH), with its backend, PULUMI_HOME and stack config inside the data directory: the
 * tracked Pulumi.dev.yaml is copied there once, and `stack init` runs beside that copy, so the
 * encryption salt never lands in the tracked file. The emulator's URL, organization and token
 * reach the provider through the environment, not the stack config, which the engine copies into
 * the state as the default provider's inputs: the token stays out of the state, and a port-0
 * start, whose URL changes every time, rewrites nothing.
 */
async function applyWithPulumi(cliDir: string, emulator: RunningEmulator): Promise<void> {
  const stateDir = path.join(dataDir, "pulumi");
  const backend = path.join(stateDir, "backend");
  fs.mkdirSync(backend, { recursive: true });
  const configFile = path.join(stateDir, "Pulumi.dev.yaml");
  if (!fs.existsSync(configFile)) fs.copyFileSync(path.join(root, "Pulumi.dev.yaml"), configFile);
  fs.copyFileSync(path.join(root, "Pulumi.yaml"), path.join(stateDir, "Pulumi.yaml"));
  const env = pulumiEnv({
    cliDir,
    home: path.join(stateDir, "home"),
    backend,
    // The user's own, read as the harness reads it, else the demo's.
    passphrase: passphraseFrom(process.env) ?? DEMO_PASSPHRASE,
    // The program runs beside the repository's tsconfig.json, whose self-referencing export map
    // the host's ts-node 7 cannot type-check (TS2209); `npm run typecheck` checks the example.
    transpileOnly: true,
    extra: {
      DOCS_WORKSPACE_API_URL: emulator.url,
      DOCS_WORKSPACE_API_TOKEN: emulator.token!,
      DOCS_WORKSPACE_ORGANIZATION_ID: emulator.organizationId!,
    },
  });
  // Asynchronously: the emulator serves from this process, and the program calls it.
  const pulumi = async (args: string[], cwd: string, quiet = false) => {
    const result = await runPulumi([...args, "--non-interactive"], { cwd, env, inherit: !quiet });
    return result.code;
  };
  if ((await pulumi(["stack", "select", "dev"], stateDir, true)) !== 0) {
    if ((await pulumi(["stack", "init", "dev"], stateDir)) !== 0) {
      throw new Error("pulumi stack init failed");
    }
  }
  const status = await pulumi(["up", "--yes", "--stack", "dev", "--config-file", configFile], root);
  if (status !== 0) throw new Error(`pulumi up failed (exit ${status})`);
}

async function runHarness(emulator: RunningEmulator): Promise<void> {
  console.log(
    engine === "harness"
      ? "DOCS_WORKSPACE_START_ENGINE=harness: applying through the offline harness.\n"
      : "No pulumi CLI (built in .cache/pulumi-cli or on PATH): applying through the offline harness.\n",
  );
  const result = await up({
    programDir: root,
    stateFile: path.join(dataDir, "harness-state.json"),
    stack: "dev",
    config: {
      "docs-workspace:apiUrl": emulator.url,
      "docs-workspace:organizationId": emulator.organizationId!,
    },
    secrets: { "docs-workspace:apiToken": emulator.token! },
    ...(passphraseSet ? {} : { passphrase: DEMO_PASSPHRASE }),
  });
  console.log(formatResult(result));
}

async function main(): Promise<void> {
  const exitAfter = process.argv.includes("--exit");
  if (!["auto", "pulumi", "harness"].includes(engine)) {
    throw new Error(`DOCS_WORKSPACE_START_ENGINE must be pulumi or harness, got ${engine}`);
  }
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(
      `DOCS_WORKSPACE_EMULATOR_PORT must be a port number (0 picks a free one), got ${process.env.DOCS_WORKSPACE_EMULATOR_PORT}`,
    );
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const emulator = await startEmulator({ port, data: path.join(dataDir, "emulator.db") });
  if (emulator.token === undefined || emulator.organizationId === undefined) {
    await emulator.close();
    throw new Error(
      `${path.join(dataDir, "emulator.db")} holds no organization with an admin token`,
    );
  }
  try {
    const cliDir = engine === "harness" ? undefined : findPulumiCli();
    if (engine === "pulumi" && cliDir === undefined) {
      throw new Error(
        "DOCS_WORKSPACE_START_ENGINE=pulumi, but no pulumi CLI is built (bash scripts/pulumi-cli/build.sh) or on PATH",
      );
    }
    if (cliDir !== undefined) await applyWithPulumi(cliDir, emulator);
    else await runHarness(emulator);
  } catch (error) {
    await emulator.close();
    throw error;
  }

  console.log(
    `\nEmulator: ${emulator.url}   (data in ${shown(path.join(dataDir, "emulator.db"))})`,
  );
  console.log(`Organization: ${emulator.organizationId}`);
  console.log(
    `Token: ${emulator.token}   (a local demo token: the API's, and the app pages' login)`,
  );
  console.log(`Admin token: ${emulator.adminToken}   (the admin API's, /_emulator)`);
  if (exitAfter) {
    await emulator.close();
    return;
  }
  console.log("Serving until Ctrl-C.");
  const stop = () => void emulator.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error(errorText(error));
  process.exit(1);
});
