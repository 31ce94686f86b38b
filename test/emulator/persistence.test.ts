import { spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startEmulator } from "../../emulator/index";
import { conformanceProblem } from "./conformance";
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
  // The demo seed is not applied twice: the same organization comes back. The file keeps tokens
  // hashed, so a new token is printed; the first one still works.
  expect(second.organizationId).toBe(first.organizationId);
  expect(second.token).not.toBe(first.token);
  expect((await apiClient(second.url, first.token)("GET", "/v1/orgs")).status).toBe(200);
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

test("a data file written by release 0.1.0 opens, gains the columns added since, and answers in today's shapes", async () => {
  // test/fixtures/release-0.1.0/README.md: the example workspace as release 0.1.0 left it.
  const fixture = join(root, "test/fixtures/release-0.1.0/emulator.db");
  const data = join(dir, "release-0.1.0.db");
  copyFileSync(fixture, data);
  const before = readFileSync(fixture);
  const emulator = await startEmulator({ port: 0, data });
  try {
    // The file holds a workspace, so it is resumed, never seeded again.
    expect(emulator.organizationId).toBe("GYXRVzdLVjlAsdNBgUCo");
    // Its token, kept in clear by that release, is hashed as the file opens and still works; the
    // token printed is a new one, as for any resumed file.
    const clear = "gb_api_zauDcb0AGFQy9vMI073HTmZ77mKq7h6O";
    expect((await apiClient(emulator.url, clear)("GET", "/v1/orgs")).status).toBe(200);
    const api = apiClient(emulator.url, emulator.token);
    const checked = async (path: string) => {
      const res = await api("GET", path);
      expect([path, res.status]).toEqual([path, 200]);
      const problem = conformanceProblem(
        "GET",
        `${emulator.url}${path}`,
        res.status,
        res.headers.get("content-type"),
        res.text,
      );
      expect([path, problem]).toEqual([path, undefined]);
      return res.body;
    };
    const org = `/v1/orgs/${emulator.organizationId}`;
    expect(await checked(org)).toMatchObject({ mergeRules: { type: "none" } });
    const collections = await checked(`${org}/collections`);
    expect(collections.items.map((c) => c.title)).toEqual(
      expect.arrayContaining(["Engineering handbook", "Practices", "Teams"]),
    );
    const spaces = await checked(`${org}/spaces`);
    expect(spaces.count).toBe(6);
    expect(spaces.items.every((s) => (s.mergeRules as { type: string }).type === "inherit")).toBe(
      true,
    );
    const sites = await checked(`${org}/sites`);
    expect(sites.items).toHaveLength(1);
    const site = sites.items[0]!;
    expect(site).toMatchObject({
      title: "Engineering docs",
      published: true,
      appliedType: "basic",
    });
    const base = `${org}/sites/${site.id}`;
    const sections = await checked(`${base}/sections`);
    expect(sections.items.map((s) => [s.title, s.draft])).toEqual([
      ["Guides", false],
      ["Practices", false],
    ]);
    expect((await checked(`${base}/section-groups`)).items[0]).toMatchObject({
      title: "Handbook",
      draft: false,
      children: [{ title: "Guides" }, { title: "Practices" }],
    });
    // Its site spaces predate `hidden`: the column is added at open, every one shown.
    const siteSpaces = await checked(`${base}/site-spaces`);
    expect(siteSpaces.items.map((s) => s.hidden)).toEqual(Array(6).fill(false));
    const hidden = await api("PATCH", `${base}/site-spaces/${siteSpaces.items[5]!.id as string}`, {
      hidden: true,
    });
    expect([hidden.status, hidden.body.hidden]).toEqual([200, true]);
    expect((await checked(`${base}/share-links`)).items).toHaveLength(1);
    expect(await checked(`${base}/adaptive-schema`)).toMatchObject({
      jsonSchema: { properties: { oncall: { type: "boolean" } } },
    });
    // Its app pages open too.
    const page = await fetch((site.urls as { app: string }).app, {
      headers: { authorization: `Bearer ${emulator.token}` },
    });
    expect(page.status).toBe(200);
  } finally {
    await emulator.close();
  }
  // Opened again, the migrated copy keeps what was written to it and adds nothing twice.
  const reopened = await startEmulator({ port: 0, data });
  try {
    const api = apiClient(reopened.url, reopened.token);
    const site = (await api("GET", `/v1/orgs/${reopened.organizationId}/sites`)).body.items[0]!;
    const path = `/v1/orgs/${reopened.organizationId}/sites/${site.id as string}/site-spaces`;
    const items = (await api("GET", path)).body.items;
    expect(items.map((s) => s.hidden)).toEqual([...Array(5).fill(false), true]);
  } finally {
    await reopened.close();
  }
  // The release's file itself is never written.
  expect(readFileSync(fixture).equals(before)).toBe(true);
});
