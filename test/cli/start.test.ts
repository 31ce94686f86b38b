import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describeCli } from "../support/pulumi";
import { EXAMPLE_RESOURCES } from "../support/example-workspace";

/**
 * `npm start -- --exit` through the real `pulumi` CLI (the built dist/scripts/start.js), twice on
 * one data directory and a free port each time: the first run makes the example workspace, the
 * second reports no change, although the emulator's URL changed between them.
 */
const root = resolve(__dirname, "..", "..");
const script = join(root, "dist", "scripts", "start.js");

jest.setTimeout(300_000);

interface Run {
  code: number | null;
  out: string;
  err: string;
}

function allFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const file = join(dir, entry);
    return statSync(file).isDirectory() ? allFiles(file) : [file];
  });
}

describeCli("npm start through the real pulumi CLI", () => {
  let dataDir: string;
  const trackedConfig = readFileSync(join(root, "Pulumi.dev.yaml"), "utf8");

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), "docs-workspace-start-cli-"));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  function start(): Promise<Run> {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DOCS_WORKSPACE_DATA_DIR: dataDir,
      DOCS_WORKSPACE_EMULATOR_PORT: "0",
      DOCS_WORKSPACE_START_ENGINE: "pulumi",
      PULUMI_NODEJS_TRANSPILE_ONLY: "true",
    };
    for (const key of Object.keys(env)) {
      if (key.startsWith("DOCS_WORKSPACE_API") || key === "DOCS_WORKSPACE_ORGANIZATION_ID") {
        delete env[key];
      }
    }
    const child = spawn(process.execPath, [script, "--exit"], { cwd: root, env });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    return new Promise((done, reject) => {
      child.once("error", reject);
      child.once("close", (code) => done({ code, out, err }));
    });
  }

  test("the first start creates the workspace; the second, on another port, changes nothing", async () => {
    const first = await start();
    expect(first).toMatchObject({ code: 0 });
    // Pulumi.dev.yaml's third team adds its space and its site space to the example's resources.
    expect(first.out).toMatch(new RegExp(`\\+ ${EXAMPLE_RESOURCES + 2} created`));
    const second = await start();
    expect(second).toMatchObject({ code: 0 });
    expect(second.out).toMatch(new RegExp(`${EXAMPLE_RESOURCES + 2} unchanged`));
    const port = (run: Run) => /^Emulator: http:\/\/127\.0\.0\.1:(\d+)/m.exec(run.out)?.[1];
    expect(port(first)).toBeDefined();
    expect(port(second)).not.toBe(port(first));

    // The stack's config and salt live in the data directory, never in the tracked file, and no
    // file there holds the emulator's token in clear.
    expect(readFileSync(join(root, "Pulumi.dev.yaml"), "utf8")).toBe(trackedConfig);
    expect(readFileSync(join(dataDir, "pulumi", "Pulumi.dev.yaml"), "utf8")).toMatch(
      /encryptionsalt/,
    );
    const token = /^Token: (\S+)/m.exec(second.out)?.[1];
    expect(token).toBeDefined();
    for (const file of allFiles(join(dataDir, "pulumi"))) {
      expect({ file, token: readFileSync(file, "utf8").includes(token!) }).toEqual({
        file,
        token: false,
      });
    }
    expect(existsSync(join(dataDir, "harness-state.json"))).toBe(false);
  });
});
