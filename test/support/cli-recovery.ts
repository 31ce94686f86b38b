import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import type { TestEmulator } from "./emulator";
import { descendants, isRunning, until } from "./harness-cli";
import type { PulumiStack } from "./pulumi";

/**
 * A `pulumi up` killed outright, and the README's recovery after it ("After an interrupted
 * `pulumi up`"), as a user runs them: the CLI, then `docs-workspace pending`, then the CLI again.
 */

const root = path.resolve(__dirname, "..", "..");
const exporter = path.join(root, "cli", "dist", "cli", "exporter", "cli.js");

/**
 * `docs-workspace <args>` (the built exporter), configured for the emulator through the
 * environment: its exit code, its standard output, and both streams as the terminal shows them.
 */
export function docsWorkspace(
  args: readonly string[],
  emu: TestEmulator,
): Promise<{ code: number | null; stdout: string; out: string }> {
  const child = spawn(process.execPath, [exporter, ...args], {
    env: {
      ...process.env,
      DOCS_WORKSPACE_API_URL: emu.url,
      DOCS_WORKSPACE_API_TOKEN: emu.token,
      DOCS_WORKSPACE_ORGANIZATION_ID: emu.organizationId,
    },
  });
  let stdout = "";
  let out = "";
  child.stdout.on("data", (d: Buffer) => {
    stdout += d.toString();
    out += d.toString();
  });
  child.stderr.on("data", (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, out }));
  });
}

/** Waits until the emulator's request log stops growing for `quietMs`: what was sent has ended. */
export async function requestsSettle(emu: TestEmulator, quietMs: number): Promise<void> {
  let seen = -1;
  await until(
    "the requests in flight to end",
    async () => {
      await new Promise((r) => setTimeout(r, quietMs));
      const count = (await emu.requests()).length;
      const settled = count === seen;
      seen = count;
      return settled;
    },
    600_000,
  );
}

/**
 * Starts `pulumi up --yes --skip-preview`, waits for `ready`, and kills its process group with
 * SIGKILL, as a CI job's timeout does. The plugins, in process groups of their own, outlive it
 * and finish what they had sent; once the emulator has answered all of it (`quietMs` with no
 * new request), they are killed too. Answers the run's output, or `undefined` when the run ended
 * by itself before `ready`.
 */
export async function killUp(
  stack: PulumiStack,
  emu: TestEmulator,
  ready: () => Promise<boolean>,
  quietMs: number,
): Promise<string | undefined> {
  const run = stack.start(["up", "--yes", "--skip-preview"]);
  let ended: number | null | undefined;
  void run.exited.then((code) => (ended = code));
  await until(
    "the moment to kill pulumi up",
    async () => ended !== undefined || (await ready()),
    300_000,
  );
  if (ended !== undefined) {
    if (ended !== 0)
      throw new Error(`pulumi up failed before the kill:\n${run.output().slice(-4000)}`);
    return undefined;
  }
  const plugins = descendants(run.pid);
  process.kill(-run.pid, "SIGKILL");
  await run.exited;
  await requestsSettle(emu, quietMs);
  for (const pid of plugins) if (isRunning(pid)) process.kill(pid, "SIGKILL");
  return run.output();
}

export interface Recovery {
  /** What `docs-workspace pending` printed. */
  report: string;
  /** Whether the kill had cut the checkpoint's write, and the README's repair of it was needed. */
  cut: boolean;
  /** The resource class of each pending operation it settled (`Space`, `SiteCustomization`). */
  pendingKinds: string[];
}

/**
 * The README's recovery after a kill, up to the `pulumi up` that ends it: the next `up` is refused
 * with the stale lock (whose time is `--since`), `pulumi cancel --yes`, `pulumi stack export`,
 * `docs-workspace pending`, which must settle everything, `pulumi stack import` and `pulumi
 * refresh --yes`. After it, no operation is pending.
 */
export async function readmeRecovery(stack: PulumiStack, emu: TestEmulator): Promise<Recovery> {
  let locked = await stack.run(["up", "--yes"]);
  const cut = /failed to load checkpoint: EOF/.test(locked.stderr);
  if (cut) {
    // The README: the kill cut the write of the checkpoint's attributes file; remove it.
    fs.rmSync(`${checkpointOf(stack)}.attrs`);
    locked = await stack.run(["up", "--yes"]);
  }
  if (locked.code === 0) throw new Error("pulumi up after the kill ran: the stack was not locked");
  const since = /locked.*created by .* at (\S+Z)/s.exec(locked.stdout + locked.stderr)?.[1];
  if (since === undefined) throw new Error(`no lock time in:\n${locked.stdout}${locked.stderr}`);
  await stack.ok(["cancel", "--yes"]);
  const exportFile = path.join(stack.work, "export.json");
  const settledFile = path.join(stack.work, "settled.json");
  fs.rmSync(settledFile, { force: true });
  const exported = await stack.exportState();
  fs.writeFileSync(exportFile, JSON.stringify(exported));
  const pending = await docsWorkspace(
    ["pending", exportFile, "--since", since, "--out", settledFile],
    emu,
  );
  if (pending.code !== 0)
    throw new Error(`docs-workspace pending exited ${pending.code}:\n${pending.out}`);
  if (!pending.out.includes(`pulumi stack import --file ${settledFile}`)) {
    throw new Error(`docs-workspace pending did not say to import:\n${pending.out}`);
  }
  await stack.ok(["stack", "import", "--file", settledFile]);
  const after = await stack.exportState();
  if ((after.deployment.pending_operations ?? []).length > 0) {
    throw new Error("pending operations left after the import");
  }
  await stack.ok(["refresh", "--yes"]);
  const ops = exported.deployment.pending_operations ?? [];
  return {
    report: pending.out,
    cut,
    pendingKinds: ops.map((op) => op.resource.type.slice(op.resource.type.lastIndexOf(":") + 1)),
  };
}

/** The file backend's checkpoint of the stack: `<backend>/.pulumi/stacks/<project>/<stack>.json`. */
export function checkpointOf(stack: PulumiStack): string {
  const stacks = path.join(stack.work, "backend", ".pulumi", "stacks");
  const [project] = fs.readdirSync(stacks);
  return path.join(stacks, project!, `${stack.stack}.json`);
}

/**
 * The resource classes of the creates the checkpoint on disk records as pending, as `pulumi up`
 * writes it before each create it starts; none while it is being replaced.
 */
export function pendingCreatesOnDisk(stack: PulumiStack): string[] {
  let checkpoint: {
    checkpoint?: {
      latest?: { pending_operations?: { type: string; resource: { type: string } }[] };
    };
  };
  try {
    checkpoint = JSON.parse(fs.readFileSync(checkpointOf(stack), "utf8"));
  } catch {
    return [];
  }
  return (checkpoint.checkpoint?.latest?.pending_operations ?? [])
    .filter((op) => op.type === "creating")
    .map((op) => op.resource.type.slice(op.resource.type.lastIndexOf(":") + 1));
}

/**
 * What `docs-workspace export --unmanaged` lists against a state: one line per object of the
 * organization that no resource of it manages (`state` a `pulumi stack export`).
 */
export async function unmanaged(emu: TestEmulator, state: object, dir: string): Promise<string> {
  const file = path.join(dir, `unmanaged-${Date.now()}.json`);
  fs.writeFileSync(file, JSON.stringify(state));
  const listed = await docsWorkspace(["export", "--unmanaged", file], emu);
  if (listed.code !== 0)
    throw new Error(`export --unmanaged exited ${listed.code}:\n${listed.out}`);
  return listed.out;
}
