import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(__dirname, "../..");
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "emulator-cli-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the real command (TypeScript through tsx) until it exits; answers its output. */
function runCli(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", join(root, "emulator/cli.ts"), ...args],
    {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolvePromise) =>
    child.once("exit", (code) => resolvePromise({ code, out, err })),
  );
}

test("a --seed file that is not JSON is refused without quoting the file", async () => {
  const seed = join(dir, "broken-seed.json");
  // A token file given as the seed by mistake: JSON.parse's message would quote its start.
  writeFileSync(seed, "gb_api_secretPrefix123456\n");
  const { code, out, err } = await runCli(["--port", "0", "--seed", seed]);
  expect(code).toBe(1);
  expect(err).toContain(`--seed ${seed} is not valid JSON`);
  expect(out + err).not.toContain("secretPrefix");
  expect(out + err).not.toContain("gb_api_sec");
}, 30_000);

/** Starts the command, reads what it printed once it listens, and stops it. */
function startAndStop(args: string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", join(root, "emulator/cli.ts"), ...args],
    {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...env },
    },
  );
  let out = "";
  let err = "";
  child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
  return new Promise<{ out: string; err: string }>((resolvePromise, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (/listening on/.test(out) && /admin.token/i.test(out)) child.kill("SIGTERM");
    });
    child.once("exit", () =>
      /listening on/.test(out)
        ? resolvePromise({ out, err })
        : reject(new Error(`the command did not start: ${out}${err}`)),
    );
  });
}

test("the command prints the admin token it made, and warns on stderr when --host is not loopback", async () => {
  const local = await startAndStop(["--port", "0"]);
  const adminToken = /^DOCS_WORKSPACE_EMULATOR_ADMIN_TOKEN=(\S+)$/m.exec(local.out)?.[1];
  expect(adminToken).toMatch(/^emu_admin_\S{32}$/);
  expect(local.err).toBe("");

  const wide = await startAndStop(["--port", "0", "--host", "0.0.0.0"]);
  expect(wide.err).toContain("warning: --host 0.0.0.0 is not a loopback address");
}, 60_000);

test("a given admin token is used and never echoed", async () => {
  const given = "given-admin-token-0123456789";
  const { out, err } = await startAndStop(["--port", "0"], {
    DOCS_WORKSPACE_EMULATOR_ADMIN_TOKEN: given,
  });
  expect(out).toContain("admin token: the one given");
  expect(out + err).not.toContain(given);
}, 60_000);
