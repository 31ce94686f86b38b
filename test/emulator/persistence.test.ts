import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { apiClient } from "../support/emulator";

const root = resolve(__dirname, "../..");
let dir: string;
const children: ChildProcess[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "emulator-data-"));
});
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  url: string;
  token: string;
  organizationId: string;
}

/** Runs the real command (TypeScript through tsx) and reads its URL and token from stdout. */
function startCli(data: string): Promise<Started> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", join(root, "emulator/cli.ts"), "--port", "0", "--data", data],
    { cwd: root, stdio: ["ignore", "pipe", "pipe"] },
  );
  children.push(child);
  return new Promise((resolvePromise, reject) => {
    let out = "";
    let err = "";
    const timer = setTimeout(() => reject(new Error(`CLI did not start: ${out}${err}`)), 30_000);
    child.stderr!.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const url = /DOCS_WORKSPACE_API_URL=(\S+)/.exec(out)?.[1];
      const token = /DOCS_WORKSPACE_API_TOKEN=(\S+)/.exec(out)?.[1];
      const organizationId = /DOCS_WORKSPACE_ORGANIZATION_ID=(\S+)/.exec(out)?.[1];
      if (url && token && organizationId) {
        clearTimeout(timer);
        expect(out).toMatch(new RegExp(`listening on ${url.replace(/[.]/g, "\\.")}`));
        resolvePromise({ child, url, token, organizationId });
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`CLI exited with ${code}: ${out}${err}`));
    });
  });
}

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolvePromise) => {
    child.once("exit", () => resolvePromise());
    child.kill("SIGKILL");
  });
}

test("acknowledged writes survive a killed process with --data", async () => {
  const data = join(dir, "workspace.db");
  const first = await startCli(data);
  const api = apiClient(first.url, first.token);
  const collection = await api("POST", `/v1/orgs/${first.organizationId}/collections`, {
    title: "Durable",
  });
  expect(collection.status).toBe(201);
  const space = await api("POST", `/v1/orgs/${first.organizationId}/spaces`, {
    title: "Survivor",
    parent: collection.body.id,
  });
  expect(space.status).toBe(201);
  const renamed = await api("PATCH", `/v1/spaces/${space.body.id}`, { title: "Survivor 2" });
  expect(renamed.status).toBe(200);
  await killHard(first.child);

  const second = await startCli(data);
  // The demo seed is not applied twice: the same organization and token come back.
  expect(second.organizationId).toBe(first.organizationId);
  expect(second.token).toBe(first.token);
  const again = apiClient(second.url, second.token);
  const read = await again("GET", `/v1/spaces/${space.body.id}`);
  expect(read.status).toBe(200);
  expect(read.body).toMatchObject({ title: "Survivor 2", parent: collection.body.id });
  expect((await again("GET", "/v1/orgs")).body.count).toBe(1);
  await killHard(second.child);
});

test("SIGTERM shuts the command down cleanly", async () => {
  const started = await startCli(join(dir, "clean.db"));
  const exit = new Promise<number | null>((r) => started.child.once("exit", (code) => r(code)));
  started.child.kill("SIGTERM");
  expect(await exit).toBe(0);
});
