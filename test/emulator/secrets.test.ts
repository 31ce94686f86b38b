import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startEmulator } from "../../emulator/index";
import { MAX_BODY_DEPTH } from "../../emulator/limits";
import { apiClient, createTestEmulator } from "../support/emulator";
import { until } from "../support/harness-cli";

/**
 * Issue 23: secrets at rest. The request log keeps no certificate, Git password or share key; the
 * data file holds API tokens only hashed, and only its owner reads it.
 */
const root = resolve(__dirname, "../..");
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "emulator-secrets-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A file's bytes with its -wal beside it, as a reader of the disk would find them. */
function onDisk(file: string): string {
  return [file, `${file}-wal`]
    .filter((f) => existsSync(f))
    .map((f) => readFileSync(f).toString("latin1"))
    .join("");
}

test("the request log masks SAML certificates, Git URL passwords and share keys on the way in", async () => {
  const t = await createTestEmulator();
  try {
    const api = apiClient(t.url, t.token, t.fetch);
    const space = await api("POST", `/v1/orgs/${t.organizationId}/spaces`, { title: "Synced" });
    await t.clearRequests();
    await api("POST", `/v1/orgs/${t.organizationId}/saml`, {
      label: "Okta",
      entityId: "https://idp.example.com",
      ssoUrl: "https://idp.example.com/sso",
      certificate: "-----BEGIN CERTIFICATE-----SECRETCERTIFICATEBODY-----END CERTIFICATE-----",
    });
    await api("POST", `/v1/spaces/${space.body.id}/git/import`, {
      url: "https://deploy:hunter2-password@localhost/repo.git",
      ref: "refs/heads/main",
    });
    await api("GET", `/v1/spaces/${space.body.id}?shareKey=the-secret-share-key-123`);
    const logged = JSON.stringify(await t.requests());
    expect(logged).toContain("/saml");
    expect(logged).toContain("/git/import");
    for (const secret of ["SECRETCERTIFICATEBODY", "hunter2-password", "the-secret-share-key-123"])
      expect([secret, logged.includes(secret)]).toEqual([secret, false]);
    expect(logged).toContain("https://***@localhost/repo.git");
  } finally {
    await t.close();
  }
});

test("a new data file and its -wal and -shm are the owner's alone, and hold API tokens only hashed", async () => {
  const data = join(dir, "fresh.db");
  const emulator = await startEmulator({ port: 0, data });
  const token = emulator.token!;
  try {
    const api = apiClient(emulator.url, token);
    expect((await api("GET", "/v1/orgs")).status).toBe(200);
    for (const file of [data, `${data}-wal`, `${data}-shm`])
      expect([file, (statSync(file).mode & 0o777).toString(8)]).toEqual([file, "600"]);
    expect(onDisk(data)).not.toContain(token);
  } finally {
    await emulator.close();
  }
  expect(onDisk(data)).not.toContain(token);
  // Opened again, the token printed before still works.
  const again = await startEmulator({ port: 0, data });
  try {
    expect((await apiClient(again.url, token)("GET", "/v1/orgs")).status).toBe(200);
  } finally {
    await again.close();
  }
});

test("a data file with tokens in clear (release 0.1.0) is migrated on open: its tokens keep working, hashed", async () => {
  const data = join(dir, "release-0.1.0.db");
  copyFileSync(join(root, "test/fixtures/release-0.1.0/emulator.db"), data);
  const clear = "gb_api_zauDcb0AGFQy9vMI073HTmZ77mKq7h6O";
  expect(onDisk(data)).toContain(clear);
  const emulator = await startEmulator({ port: 0, data });
  try {
    const api = apiClient(emulator.url, clear);
    expect((await api("GET", `/v1/orgs/${emulator.organizationId}`)).status).toBe(200);
  } finally {
    await emulator.close();
  }
  expect(onDisk(data)).not.toContain(clear);
  expect((statSync(data).mode & 0o777).toString(8)).toBe("600");
});

test("once a Git operation ends, its URL's password is in neither the data file nor its -wal", async () => {
  const server = createServer((_request, response) => response.writeHead(404).end());
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  const data = join(dir, "git.db");
  const emulator = await startEmulator({ port: 0, data, gitTimeoutMs: 10_000 });
  try {
    const api = apiClient(emulator.url, emulator.token!);
    const org = `/v1/orgs/${emulator.organizationId}`;
    const space = (await api("POST", `${org}/spaces`, { title: "Synced" })).body;
    const url = `http://writer:wal-password-9137@127.0.0.1:${port}/docs.git`;
    const started = await api("POST", `/v1/spaces/${space.id}/git/import`, {
      url,
      ref: "refs/heads/main",
    });
    expect(started.status).toBe(204);
    let state: string | undefined;
    for (let i = 0; i < 200 && (state === undefined || state === "running"); i++) {
      await new Promise((r) => setTimeout(r, 50));
      const info = await api("GET", `/v1/spaces/${space.id}/git/info`);
      state = (info.body.operation as { state?: string } | undefined)?.state;
    }
    expect(state).toBe("failure");
    expect(onDisk(data)).not.toContain("wal-password-9137");
  } finally {
    await emulator.close();
    server.close();
  }
});

test("the request log keeps no certificate from a refused body, a preview, or a key in another case", async () => {
  const t = await createTestEmulator();
  try {
    const saml = `${t.url}/v1/orgs/${t.organizationId}/saml`;
    const send = (body: string, type = "application/json") =>
      t.fetch(saml, {
        method: "POST",
        headers: { authorization: `Bearer ${t.token}`, "content-type": type },
        body,
      });
    const statuses = [
      // Not declared as JSON: 415.
      (await send(`{"label":"a","certificate":"SECRET-ONE"}`, "text/plain")).status,
      // Not JSON: 400, cut inside the certificate.
      (await send(`{"label":"a","certificate":"SECRET-TWO`)).status,
      // Nested too deep: 400.
      (await send(`{"certificate":"SECRET-THREE","x":${"[".repeat(MAX_BODY_DEPTH + 1)}}`)).status,
      // A key in another case: parsed, then refused by the schema.
      (await send(`{"Certificate":"SECRET-FOUR"}`)).status,
      // Padded past the preview's start, in a body the log only summarizes.
      (await send(`{"certificate":"${" ".repeat(190)}SECRET-FIVE${"A".repeat(20_000)}"}`)).status,
      // A PEM block in text.
      (await send(`-----BEGIN CERTIFICATE-----\nSECRET-SIX\n`, "text/plain")).status,
    ];
    expect(statuses).toEqual([415, 400, 400, 400, 400, 415]);
    const logged = JSON.stringify(await t.requests());
    for (const secret of ["ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX"].map((n) => `SECRET-${n}`))
      expect([secret, logged.includes(secret)]).toEqual([secret, false]);
    expect(logged.match(/\/saml/g)).toHaveLength(6);
  } finally {
    await t.close();
  }
});

test("credentials in a source URL are kept nowhere: a Git URL's query is masked in info, the log and the store; an OpenAPI URL with userinfo is refused", async () => {
  const t = await createTestEmulator();
  try {
    const api = apiClient(t.url, t.token, t.fetch);
    const space = await api("POST", `/v1/orgs/${t.organizationId}/spaces`, { title: "Synced" });
    await t.clearRequests();
    const imported = await api("POST", `/v1/spaces/${space.body.id}/git/import`, {
      url: "http://127.0.0.1:9/repo.git?access_token=SECRET-TOKEN",
      ref: "refs/heads/main",
      repoTreeURL: "https://git.example/tree?private_token=SECRET-TREE",
    });
    expect(imported.status).toBe(204);
    const info = await until("the import to end", async () => {
      const answer = await api("GET", `/v1/spaces/${space.body.id}/git/info`);
      const state = (answer.body.operation as { state?: string } | undefined)?.state;
      return state === "failure" ? answer.body : undefined;
    });
    // `url` answers the tree URL when one is given (§4.15), masked as the repository's is.
    expect(info.url).toBe("https://git.example/tree?private_token=***");
    const spec = await api("POST", `/v1/orgs/${t.organizationId}/openapi`, {
      slug: "petstore",
      source: { url: "http://reader:SECRET-PW@127.0.0.1:9/openapi.json" },
    });
    expect(spec.status).toBe(400);
    expect(spec.body.error.message).toMatch(/source.*credentials/);
    const stored = t.store.statement("SELECT * FROM git_operations").all();
    const setup = t.store.statement("SELECT * FROM git_sync").all();
    expect(JSON.stringify(setup)).toContain("http://127.0.0.1:9/repo.git?access_token=***");
    const everything = JSON.stringify([info, stored, setup, await t.requests(), spec.body]);
    for (const secret of ["SECRET-TOKEN", "SECRET-TREE", "SECRET-PW"])
      expect([secret, everything.includes(secret)]).toEqual([secret, false]);
  } finally {
    await t.close();
  }
});
