import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator/index";
import { findSpace, insertSpace } from "../../emulator/store/spaces";
import { apiClient, type ApiBody } from "../support/emulator";

/** `--content DIR`: a folder of Markdown per space (emulator/README.md, "Content from a folder"). */
const root = resolve(__dirname, "../..");
let dir: string;
const running: RunningEmulator[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "emulator-content-"));
});
afterAll(async () => {
  for (const emulator of running) await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

function write(base: string, files: Record<string, string | Buffer>): string {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(base, path)), { recursive: true });
    writeFileSync(join(base, path), text);
  }
  return base;
}

const PNG = Buffer.from("iVBORw0KGgo=", "base64");

function handbook(
  base: string,
  install = "Run it. Then [set up](../setup.md) with [the logo](../logo.png).",
) {
  return write(base, {
    "Handbook/README.md": "# Welcome\n\nStart with [installing](guides/install.md).",
    "Handbook/guides/README.md": "# Guides\n\nEvery guide.",
    "Handbook/guides/install.md": `# Install\n\n${install}`,
    "Handbook/setup.md": "# Setup\n\nConfigure it.",
    "Handbook/logo.png": PNG,
    "Handbook/.git/HEAD": "ref: refs/heads/main\n",
    "Notes/ideas.md": "Plain text, no heading.",
  });
}

async function start(content: string, data?: string) {
  const emulator = await startEmulator({ port: 0, content, ...(data ? { data } : {}) });
  running.push(emulator);
  return { emulator, api: apiClient(emulator.url, emulator.token!) };
}

const titles = (pages: ApiBody[]): unknown[] =>
  pages.map((p) => {
    const children = p.pages as ApiBody[];
    return children.length === 0 ? p.path : { [p.path as string]: titles(children) };
  });

test("each folder is a space: nested folders nest pages, README.md is a folder's page, other files are files", async () => {
  const content = handbook(join(dir, "layout"));
  const { emulator, api } = await start(content);
  expect(emulator.content!.map((s) => [s.folder, s.created, s.pages])).toEqual([
    ["Handbook", true, 4],
    ["Notes", true, 1],
  ]);
  const handbookId = emulator.content![0]!.spaceId;
  const space = (await api("GET", `/v1/spaces/${handbookId}`)).body;
  expect(space).toMatchObject({ title: "Handbook", revision: emulator.content![0]!.revision });

  const pages = (await api("GET", `/v1/spaces/${handbookId}/content/pages`)).body
    .pages as ApiBody[];
  expect(titles(pages)).toEqual(["welcome", { guides: ["guides/install"] }, "setup"]);
  expect(pages.map((p) => p.title)).toEqual(["Welcome", "Guides", "Setup"]);
  const install = (pages[1]!.pages as ApiBody[])[0]!;
  const page = (await api("GET", `/v1/spaces/${handbookId}/content/page/${install.id}`)).body;
  expect(page.markdown).toBe(
    "# Install\n\nRun it. Then [set up](../setup.md) with [the logo](../logo.png).",
  );

  const files = (await api("GET", `/v1/spaces/${handbookId}/content/files`)).body.items;
  expect(files).toMatchObject([{ name: "logo.png", contentType: "image/png", size: PNG.length }]);
  // Links between the files resolve as they do in the folder: none is broken.
  const links = (await api("GET", `/v1/spaces/${handbookId}/links`)).body;
  expect(links.stats).toEqual({ total: 3, broken: { total: 0, changeRequest: 0 } });

  // A page with no heading takes its file's name; the loaded words are searchable.
  const notes = emulator.content![1]!.spaceId;
  const notesPages = (await api("GET", `/v1/spaces/${notes}/content/pages`)).body.pages;
  expect(notesPages).toMatchObject([{ title: "ideas", path: "ideas" }]);
  const found = (await api("GET", `/v1/orgs/${emulator.organizationId}/search?query=configure`))
    .body.items as ApiBody[];
  expect(found).toMatchObject([{ id: handbookId, pages: [{ title: "Setup" }] }]);
});

test("at every start: unchanged folders write nothing, an edited file is a new revision keeping the page's id", async () => {
  const content = handbook(join(dir, "restart"));
  const data = join(dir, "restart.db");
  const first = await start(content, data);
  const [handbookFirst] = first.emulator.content!;
  const before = (await first.api("GET", `/v1/spaces/${handbookFirst!.spaceId}/content/pages`))
    .body;
  await first.emulator.close();

  const second = await start(content, data);
  expect(second.emulator.content!.map((s) => [s.spaceId, s.created, s.revision])).toEqual(
    first.emulator.content!.map((s) => [s.spaceId, false, undefined]),
  );
  await second.emulator.close();

  handbook(content, "Run it twice.");
  const third = await start(content, data);
  const [handbookThird] = third.emulator.content!;
  expect(handbookThird).toMatchObject({ spaceId: handbookFirst!.spaceId, created: false });
  expect(handbookThird!.revision).toBeDefined();
  expect(third.emulator.content![1]!.revision).toBeUndefined();
  const revision = (await third.api("GET", `/v1/spaces/${handbookFirst!.spaceId}/content`)).body;
  expect(revision.parents).toEqual([handbookFirst!.revision]);
  const after = (await third.api("GET", `/v1/spaces/${handbookFirst!.spaceId}/content/pages`)).body;
  const ids = (body: ApiBody) => JSON.stringify(body.pages).match(/"id":"[^"]+"/g);
  expect(ids(after)).toEqual(ids(before));
});

test("a folder named by a space's id fills that space", async () => {
  const data = join(dir, "by-id.db");
  const seeded = await start(handbook(join(dir, "by-id-seed")), data);
  const target = seeded.emulator.content![1]!.spaceId;
  await seeded.emulator.close();
  const byId = write(join(dir, "by-id"), { [`${target}/page.md`]: "# By id" });
  const again = await start(byId, data);
  expect(again.emulator.content).toMatchObject([{ spaceId: target, created: false, pages: 1 }]);
  const pages = (await again.api("GET", `/v1/spaces/${target}/content/pages`)).body.pages;
  expect(pages).toMatchObject([{ title: "By id", path: "page" }]);
});

test("bad folders are refused before anything is written, naming the file and the rule", async () => {
  const data = join(dir, "refused.db");
  const cases: [Record<string, string>, RegExp][] = [
    [{ "stray.md": "# Stray" }, /stray\.md is not in a space's folder/],
    [
      { "A/one/logo.png": "x", "A/two/logo.png": "y" },
      /A\/one\/logo\.png and A\/two\/logo\.png are both files named logo\.png/,
    ],
    [{ "A/Setup.md": "# S", "A/setup.md": "# s" }, /--content: A: .*path setup is already used/],
    [{ [`${"x".repeat(51)}/a.md`]: "# A" }, /at most 50 characters/],
    [{ "A/a.md": `# ${"t".repeat(300)}` }, /--content: A: pages\.0\.title/],
  ];
  for (const [i, [files, message]] of cases.entries()) {
    // A good folder beside the bad one: all or nothing, so it is not written either.
    const base = write(join(dir, `bad-${i}`), { ...files, "Good/page.md": "# Good" });
    await expect(startEmulator({ port: 0, content: base, data })).rejects.toThrow(message);
  }
  await expect(startEmulator({ port: 0, content: join(dir, "absent"), data })).rejects.toThrow(
    /absent is not a folder/,
  );
  const { emulator, api } = await start(
    write(join(dir, "empty-ok"), { "Other/a.md": "# A" }),
    data,
  );
  const spaces = (await api("GET", `/v1/orgs/${emulator.organizationId}/spaces`)).body.items;
  expect((spaces as ApiBody[]).map((s) => s.title)).toEqual(["Other"]);
});

function runCli(args: string[]): Promise<{ code: number | null; out: string }> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", join(root, "emulator/cli.ts"), ...args],
    {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let out = "";
  let stopped = false;
  child.stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString();
    // Started: stop it once, as a person would with Ctrl-C.
    if (!stopped && out.includes("DOCS_WORKSPACE_ORGANIZATION_ID=")) {
      stopped = true;
      child.kill("SIGINT");
    }
  });
  child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolvePromise) =>
    child.once("exit", (code) => resolvePromise({ code, out })),
  );
}

test("the command takes --content and says what it loaded, or why not", async () => {
  const ok = await runCli(["--port", "0", "--content", handbook(join(dir, "cli"))]);
  expect(ok.code).toBe(0);
  expect(ok.out).toMatch(/content: Handbook -> space \S+, a new space: 4 pages, revision \S+/);
  expect(ok.out).toMatch(/content: Notes -> space \S+, a new space: 1 pages, revision \S+/);

  const bad = await runCli([
    "--port",
    "0",
    "--content",
    write(join(dir, "cli-bad"), { "x.md": "" }),
  ]);
  expect(bad.code).toBe(1);
  expect(bad.out).toContain("x.md is not in a space's folder");
});

test("a folder named by another organization's space id is refused, and that space is left alone", async () => {
  const data = join(dir, "other-org.db");
  const seed = {
    organizations: [
      { id: "org-first", title: "First" },
      { id: "org-other", title: "Other" },
    ],
    users: [{ id: "u-admin", displayName: "Admin", email: "admin@example.com" }],
    members: [{ organization: "org-first", user: "u-admin", role: "admin" as const }],
    tokens: [{ token: "first-token", user: "u-admin" }],
  };
  const first = await startEmulator({ port: 0, data, seed });
  const theirs = insertSpace(first.store, "org-other", { title: "Theirs" });
  await first.close();

  const hostile = write(join(dir, "other-org"), { [`${theirs.id}/page.md`]: "# Overwritten" });
  const attempt = startEmulator({ port: 0, content: hostile, data });
  // Should it start after all, it is closed with the others rather than left listening.
  attempt.then(
    (emulator) => running.push(emulator),
    () => undefined,
  );
  await expect(attempt).rejects.toThrow(
    `--content: folder ${theirs.id} names a space of another organization than the one the folder's spaces go to (org-first)`,
  );
  const after = await start(write(join(dir, "other-org-ok"), { "Mine/a.md": "# A" }), data);
  expect(findSpace(after.emulator.store, theirs.id)).toMatchObject({
    organizationId: "org-other",
    revision: theirs.revision,
  });
});
