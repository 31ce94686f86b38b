import { execFileSync } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { Background } from "../../emulator/background";
import { resumeGitSync, runGitSync, spaceContentProblem } from "../../emulator/jobs/git-sync";
import {
  nextGitOperation,
  queueGitOperation,
  startGitOperation,
} from "../../emulator/store/git-sync";
import { until } from "../support/harness-cli";
import {
  apiClient,
  createTestEmulator,
  type ApiBody,
  type TestEmulator,
  seedContent,
} from "../support/emulator";

/** §4.15 Git synchronisation against real repositories made with Debian's `git`, in process. */
let t: TestEmulator;
let api: ReturnType<typeof apiClient>;
/** The emulator's one Git root: the tests' repositories are made in it, unless a test says otherwise. */
const scratch = mkdtempSync(join(tmpdir(), "git-sync-test-"));
/** A folder of this machine outside the Git root. */
const elsewhere = mkdtempSync(join(tmpdir(), "git-sync-elsewhere-"));

beforeAll(async () => {
  t = await createTestEmulator({ gitRoots: [scratch] });
  api = apiClient(t.url, t.token, t.fetch);
});
afterAll(async () => {
  await t.close();
  rmSync(scratch, { recursive: true, force: true });
  rmSync(elsewhere, { recursive: true, force: true });
});

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" },
  }).trim();

/** A repository (not bare) that accepts pushes to its checked-out `main`, with `files` committed. */
function repository(name: string, files: Record<string, string>, under = scratch): string {
  const dir = join(under, name);
  mkdirSync(dir);
  git(dir, "init", "--quiet", "--initial-branch=main");
  git(dir, "config", "receive.denyCurrentBranch", "updateInstead");
  git(dir, "config", "user.name", "Writer");
  git(dir, "config", "user.email", "writer@example.com");
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  git(dir, "add", "--all");
  git(dir, "commit", "--quiet", "-m", "Initial docs");
  return dir;
}

async function newSpace(): Promise<ApiBody> {
  return (await api("POST", `/v1/orgs/${t.organizationId}/spaces`, { title: "Docs" })).body;
}

/** Waits until the space has no operation queued or running, and answers its Git info. */
async function settled(spaceId: string): Promise<ApiBody> {
  return until(`the Git operations of ${spaceId} to end`, async () => {
    if (nextGitOperation(t.store, spaceId) !== undefined) return undefined;
    const info = await api("GET", `/v1/spaces/${spaceId}/git/info`);
    const operation = info.body.operation as ApiBody | undefined;
    return operation?.state === "running" ? undefined : info.body;
  });
}

const DOCS = {
  "README.md": "# Welcome\n\nStart with [the install guide](guides/install.md).\n",
  "guides/README.md": "# Guides\n\nHow to.\n",
  "guides/install.md": "# Install\n\nRun the installer.\n",
  ".gitbook/assets/logo.png": "not really a png",
  LICENSE: "MIT\n",
};

test("round trip: import a repository, change a page through a change request, export it as a commit", async () => {
  const repo = repository("round-trip", DOCS);
  const initial = git(repo, "rev-parse", "HEAD");
  const space = await newSpace();

  const started = await api("POST", `/v1/spaces/${space.id}/git/import`, {
    url: repo,
    ref: "refs/heads/main",
    repoCommitURL: "https://git.example.com/docs/commit/",
    gitInfo: { provider: "github", url: "https://git.example.com/docs/tree/main" },
  });
  expect(started.status).toBe(204);
  const imported = await settled(space.id);
  expect(imported).toMatchObject({
    installationStatus: "active",
    installationProvider: "github",
    integration: "github-sync",
    repoName: "round-trip",
    url: "https://git.example.com/docs/tree/main",
    operation: { state: "success", direction: "import" },
  });

  const revision = (await api("GET", `/v1/spaces/${space.id}/content`)).body;
  expect((await api("GET", `/v1/spaces/${space.id}`)).body.revision).toBe(revision.id);
  expect(revision.git).toMatchObject({
    oid: initial,
    message: "Initial docs",
    createdByService: false,
    createdByGitBook: false,
    ref: "refs/heads/main",
    url: `https://git.example.com/docs/commit/${initial}`,
  });
  const [welcome, guides] = revision.pages as ApiBody[];
  expect(welcome).toMatchObject({ title: "Welcome", path: "welcome" });
  expect(guides).toMatchObject({ title: "Guides", path: "guides" });
  expect((guides!.pages as ApiBody[]).map((p) => p.path)).toEqual(["guides/install"]);
  expect((revision.files as ApiBody[]).map((f) => [f.name, f.contentType])).toEqual([
    ["logo.png", "image/png"],
  ]);

  // Change the install page through a change request, and merge it.
  const cr = (await api("POST", `/v1/spaces/${space.id}/change-requests`, { subject: "Reword" }))
    .body;
  await seedContent(t, `/spaces/${space.id}/change-requests/${cr.number as number}/content`, {
    pages: [
      { title: "Welcome", markdown: DOCS["README.md"] },
      {
        title: "Guides",
        markdown: DOCS["guides/README.md"],
        pages: [{ title: "Install", markdown: "# Install\n\nRun `install --all`.\n" }],
      },
    ],
  });
  expect((await api("POST", `/v1/spaces/${space.id}/change-requests/${cr.id}/merge`)).status).toBe(
    200,
  );

  expect(
    (
      await api("POST", `/v1/spaces/${space.id}/git/export`, {
        url: repo,
        ref: "refs/heads/main",
        commitMessage: "Docs: reword the install guide",
      })
    ).status,
  ).toBe(204);
  expect(await settled(space.id)).toMatchObject({
    operation: { state: "success", direction: "export" },
  });

  const me = (await api("GET", `/v1/orgs/${t.organizationId}/members`)).body.items.find(
    (m) => (m.role as string) === "admin",
  )!.user as ApiBody;
  expect(git(repo, "log", "-1", "--format=%an <%ae>|%s|%P")).toBe(
    `${me.displayName as string} <${me.email as string}>|Docs: reword the install guide|${initial}`,
  );
  expect(git(repo, "show", "HEAD:guides/install.md")).toBe("# Install\n\nRun `install --all`.");
  // Only the changed page: the front page, the assets and files that are not content stay.
  expect(git(repo, "diff", "--name-only", initial, "HEAD")).toBe("guides/install.md");
  expect(readFileSync(join(repo, "guides/install.md"), "utf8")).toContain("install --all");

  // Exporting the same content again makes no commit.
  await api("POST", `/v1/spaces/${space.id}/git/export`, {
    url: repo,
    ref: "refs/heads/main",
    commitMessage: "Nothing to say",
  });
  expect(await settled(space.id)).toMatchObject({ operation: { state: "success" } });
  expect(git(repo, "rev-list", "--count", "HEAD")).toBe("2");
});

test("a project folder and a new branch: export creates the ref, import reads only the folder", async () => {
  const repo = repository("folder", { "docs/README.md": "# Home\n", "src/app.md": "# Not docs\n" });
  const space = await newSpace();
  await api("POST", `/v1/spaces/${space.id}/git/import`, {
    url: `file://${repo}`,
    ref: "refs/heads/main",
    repoProjectDirectory: "docs/",
  });
  await settled(space.id);
  const pages = (await api("GET", `/v1/spaces/${space.id}/content/pages`)).body.pages as ApiBody[];
  expect(pages.map((p) => p.title)).toEqual(["Home"]);

  await api("POST", `/v1/spaces/${space.id}/git/export`, {
    url: repo,
    ref: "refs/heads/docs-copy",
    repoProjectDirectory: "docs",
    commitMessage: "Copy",
  });
  expect(await settled(space.id)).toMatchObject({ operation: { state: "success" } });
  expect(git(repo, "show", "docs-copy:docs/README.md")).toBe("# Home");
});

test("a standalone import writes a revision and leaves the space's content and setup alone", async () => {
  const repo = repository("standalone", { "README.md": "# Alone\n" });
  const space = await newSpace();
  await api("POST", `/v1/spaces/${space.id}/git/import`, {
    url: repo,
    ref: "refs/heads/main",
    standalone: true,
  });
  await until("the standalone import to end", () =>
    nextGitOperation(t.store, space.id as string) === undefined ? true : undefined,
  );
  expect((await api("GET", `/v1/spaces/${space.id}`)).body.revision).toBe(space.revision);
  expect((await api("GET", `/v1/spaces/${space.id}/git/info`)).status).toBe(404);
});

/** A loopback "Git server" that holds every request until released, then answers 404. */
async function holdingServer(): Promise<{
  url: string;
  held: ServerResponse[];
  release(): void;
  server: Server;
}> {
  const held: ServerResponse[] = [];
  let released = false;
  const server = createServer((_request, response) => {
    if (released) response.writeHead(404).end();
    else held.push(response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://writer:s3cret@127.0.0.1:${port}/held.git`,
    held,
    server,
    release() {
      released = true;
      for (const response of held.splice(0)) response.writeHead(404).end();
    },
  };
}

test("operations run in the order of their timestamp; an older one than what ran is skipped", async () => {
  const repo = repository("ordering", { "README.md": "# From Git\n" });
  const before = git(repo, "rev-parse", "HEAD");
  const space = await newSpace();
  await seedContent(t, `/spaces/${space.id}/content`, {
    pages: [{ title: "From the space", markdown: "# From the space\n" }],
  });

  const hold = await holdingServer();
  try {
    // The first operation holds the space's worker while the others queue.
    await api("POST", `/v1/spaces/${space.id}/git/import`, {
      url: hold.url,
      ref: "refs/heads/main",
      timestamp: "2030-01-01T00:00:01Z",
    });
    await until("the held import to reach the server", () => hold.held.length > 0);
    const post = (direction: string, timestamp: string, extra: object = {}) =>
      api("POST", `/v1/spaces/${space.id}/git/${direction}`, {
        url: repo,
        ref: "refs/heads/main",
        timestamp,
        ...extra,
      });
    // Arrival order: the import (latest), the export, then a stale export.
    expect((await post("import", "2030-01-01T00:00:04Z")).status).toBe(204);
    expect(
      (await post("export", "2030-01-01T01:00:03+01:00", { commitMessage: "From the space" }))
        .status,
    ).toBe(204);
    expect((await post("export", "2030-01-01T00:00:00Z", { commitMessage: "Stale" })).status).toBe(
      204,
    );
    hold.release();
    const info = await settled(space.id as string);
    expect(info).toMatchObject({ operation: { state: "success", direction: "import" } });
    expect(JSON.stringify(info)).not.toContain("s3cret");
  } finally {
    hold.release();
    hold.server.close();
  }

  // The export (earlier timestamp) ran before the import that arrived first; the stale one never.
  expect(git(repo, "log", "--format=%s")).toBe("From the space\nInitial docs");
  const exported = git(repo, "rev-parse", "HEAD");
  expect(exported).not.toBe(before);
  const revision = (await api("GET", `/v1/spaces/${space.id}/content`)).body;
  expect(revision.git).toMatchObject({ oid: exported, message: "From the space" });
});

test("errors: an unknown ref and a folder that is no repository end in failure, reported by info", async () => {
  const repo = repository("errors", { "README.md": "# Docs\n" });
  const nothing = join(scratch, "not-a-repository");
  mkdirSync(nothing);
  const space = await newSpace();

  expect((await api("GET", `/v1/spaces/${space.id}/git/info`)).status).toBe(404);

  await api("POST", `/v1/spaces/${space.id}/git/import`, { url: repo, ref: "refs/heads/nope" });
  expect(await settled(space.id)).toMatchObject({
    operation: {
      state: "failure",
      direction: "import",
      error: `ref refs/heads/nope not found in ${repo}`,
    },
  });

  await api("POST", `/v1/spaces/${space.id}/git/export`, {
    url: nothing,
    ref: "refs/heads/main",
    commitMessage: "Into nothing",
  });
  const failed = await settled(space.id);
  expect(failed).toMatchObject({ operation: { state: "failure", direction: "export" } });
  expect((failed.operation as ApiBody).error).toBe(
    `${nothing} is not a Git repository the emulator may reach (it reaches only repositories under its Git roots)`,
  );
  expect(failed.repoName).toBe("not-a-repository");
  // The space's content is untouched by failures.
  expect((await api("GET", `/v1/spaces/${space.id}`)).body.revision).toBe(space.revision);
});

test("git sync reaches only repositories under its Git roots, with one message for missing, outside and not a repository", async () => {
  const victim = repository(
    "victim",
    { "README.md": "# Victim\n", "keep.md": "# Keep\n" },
    elsewhere,
  );
  const before = {
    refs: git(victim, "for-each-ref", "--format=%(refname) %(objectname)"),
    files: readdirSync(victim).sort(),
  };
  symlinkSync(victim, join(scratch, "link-to-victim"));
  mkdirSync(join(scratch, "plain-folder"));
  const urls = [
    victim,
    `file://${victim}`,
    join(scratch, "link-to-victim"),
    `${scratch}/../${basename(elsewhere)}/victim`,
    join(scratch, "missing"),
    join(scratch, "plain-folder"),
    scratch,
  ];
  const space = await newSpace();
  await seedContent(t, `/spaces/${space.id}/content`, {
    pages: [{ title: "Planted", markdown: "# Planted\n" }],
  });
  const errors: string[] = [];
  for (const url of urls) {
    await api("POST", `/v1/spaces/${space.id}/git/import`, { url, ref: "refs/heads/main" });
    const imported = (await settled(space.id)).operation as ApiBody;
    await api("POST", `/v1/spaces/${space.id}/git/export`, {
      url,
      ref: "refs/heads/planted",
      commitMessage: "Delete everything",
      force: true,
    });
    const exported = (await settled(space.id)).operation as ApiBody;
    for (const operation of [imported, exported]) {
      expect(operation).toMatchObject({ state: "failure" });
      errors.push(String(operation.error).replace(url, "<url>"));
    }
  }
  // One message, naming only the URL the caller gave: nothing tells these cases apart.
  expect(new Set(errors)).toEqual(
    new Set([
      "<url> is not a Git repository the emulator may reach (it reaches only repositories under its Git roots)",
    ]),
  );
  expect({
    refs: git(victim, "for-each-ref", "--format=%(refname) %(objectname)"),
    files: readdirSync(victim).sort(),
  }).toEqual(before);
  const pages = (await api("GET", `/v1/spaces/${space.id}/content/pages`)).body.pages as ApiBody[];
  expect(pages.map((p) => p.title)).toEqual(["Planted"]);
});

test("an import holding a Markdown file over 1 MiB fails naming the file and the limit, and imports nothing", async () => {
  const repo = repository("oversized", {
    "README.md": "# Small\n",
    "guides/huge.md": `# Huge\n${"x".repeat(1024 * 1024)}\n`,
  });
  const space = await newSpace();
  await api("POST", `/v1/spaces/${space.id}/git/import`, { url: repo, ref: "refs/heads/main" });
  expect(await settled(space.id)).toMatchObject({
    operation: {
      state: "failure",
      error:
        "guides/huge.md is 1048584 bytes of Markdown; a page holds at most 1048576 bytes (1 MiB): nothing was imported",
    },
  });
  expect((await api("GET", `/v1/spaces/${space.id}`)).body.revision).toBe(space.revision);
});

test("a locked space takes no Git import: 409 when asked, and one queued before the lock writes nothing", async () => {
  const repo = repository("locked", { "README.md": "# Locked out\n" });
  const space = await newSpace();
  expect((await api("PATCH", `/v1/spaces/${space.id}`, { editMode: "locked" })).status).toBe(200);

  const refused = await api("POST", `/v1/spaces/${space.id}/git/import`, {
    url: repo,
    ref: "refs/heads/main",
  });
  expect(refused.status).toBe(409);
  expect(refused.body.error.message).toBe(`space ${space.id} is locked: unlock it to import`);

  queueGitOperation(
    t.store,
    space.id,
    { provider: null, repoName: "locked", url: repo, ref: "refs/heads/main", treeUrl: null },
    {
      direction: "import",
      request: { url: repo, ref: "refs/heads/main" },
      timestamp: t.store.now(),
      author: "nobody",
    },
  );
  runGitSync(t.store, new Background(t.store, { gitRoots: [scratch] }), space.id);
  expect(await settled(space.id)).toMatchObject({
    operation: {
      state: "failure",
      error: `space ${space.id} is locked: unlock it to import; nothing was imported`,
    },
  });
  expect((await api("GET", `/v1/spaces/${space.id}`)).body.revision).toBe(space.revision);
  // Export only reads the space: a locked space may still be exported.
  await api("POST", `/v1/spaces/${space.id}/git/export`, {
    url: repo,
    ref: "refs/heads/from-locked",
    commitMessage: "From a locked space",
  });
  expect(await settled(space.id)).toMatchObject({ operation: { state: "success" } });
});

test("an operation past its time limit ends in timeout", async () => {
  const slow = await createTestEmulator({ gitTimeoutMs: 300 });
  const hold = await holdingServer();
  try {
    const call = apiClient(slow.url, slow.token, slow.fetch);
    const space = (await call("POST", `/v1/orgs/${slow.organizationId}/spaces`, { title: "S" }))
      .body;
    await call("POST", `/v1/spaces/${space.id}/git/import`, {
      url: hold.url,
      ref: "refs/heads/main",
    });
    const info = await until("the held import to time out", async () => {
      const body = (await call("GET", `/v1/spaces/${space.id}/git/info`)).body;
      const operation = body.operation as ApiBody | undefined;
      return operation?.state === "timeout" ? body : undefined;
    });
    expect(info).toMatchObject({
      operationTimeout: 300,
      operation: { state: "timeout", error: "the operation took longer than 300 ms" },
    });
    expect(info.url).toBe(hold.url.replace("writer:s3cret", "***"));
  } finally {
    hold.release();
    hold.server.close();
    await slow.close();
  }
});

test("a password holding an unencoded @ is refused, masked whole in the 400; an encoded one is masked in info and the store", async () => {
  const server = createServer((_request, response) => response.writeHead(404).end());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const space = await newSpace();
    const unencoded = await api("POST", `/v1/spaces/${space.id}/git/import`, {
      url: `http://writer:pa@ss@127.0.0.1:${port}/docs.git`,
      ref: "refs/heads/main",
    });
    expect(unencoded.status).toBe(400);
    expect(unencoded.body.error.message).toMatch(/got http:\/\/\*\*\*@127\.0\.0\.1/);
    expect(unencoded.body.error.message).not.toMatch(/pa@ss|ss@127|pa%40ss/);

    const url = `http://writer:pa%40ss@127.0.0.1:${port}/docs.git`;
    expect(
      (await api("POST", `/v1/spaces/${space.id}/git/import`, { url, ref: "refs/heads/main" }))
        .status,
    ).toBe(204);
    const info = await settled(space.id);
    expect(info).toMatchObject({ operation: { state: "failure" } });
    expect(info.url).toBe(`http://***@127.0.0.1:${port}/docs.git`);
    const stored = t.store
      .statement("SELECT request, error FROM git_operations WHERE space_id = ?")
      .all(space.id);
    expect(JSON.stringify([info, stored])).not.toMatch(/pa%40ss|ss@127/);

    const remote = await api("POST", `/v1/spaces/${space.id}/git/import`, {
      url: "https://writer:pa@ss@github.com/o/r.git",
      ref: "refs/heads/main",
    });
    expect(remote.status).toBe(400);
    expect(remote.body.error.message).toMatch(/got https:\/\/\*\*\*@github\.com\/o\/r\.git/);
    expect(remote.body.error.message).not.toMatch(/pa@ss|ss@github/);
  } finally {
    server.close();
  }
});

/** A server that answers 404 to everything and records what it was asked. */
async function listener(host: string): Promise<{ port: number; asked: string[]; server: Server }> {
  const asked: string[] = [];
  const server = createServer((request, response) => {
    asked.push(`${request.method} ${request.url}`);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { port: (server.address() as AddressInfo).port, asked, server };
}

test("a URL git reads as another host than Node's parser is refused, for import and export, and git never connects there", async () => {
  // 127.0.0.2 stands for another machine: Node's parser reads each URL below as 127.0.0.1 (or
  // refuses it), while git and curl may read 127.0.0.2. A Linux loopback answers all of 127/8.
  const other = await listener("127.0.0.2");
  const local = await listener("127.0.0.1");
  const p = other.port;
  const tricks = [
    `http://127.0.0.1\\@127.0.0.2:${p}/repo.git`,
    `http://127.0.0.1:${p}\\@127.0.0.2:${p}/repo.git`,
    `https://127.0.0.1\\.127.0.0.2:${p}/repo.git`,
    `http://x@127.0.0.2:${p}@127.0.0.1:${local.port}/repo.git`,
    `http://127.0.0.2%3a${p}%40127.0.0.1:${local.port}/repo.git`,
    `http://%31%32%37.0.0.1:${local.port}/repo.git`,
    `http://127.1:${local.port}/repo.git`,
    `http://[::1%25lo]:${local.port}/repo.git`,
    `http://[0:0::1]:${local.port}/repo.git`,
    `http://127.0.0.1.:${local.port}/repo.git`,
    `http://localhost.:${local.port}/repo.git`,
    `http://LOCALHOST:${local.port}/repo.git`,
    `http://127.0.0.1:${local.port}/repo.git#@127.0.0.2:${p}`,
    `http://127.0.0.1:${local.port}/re\tpo.git`,
  ];
  try {
    const space = await newSpace();
    const answers: [string, string, number][] = [];
    for (const url of tricks) {
      const imported = await api("POST", `/v1/spaces/${space.id}/git/import`, {
        url,
        ref: "refs/heads/main",
      });
      const exported = await api("POST", `/v1/spaces/${space.id}/git/export`, {
        url,
        ref: "refs/heads/main",
        commitMessage: "Out",
      });
      answers.push([url, "import", imported.status], [url, "export", exported.status]);
      if (imported.status === 400)
        expect(imported.body.error.message).toMatch(/url.*(plain form|localhost|URL)/);
    }
    await settled(space.id);
    expect(answers).toEqual(
      tricks.flatMap((url) => [
        [url, "import", 400],
        [url, "export", 400],
      ]),
    );
    // An operation stored before this check (an earlier release's data file) is refused as it runs.
    const spaceId = space.id as string;
    queueGitOperation(t.store, spaceId, undefined, {
      direction: "import",
      request: { url: tricks[0]!, ref: "refs/heads/main", standalone: true },
      timestamp: t.store.now(),
      author: "nobody",
    });
    runGitSync(t.store, new Background(t.store, { gitRoots: [scratch] }), spaceId);
    await until("the stored operation to end", () =>
      nextGitOperation(t.store, spaceId) === undefined &&
      t.store
        .statement("SELECT state FROM git_operations WHERE space_id = ? AND state = 'running'")
        .all(spaceId).length === 0
        ? true
        : undefined,
    );
    expect(other.asked).toEqual([]);
    // The plain forms are taken, credentials (encoded) included: with one '@', git splits the
    // authority where Node's parser does, and decodes the credentials only after.
    for (const url of [
      `http://127.0.0.2:${p}%2f@127.0.0.1:${local.port}/repo.git`,
      `http://127.0.0.1:${local.port}/repo.git`,
      `http://writer:s%40cret@localhost:${local.port}/repo.git?x=1`,
      `http://[::1]:${local.port}/repo.git`,
    ])
      expect([
        url,
        (await api("POST", `/v1/spaces/${space.id}/git/import`, { url, ref: "refs/heads/main" }))
          .status,
      ]).toEqual([url, 204]);
    await settled(space.id);
    expect(local.asked.length).toBeGreaterThan(0);
    expect(other.asked).toEqual([]);
  } finally {
    other.server.close();
    local.server.close();
  }
});

test("git errors read the same for a closed port and a server that is no Git repository", async () => {
  const open = await listener("127.0.0.1");
  const closed = await listener("127.0.0.1");
  await new Promise((resolve) => closed.server.close(resolve));
  try {
    const errors: string[] = [];
    for (const port of [open.port, closed.port]) {
      const space = await newSpace();
      const url = `http://127.0.0.1:${port}/repo.git`;
      await api("POST", `/v1/spaces/${space.id}/git/import`, { url, ref: "refs/heads/main" });
      const operation = (await settled(space.id)).operation as ApiBody;
      expect(operation.state).toBe("failure");
      errors.push(String(operation.error).replace(String(port), "<port>"));
    }
    expect(open.asked.length).toBeGreaterThan(0);
    expect(errors[0]).toBe("http://127.0.0.1:<port>/repo.git did not answer as a Git repository");
    expect(errors[1]).toBe(errors[0]);
  } finally {
    open.server.close();
  }
});

test("a .git file inside a Git root that points outside the roots is not followed", async () => {
  const victim = repository("gitdir-victim", { "README.md": "# Victim secret\n" }, elsewhere);
  const pointer = join(scratch, "gitdir-pointer");
  mkdirSync(pointer);
  writeFileSync(join(pointer, ".git"), `gitdir: ${join(victim, ".git")}\n`);
  const space = await newSpace();
  await api("POST", `/v1/spaces/${space.id}/git/import`, { url: pointer, ref: "refs/heads/main" });
  const operation = (await settled(space.id)).operation as ApiBody;
  expect(operation).toMatchObject({
    state: "failure",
    error: `${pointer} is not a Git repository the emulator may reach (it reaches only repositories under its Git roots)`,
  });
  const pages = (await api("GET", `/v1/spaces/${space.id}/content/pages`)).body.pages as ApiBody[];
  expect(JSON.stringify(pages)).not.toMatch(/Victim/);
  // A .git file pointing inside the roots (a worktree's layout) is followed.
  const inside = repository("gitdir-inside", { "README.md": "# Inside\n" });
  const worktree = join(scratch, "gitdir-worktree");
  mkdirSync(worktree);
  writeFileSync(join(worktree, ".git"), `gitdir: ${join(inside, ".git")}\n`);
  await api("POST", `/v1/spaces/${space.id}/git/import`, { url: worktree, ref: "refs/heads/main" });
  expect(await settled(space.id)).toMatchObject({ operation: { state: "success" } });
});

test("a symbolic link in the repository is never followed: import does not read, nor export write, outside the clone", async () => {
  const outside = join(scratch, "outside");
  mkdirSync(outside);
  writeFileSync(join(outside, "secret.txt"), "TOP SECRET\n");
  const repo = repository("symlinks", { "README.md": "# Docs\n" });
  symlinkSync(join(outside, "secret.txt"), join(repo, "secret.md"));
  symlinkSync(outside, join(repo, "docs"));
  git(repo, "add", "--all");
  git(repo, "commit", "--quiet", "-m", "Links");
  const space = await newSpace();

  await api("POST", `/v1/spaces/${space.id}/git/import`, { url: repo, ref: "refs/heads/main" });
  expect(await settled(space.id)).toMatchObject({ operation: { state: "success" } });
  const revision = (await api("GET", `/v1/spaces/${space.id}/content`)).body;
  expect(JSON.stringify(revision)).not.toMatch(/TOP SECRET/);

  const source = await newSpace();
  await seedContent(t, `/spaces/${source.id}/content`, {
    pages: [{ title: "Planted", markdown: "# Planted\n" }],
  });
  await api("POST", `/v1/spaces/${source.id}/git/export`, {
    url: repo,
    ref: "refs/heads/main",
    repoProjectDirectory: "docs",
    commitMessage: "Through the link",
  });
  expect(await settled(source.id)).toMatchObject({ operation: { direction: "export" } });
  expect(readdirSync(outside)).toEqual(["secret.txt"]);
});

test("bad requests name the field; legacy-installation is a no-op answering 204", async () => {
  const space = await newSpace();
  const post = (direction: string, body: unknown) =>
    api("POST", `/v1/spaces/${space.id}/git/${direction}`, body);
  const remote = await post("import", {
    url: "https://github.com/o/r.git",
    ref: "refs/heads/main",
  });
  expect(remote.status).toBe(400);
  expect(remote.body.error.message).toMatch(/url/);
  expect(remote.body.error.message).toMatch(/localhost, 127\.0\.0\.1 or \[::1\]/);
  const ref = await post("import", { url: "/tmp/r", ref: "main" });
  expect(ref.status).toBe(400);
  expect(ref.body.error.message).toMatch(/ref.*refs\/heads\/<branch>/);
  const climb = await post("import", {
    url: "/tmp/r",
    ref: "refs/heads/main",
    repoProjectDirectory: "../etc",
  });
  expect(climb.status).toBe(400);
  expect(climb.body.error.message).toMatch(/repoProjectDirectory/);
  for (const field of ["repoTreeURL", "repoCommitURL"]) {
    const script = await post("import", {
      url: "/tmp/r",
      ref: "refs/heads/main",
      [field]: "javascript:alert(1)",
    });
    expect([field, script.status]).toEqual([field, 400]);
    expect(script.body.error.message).toMatch(new RegExp(field));
  }
  const noMessage = await post("export", { url: "/tmp/r", ref: "refs/heads/main" });
  expect(noMessage.status).toBe(400);
  expect(noMessage.body.error.message).toMatch(/commitMessage/);
  expect((await api("GET", `/v1/spaces/${space.id}/git/info`)).status).toBe(404);

  for (let i = 0; i < 2; i++)
    expect((await api("DELETE", `/v1/spaces/${space.id}/git/legacy-installation`)).status).toBe(
      204,
    );
  expect((await api("DELETE", `/v1/spaces/nope/git/legacy-installation`)).status).toBe(404);
});

test("a refused ref or project folder reads as a sentence: the field, then what it must be", async () => {
  const space = await newSpace();
  const ref = await api("POST", `/v1/spaces/${space.id}/git/import`, {
    url: "/tmp/r",
    ref: "main",
  });
  expect(ref.status).toBe(400);
  expect(ref.body.error.message).toBe("ref must be a full branch ref, refs/heads/<branch>");
  const climb = await api("POST", `/v1/spaces/${space.id}/git/import`, {
    url: "/tmp/r",
    ref: "refs/heads/main",
    repoProjectDirectory: "../etc",
  });
  expect(climb.status).toBe(400);
  expect(climb.body.error.message).toBe(
    "repoProjectDirectory must be a folder of the repository, relative to its root, with no '.' or '..' segment",
  );
});

test("an operation a stopped emulator left running is queued again, and run, when the store opens", async () => {
  const repo = repository("resumed", { "README.md": "# Resumed\n" });
  const space = await newSpace();
  const spaceId = space.id as string;
  queueGitOperation(
    t.store,
    spaceId,
    { provider: null, repoName: "resumed", url: repo, ref: "refs/heads/main", treeUrl: null },
    {
      direction: "import",
      request: { url: repo, ref: "refs/heads/main" },
      timestamp: t.store.now(),
      author: "nobody",
    },
  );
  startGitOperation(t.store, nextGitOperation(t.store, spaceId)!.id);
  expect(nextGitOperation(t.store, spaceId)).toBeUndefined();

  resumeGitSync(t.store, new Background(t.store, { gitRoots: [scratch] }));
  expect(await settled(spaceId)).toMatchObject({ operation: { state: "success" } });
  const pages = (await api("GET", `/v1/spaces/${spaceId}/content/pages`)).body.pages as ApiBody[];
  expect(pages.map((p) => p.title)).toEqual(["Resumed"]);
});

test("an import over 1,000 files or 16 MiB fails naming the limit, before any file is read, and imports nothing", async () => {
  const many: Record<string, string> = {};
  for (let i = 0; i <= 1000; i++) many[`pages/page-${i}.md`] = `# Page ${i}\n`;
  const crowded = repository("crowded", many);
  // 17 files of 1 MiB: each within the page limit, together past the import's.
  const heavy = repository("heavy", { "README.md": "# Heavy\n" });
  for (let i = 0; i < 17; i++)
    writeFileSync(
      join(heavy, `chapter-${i}.md`),
      `# Chapter ${i}\n${"x".repeat(1024 * 1024 - 20)}\n`,
    );
  git(heavy, "add", "--all");
  git(heavy, "commit", "--quiet", "-m", "Heavy");
  const space = await newSpace();
  const errors: string[] = [];
  for (const repo of [crowded, heavy]) {
    await api("POST", `/v1/spaces/${space.id}/git/import`, { url: repo, ref: "refs/heads/main" });
    const operation = (await settled(space.id)).operation as ApiBody;
    expect(operation.state).toBe("failure");
    errors.push(String(operation.error));
  }
  expect(errors[0]).toBe(
    "the ref holds 1001 files; an import reads at most 1000: nothing was imported",
  );
  expect(errors[1]).toMatch(
    /^the ref's files are \d+ bytes; an import reads at most 16777216 bytes \(16 MiB\): nothing was imported$/,
  );
  expect((await api("GET", `/v1/spaces/${space.id}`)).body.revision).toBe(space.revision);
  // A project folder within the limits is read even when the repository is past them.
  await api("POST", `/v1/spaces/${space.id}/git/import`, {
    url: heavy,
    ref: "refs/heads/main",
    repoProjectDirectory: "nothing-here",
  });
  expect(await settled(space.id)).toMatchObject({ operation: { state: "success" } });
});

test("a space's limits after an import: 2,000 pages, 1,000 files, 32 MiB, the kept files counted", () => {
  const page = (markdown: string) => ({ title: "P", markdown });
  expect(spaceContentProblem({ pages: [page("# P\n")] }, [1024])).toBeUndefined();
  const deep = { title: "Top", pages: Array.from({ length: 2000 }, () => page("")) };
  expect(spaceContentProblem({ pages: [deep] }, [])).toBe("2001 pages; a space holds at most 2000");
  const files = Array.from({ length: 1001 }, (_, i) => ({ name: `f${i}.txt`, text: "x" }));
  expect(spaceContentProblem({ pages: [], files }, [])).toBe(
    "1001 files; a space holds at most 1000",
  );
  // The repository brings no file: the space keeps its own, and they count.
  expect(spaceContentProblem({ pages: [page("x".repeat(1024 * 1024))] }, [32 * 1024 * 1024])).toBe(
    `${33 * 1024 * 1024} bytes; a space holds at most 33554432 bytes (32 MiB)`,
  );
});
