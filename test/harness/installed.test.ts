// @slow: whole harness runs of Pulumi programs (`npm run test:fast` leaves it out; `npm test` runs it).
// The packages as a user has them (issue 25): the packed provider alone in the user's project,
// the packed tools (docs-workspace-cli) and emulator (docs-workspace-emulator) installed in
// folders of their own, each with only what its package.json declares beside it.
import { execFile, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { startEmulator, type RunningEmulator } from "../../emulator/index";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import {
  installTarballs,
  installedNames,
  packWorkspaces,
  PACKAGES,
  type PackageName,
} from "../support/packed";

jest.setTimeout(600_000);

const root = path.resolve(__dirname, "../..");
const run = promisify(execFile);
/** What a provider never loads: none of it may reach the user's project. */
const NEVER_LOADED = ["hono", "@hono/node-server", "markdown-it", "prettier", "tsx", "esbuild"];
const PASSPHRASE = "installed-test-passphrase";

let emu: TestEmulator;
let work: string;
let tarballs: Record<PackageName, string>;
/** The user's project: the example program and the packed provider, nothing else. */
let project: string;
/** Where the packed tools are installed, apart from the project. */
let tools: string;
/** Where the packed emulator is installed, apart from both. */
let emulatorHome: string;

/** A folder under `work` with `files` copied from `from` and the given packages installed. */
function folder(name: string, packages: PackageName[], from?: string): string {
  const dir = path.join(work, name);
  fs.mkdirSync(dir, { recursive: true });
  if (from !== undefined) {
    for (const file of fs.readdirSync(from)) {
      if (/^(Pulumi\..*yaml|index\.ts)$/.test(file)) {
        fs.copyFileSync(path.join(from, file), path.join(dir, file));
      }
    }
  }
  installTarballs(dir, Object.fromEntries(packages.map((p) => [p, tarballs[p]])));
  return dir;
}

beforeAll(async () => {
  emu = await startTestEmulator();
  work = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-installed-"));
  tarballs = packWorkspaces(work);
  project = folder("project", [PACKAGES.provider], path.join(root, "examples/workspace"));
  tools = folder("tools", [PACKAGES.cli]);
  emulatorHome = folder("emulator", [PACKAGES.emulator]);
});
afterAll(async () => {
  await emu.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** The packed harness, from the tools' folder, on a program folder. */
function harness(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  const cli = path.join(tools, "node_modules", PACKAGES.cli, "dist", "cli", "harness", "cli.js");
  const full: NodeJS.ProcessEnv = { ...process.env, PULUMI_CONFIG_PASSPHRASE: PASSPHRASE, ...env };
  delete full.DOCS_WORKSPACE_HARNESS_TSX;
  return run(process.execPath, [cli, ...args], { cwd, env: full, maxBuffer: 16 * 1024 * 1024 });
}

const endpoint = (url: string, organizationId: string) => [
  "--config",
  `docs-workspace:apiUrl=${url}`,
  "--config",
  `docs-workspace:organizationId=${organizationId}`,
  "--secret-env",
  "docs-workspace:apiToken=API_TOKEN",
];

test("the user's project holds the provider, its two dependencies and its peer: no tool, no server", () => {
  expect(installedNames(project).sort()).toEqual(
    ["@pulumi/pulumi", "ofetch", "pulumi-docs-workspace", "zod"].sort(),
  );
  // Nor can the installed provider reach one from where it is (a user's node_modules upward).
  const installed = path.join(project, "node_modules", PACKAGES.provider);
  const reachable = NEVER_LOADED.filter((name) => {
    try {
      require.resolve(`${name}/package.json`, { paths: [installed] });
      return true;
    } catch {
      return false;
    }
  });
  expect(reachable).toEqual([]);
});

test("the example runs from the packed provider through the packed harness: up, a no-op up, export, destroy", async () => {
  const env = { API_TOKEN: emu.token };
  const args = [
    ...endpoint(emu.url, emu.organizationId),
    "--config",
    'handbook:teams=["Platform"]',
  ];
  const first = await harness(["up", ".", ...args], project, env);
  expect(first.stderr).toBe("");
  expect(first.stdout).toMatch(/^\+\s+create\s+docs-workspace:Collection {2}\S+/m);
  const created = Number(/Resources: (\d+) create/.exec(first.stdout)?.[1]);
  expect(created).toBeGreaterThan(20);
  const again = await harness(["up", ".", ...args], project, env);
  expect(again.stdout).toMatch(new RegExp(`Resources: ${created} same`));

  // The exporter's bin, from the tools' folder as npx finds it, reads what the provider made.
  const out = path.join(work, "exported");
  const exported = await run(
    "npx",
    [
      "--no-install",
      "docs-workspace",
      "export",
      "--out",
      out,
      "--organization",
      emu.organizationId,
    ],
    {
      cwd: tools,
      env: { ...process.env, DOCS_WORKSPACE_API_URL: emu.url, DOCS_WORKSPACE_API_TOKEN: emu.token },
    },
  );
  expect(exported.stderr).not.toMatch(/error/i);
  const program = fs.readFileSync(path.join(out, "index.ts"), "utf8");
  expect(program).toMatch(/from "pulumi-docs-workspace"/);
  expect(program).toMatch(/new Collection\(/);
  const manifest = JSON.parse(fs.readFileSync(path.join(out, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  };
  // The generated project depends on the provider only, never on the tools.
  expect(Object.keys(manifest.dependencies).sort()).toEqual(
    ["@pulumi/pulumi", PACKAGES.provider].sort(),
  );
  const provider = JSON.parse(
    fs.readFileSync(path.join(root, "provider", "package.json"), "utf8"),
  ) as { version: string };
  expect(manifest.dependencies[PACKAGES.provider]).toBe(`^${provider.version}`);

  const destroyed = await harness(["destroy", ".", ...args], project, env);
  expect(destroyed.stdout).toMatch(new RegExp(`Resources: ${created} delete`));
});

test("docs-workspace-emulator runs from its own package: --help, and a real start answering /openapi.json", async () => {
  const help = await run("npx", ["--no-install", "docs-workspace-emulator", "--help"], {
    cwd: emulatorHome,
  });
  expect(help.stdout).toMatch(/^Usage: docs-workspace-emulator/);
  const child = spawn("npx", ["--no-install", "docs-workspace-emulator", "--port", "0"], {
    cwd: emulatorHome,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = "";
      child.stdout.on("data", (d: Buffer) => {
        out += d.toString();
        const found = /http:\/\/127\.0\.0\.1:\d+/.exec(out)?.[0];
        if (found) resolve(found);
      });
      child.on("exit", (code) => reject(new Error(`emulator exited ${code}: ${out}`)));
    });
    const response = await fetch(`${url}/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: object };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths).length).toBeGreaterThan(10);
  } finally {
    process.kill(-child.pid!, "SIGTERM");
  }
});

describe("a stack of release 0.1.0 upgraded through the packed packages", () => {
  const fixture = path.join(root, "test/fixtures/release-0.1.0");
  let dir: string;
  let emulator: RunningEmulator;

  beforeAll(async () => {
    dir = folder(
      "upgrade",
      [PACKAGES.provider],
      path.join(root, "test/fixtures/release-0.1.0-program"),
    );
    for (const file of ["emulator.db", "harness-state.json"]) {
      fs.copyFileSync(path.join(fixture, file), path.join(dir, file));
    }
    emulator = await startEmulator({ port: 0, data: path.join(dir, "emulator.db") });
  });
  afterAll(async () => {
    await emulator.close();
  });

  test("its __provider's require('pulumi-docs-workspace/runtime') resolves to the packed provider; up changes nothing and writes nothing", async () => {
    const state = fs.readFileSync(path.join(dir, "harness-state.json"), "utf8");
    expect(state).toContain('require(\\"pulumi-docs-workspace/runtime\\")');
    const args = [
      "up",
      ".",
      "--state",
      "harness-state.json",
      ...endpoint(emulator.url, "GYXRVzdLVjlAsdNBgUCo"),
    ];
    const result = await harness(args, dir, {
      API_TOKEN: "gb_api_zauDcb0AGFQy9vMI073HTmZ77mKq7h6O",
    });
    expect(result.stdout).toMatch(/Resources: 20 same/);
    const response = await fetch(`${emulator.url}/_emulator/requests`, {
      headers: { authorization: `Bearer ${emulator.adminToken}` },
    });
    const { items } = (await response.json()) as { items: { method: string }[] };
    expect(items.filter((r) => r.method !== "GET")).toEqual([]);
  });
});
