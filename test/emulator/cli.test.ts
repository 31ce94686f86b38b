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
