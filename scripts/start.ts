/**
 * `npm start`: the emulator on a durable data file inside the project, and the root program (the
 * example workspace) applied to it: through `pulumi up` with a local file backend when a Pulumi
 * CLI is on PATH, otherwise through the offline harness. A second run reports no changes.
 *
 *   npm start               apply, then keep the emulator serving until Ctrl-C
 *   npm start -- --exit     apply, then stop
 *
 * DOCS_WORKSPACE_DATA_DIR moves the data directory (default `<project>/.data`);
 * DOCS_WORKSPACE_EMULATOR_PORT sets the emulator's port (default 4100, 0 picks a free one).
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../emulator";
import { formatResult } from "../harness/cli";
import { up } from "../harness";

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

/** A path inside the project relative to it, one elsewhere (a temp data directory) as it is. */
function shown(file: string): string {
  const relative = path.relative(root, file);
  return relative.startsWith("..") || path.isAbsolute(relative) ? file : relative;
}

function pulumiOnPath(): boolean {
  return spawnSync("pulumi", ["version"], { stdio: "ignore" }).status === 0;
}

function runPulumi(emulator: RunningEmulator): void {
  const env = {
    ...process.env,
    PULUMI_BACKEND_URL: `file://${path.join(dataDir, "pulumi")}`,
    ...(passphraseSet ? {} : { PULUMI_CONFIG_PASSPHRASE: DEMO_PASSPHRASE }),
    PULUMI_SKIP_UPDATE_CHECK: "true",
  };
  fs.mkdirSync(path.join(dataDir, "pulumi"), { recursive: true });
  // The stack's config is a copy inside .data, so the endpoint and the encrypted token never land
  // in the tracked Pulumi.dev.yaml.
  const configFile = path.join(dataDir, "pulumi", "Pulumi.dev.yaml");
  if (!fs.existsSync(configFile)) fs.copyFileSync(path.join(root, "Pulumi.dev.yaml"), configFile);
  const pulumi = (args: string[]) => {
    const result = spawnSync("pulumi", [...args, "--config-file", configFile], {
      cwd: root,
      env,
      stdio: "inherit",
    });
    if (result.status !== 0) throw new Error(`pulumi ${args.join(" ")} failed`);
  };
  spawnSync("pulumi", ["stack", "select", "--create", "dev"], { cwd: root, env, stdio: "inherit" });
  pulumi(["config", "set", "docs-workspace:apiUrl", emulator.url]);
  pulumi(["config", "set", "docs-workspace:organizationId", emulator.organizationId!]);
  // The token goes through stdin, so it never shows in a process listing.
  const secretArgs = [
    "config",
    "set",
    "--secret",
    "docs-workspace:apiToken",
    "--config-file",
    configFile,
  ];
  const secret = spawnSync("pulumi", secretArgs, {
    cwd: root,
    env,
    input: emulator.token,
    stdio: ["pipe", "inherit", "inherit"],
  });
  if (secret.status !== 0) throw new Error("pulumi config set --secret failed");
  pulumi(["up", "--yes", "--stack", "dev"]);
}

async function runHarness(emulator: RunningEmulator): Promise<void> {
  console.log("No pulumi CLI on PATH: applying through the offline harness.\n");
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
    if (pulumiOnPath()) runPulumi(emulator);
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
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
