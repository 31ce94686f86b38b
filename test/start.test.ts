// @slow: runs npm start (`npm run test:fast` leaves it out; `npm test` runs it).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { EXAMPLE_RESOURCES } from "./support/example-workspace";

/**
 * `npm start -- --exit` as a user runs it (the built dist/scripts/start.js, which `npm test`
 * builds first), twice against one data directory: the first run creates the example workspace,
 * the second reports no changes (issue 3, item 8).
 */
const root = resolve(__dirname, "..");
const script = join(root, "dist", "scripts", "start.js");

// A PATH with this Node and the system directories only, so no `pulumi` CLI is found and the
// script takes the offline harness every time, whatever the machine has installed.
const searchPath = [dirname(process.execPath), "/usr/bin", "/bin"];

let dataDir: string;

beforeAll(() => {
  if (!existsSync(script)) throw new Error(`${script} is missing: run \`npm run build\` first`);
  const pulumi = searchPath.map((dir) => join(dir, "pulumi")).filter((file) => existsSync(file));
  if (pulumi.length > 0) throw new Error(`this test needs a PATH without pulumi: ${pulumi}`);
  dataDir = mkdtempSync(join(tmpdir(), "docs-workspace-start-"));
});

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  out: string;
  err: string;
}

function start(): Promise<Run> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: searchPath.join(delimiter),
    DOCS_WORKSPACE_DATA_DIR: dataDir,
    DOCS_WORKSPACE_EMULATOR_PORT: "0",
    // The harness's branch, whatever CLI this checkout has built (test/cli/start.test.ts runs
    // the real CLI's).
    DOCS_WORKSPACE_START_ENGINE: "harness",
  };
  // The script hands the stack config to the harness; an endpoint in the environment must not
  // be what makes the test pass.
  delete env.DOCS_WORKSPACE_API_URL;
  delete env.DOCS_WORKSPACE_API_TOKEN;
  delete env.DOCS_WORKSPACE_ORGANIZATION_ID;
  const child = spawn(process.execPath, [script, "--exit"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolvePromise, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolvePromise({ code, out, err }));
  });
}

/** The step lines of the harness's report: `<symbol> <operation> <type>  <name>`. */
function steps(out: string): { op: string; type: string; name: string }[] {
  return [
    ...out.matchAll(/^[+~-]?\s+(\w+)\s+(docs-workspace:\w+|pulumi:pulumi:Stack)\s+(\S+)/gm),
  ].map(([, op, type, name]) => ({ op: op!, type: type!, name: name! }));
}

function emulatorUrl(run: Run): string {
  const url = /^Emulator: (http:\/\/127\.0\.0\.1:(\d+))\s/m.exec(run.out);
  expect(url).not.toBeNull();
  expect(Number(url![2])).toBeGreaterThan(0);
  return url![1]!;
}

// Each run starts an emulator and Pulumi's dynamic-provider host and applies 21 resources:
// about 5 to 10 seconds each, several times that on a loaded machine.
jest.setTimeout(240_000);

let first: Run | undefined;

test("the first `npm start -- --exit` creates the example workspace on a free port", async () => {
  const run = await start();
  first = run;
  expect(run).toMatchObject({ code: 0, err: "" });
  expect(run.out).toContain("applying through the offline harness.");
  // Pulumi.dev.yaml declares three teams: the third adds its space and its site space to the
  // example's resources with two.
  expect(run.out).toMatch(new RegExp(`^Resources: ${EXAMPLE_RESOURCES + 2} create$`, "m"));
  const created = steps(run.out);
  expect(created).toHaveLength(EXAMPLE_RESOURCES + 2);
  expect(created.every((step) => step.op === "create")).toBe(true);

  // Port 0 became a real port, and it is the one the program talked to: the handbook's app URL,
  // built by the emulator, starts with it.
  const url = emulatorUrl(run);
  expect(run.out).toContain(`handbookUrl: "${url}/app/`);

  expect(existsSync(join(dataDir, "emulator.db"))).toBe(true);
  expect(existsSync(join(dataDir, "harness-state.json"))).toBe(true);
  const token = /^Token: (\S+)/m.exec(run.out)?.[1];
  expect(token).toBeDefined();
  expect(readFileSync(join(dataDir, "harness-state.json"), "utf8")).not.toContain(token);
});

test("a second `npm start -- --exit` on the same data reports no changes", async () => {
  if (first?.code !== 0) throw new Error("the first run failed; this one depends on it");
  const second = await start();
  expect(second).toMatchObject({ code: 0, err: "" });
  expect(second.out).toMatch(new RegExp(`^Resources: ${EXAMPLE_RESOURCES + 2} same$`, "m"));
  const unchanged = steps(second.out);
  expect(unchanged.map((step) => step.op)).toEqual(
    Array.from({ length: EXAMPLE_RESOURCES + 2 }, () => "same"),
  );
  emulatorUrl(second);

  // The same organization comes back from the data file; it keeps tokens hashed only, so the
  // token printed is a new one for the same admin (the first one keeps working).
  const organization = (run: Run) => /^Organization: (\S+)/m.exec(run.out)?.[1];
  expect(organization(second)).toBe(organization(first));
  const token = /^Token: (\S+)/m.exec(second.out)?.[1];
  expect(token).toMatch(/^gb_api_/);
  expect(token).not.toBe(/^Token: (\S+)/m.exec(first.out)?.[1]);
  expect(readFileSync(join(dataDir, "harness-state.json"), "utf8")).not.toContain(token);
});
