// The state file, its journal and its secrets, without running a program.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { ResourceState } from "../../cli/harness/types";
import { passphraseFrom } from "../../cli/harness/secrets";
import { StateStore } from "../../cli/harness/state";

const PROJECT = "docs-workspace-handbook";
const STACK = "dev";
const PASSPHRASE = "state-test-passphrase";
const fixture = path.join(__dirname, "..", "fixtures", "release-0.1.0", "harness-state.json");

let dir: string;
let stateFile: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "harness-state-"));
  stateFile = path.join(dir, "state.json");
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** `null`: no passphrase at all. */
function open(passphrase: string | null = PASSPHRASE, readOnly = false): StateStore {
  return StateStore.open(stateFile, {
    project: PROJECT,
    stack: STACK,
    passphrase: passphrase ?? undefined,
    readOnly,
  });
}

function space(name: string, extra: Partial<ResourceState> = {}): ResourceState {
  return {
    urn: `urn:pulumi:${STACK}::${PROJECT}::docs:Space::${name}`,
    type: "docs:Space",
    name,
    custom: true,
    id: `${name}-id`,
    dependencies: [],
    inputs: { title: name },
    outputs: { title: name },
    secretInputs: [],
    secretOutputs: [],
    ...extra,
  };
}

const journal = () => `${stateFile}.journal`;

test("each change is appended to the journal, never the whole state; a run that dies is replayed from it", () => {
  const store = open();
  store.apply({ kind: "put", resource: space("a") });
  const op = store.snapshot.newOperationId();
  store.apply({
    kind: "begin",
    op,
    operation: { type: "creating", resource: space("b"), startedAt: "2025-01-01T00:00:00.000Z" },
  });
  // No commit: the process died here.
  expect(fs.existsSync(stateFile)).toBe(false);
  const lines = fs.readFileSync(journal(), "utf8").trim().split("\n");
  expect(lines).toHaveLength(3); // header, put, begin

  const next = open();
  expect(next.snapshot.resources().map((r) => r.name)).toEqual(["a"]);
  expect(next.inherited.map((p) => [p.type, p.resource.name])).toEqual([["creating", "b"]]);
  // Opening for a run folded the journal into the file at once.
  expect(fs.existsSync(journal())).toBe(false);
  const file = JSON.parse(fs.readFileSync(stateFile, "utf8")) as {
    serial: number;
    pendingOperations: { type: string; resource: { name: string }; startedAt: string }[];
  };
  expect(file.serial).toBe(1);
  expect(file.pendingOperations).toEqual([
    expect.objectContaining({ type: "creating", startedAt: "2025-01-01T00:00:00.000Z" }),
  ]);
});

test("an operation that ends in the same write as its result leaves no pending operation", () => {
  const store = open();
  const op = store.snapshot.newOperationId();
  const operation = { type: "creating" as const, resource: space("a"), startedAt: "t" };
  store.apply({ kind: "begin", op, operation });
  store.apply({ kind: "put", resource: space("a") }, { kind: "end", op });
  const next = open();
  expect(next.inherited).toEqual([]);
  expect(next.snapshot.get(space("a").urn)?.id).toBe("a-id");
});

test("a torn last line is dropped; a journal that continues another file is ignored", () => {
  const store = open();
  store.apply({ kind: "put", resource: space("a") });
  store.commit();
  store.apply({ kind: "put", resource: space("b") });
  fs.appendFileSync(journal(), '{"kind":"put","resource":{"urn":"urn:pul');
  expect(
    open(PASSPHRASE, true)
      .snapshot.resources()
      .map((r) => r.name),
  ).toEqual(["a", "b"]);

  // A journal from before the last full write (serial 0) is already in the file.
  fs.writeFileSync(
    journal(),
    `${JSON.stringify({ journal: 1, base: 0 })}\n${JSON.stringify({ kind: "remove", entry: { urn: space("a").urn } })}\n`,
  );
  expect(
    open(PASSPHRASE, true)
      .snapshot.resources()
      .map((r) => r.name),
  ).toEqual(["a"]);
});

test("commit writes the file once, in dependency order, and not at all when nothing changed", () => {
  const store = open();
  const child = space("child", { dependencies: [space("parent").urn] });
  store.apply({ kind: "put", resource: child });
  store.apply({ kind: "put", resource: space("parent") });
  store.commit();
  const written = JSON.parse(fs.readFileSync(stateFile, "utf8")) as {
    resources: { name: string }[];
  };
  expect(written.resources.map((r) => r.name)).toEqual(["parent", "child"]);
  const before = fs.statSync(stateFile).mtimeMs;
  const again = open();
  again.commit();
  expect(fs.statSync(stateFile).mtimeMs).toBe(before);
  expect(fs.existsSync(journal())).toBe(false);
});

test("secrets are encrypted in the journal and in the file, and read back in clear", () => {
  const store = open();
  const secret = space("link", {
    outputs: { url: "https://docs.example/?share=very-secret-key" },
    secretOutputs: ["url"],
  });
  store.apply({ kind: "put", resource: secret });
  expect(fs.readFileSync(journal(), "utf8")).not.toContain("very-secret-key");
  store.commit();
  expect(fs.readFileSync(stateFile, "utf8")).not.toContain("very-secret-key");
  expect(open().snapshot.get(secret.urn)?.outputs.url).toBe(
    "https://docs.example/?share=very-secret-key",
  );
  expect(() => open("wrong")).toThrow(/incorrect passphrase/);
  expect(() => open(null)).toThrow(/holds secrets: set PULUMI_CONFIG_PASSPHRASE/);
});

test("a rewrite keeps the ciphertext of each secret it did not change, and seals a changed one anew", () => {
  const store = open();
  const link = (name: string, key: string) =>
    space(name, { outputs: { url: `https://docs.example/?share=${key}` }, secretOutputs: ["url"] });
  store.apply({ kind: "put", resource: link("kept", "same-key") });
  store.apply({ kind: "put", resource: link("rotated", "old-key") });
  store.apply({ kind: "put", resource: link("twin", "same-key") });
  store.commit();
  const ciphertexts = () =>
    new Map(
      (
        JSON.parse(fs.readFileSync(stateFile, "utf8")) as {
          resources: { name: string; outputs: { url: { ciphertext: string } } }[];
        }
      ).resources.map((r) => [r.name, r.outputs.url.ciphertext]),
    );
  const first = ciphertexts();
  // Two places holding one value are sealed apart: the file does not show that they are equal.
  expect(first.get("twin")).not.toBe(first.get("kept"));

  const again = open();
  again.apply({ kind: "put", resource: link("rotated", "new-key") });
  again.commit();
  const second = ciphertexts();
  expect(second.get("kept")).toBe(first.get("kept"));
  expect(second.get("twin")).toBe(first.get("twin"));
  expect(second.get("rotated")).not.toBe(first.get("rotated"));
  expect(open().snapshot.get(link("rotated", "").urn)?.outputs.url).toBe(
    "https://docs.example/?share=new-key",
  );
});

test("without a passphrase a secret is never written, and a state without secrets needs none", () => {
  const store = open(null);
  expect(store.canWriteSecrets).toBe(false);
  store.apply({ kind: "put", resource: space("plain") });
  expect(() =>
    store.apply({ kind: "put", resource: space("link", { secretInputs: ["title"] }) }),
  ).toThrow(/a secret cannot be written to the state without a passphrase/);
  store.commit();
  const file = JSON.parse(fs.readFileSync(stateFile, "utf8")) as { encryption?: unknown };
  expect(file.encryption).toBeUndefined();
  expect(
    open(null)
      .snapshot.resources()
      .map((r) => r.name),
  ).toEqual(["plain"]);
});

test("a state belongs to one stack of one project", () => {
  const store = open();
  store.apply({ kind: "put", resource: space("a") });
  store.commit();
  expect(() =>
    StateStore.open(stateFile, {
      project: "other",
      stack: STACK,
      passphrase: PASSPHRASE,
      readOnly: true,
    }),
  ).toThrow(
    /holds stack "dev" of project "docs-workspace-handbook", not stack "dev" of project "other"/,
  );
});

describe("the state release 0.1.0 wrote with no passphrase", () => {
  beforeEach(() => fs.copyFileSync(fixture, stateFile));
  const shareLink = `urn:pulumi:dev::${PROJECT}::pulumi-nodejs:dynamic/docs-workspace:ShareLink::reviewers`;

  test("is read with its legacy key, and re-encrypted under the passphrase as soon as a run holds it", () => {
    const legacy = JSON.parse(fs.readFileSync(fixture, "utf8")) as { encryption: { salt: string } };
    const store = open();
    expect(store.readWithLegacyKey).toBe(true);
    const url = store.snapshot.get(shareLink)?.outputs.url;
    expect(url).toMatch(/^https:\/\/.*share/);

    const rewritten = JSON.parse(fs.readFileSync(stateFile, "utf8")) as {
      encryption: { salt: string };
      resources: unknown[];
    };
    expect(rewritten.encryption.salt).not.toBe(legacy.encryption.salt);
    expect(rewritten.resources).toHaveLength(20);
    expect(fs.readFileSync(stateFile, "utf8")).not.toContain(String(url));
    // The derived key no longer opens it; the passphrase does.
    const reopened = open();
    expect(reopened.readWithLegacyKey).toBe(false);
    expect(reopened.snapshot.get(shareLink)?.outputs.url).toBe(url);
    expect(() => open(null, true)).toThrow(/holds secrets: set PULUMI_CONFIG_PASSPHRASE/);
  });

  test("without a passphrase it can be read, but no run writes it", () => {
    expect(open(null, true).snapshot.get(shareLink)?.outputs.url).toMatch(/share/);
    expect(() => open(null)).toThrow(
      /holds secrets under the key release 0\.1\.0 derived from the project and stack names, which anyone can derive\. Set PULUMI_CONFIG_PASSPHRASE/,
    );
    expect(fs.readFileSync(stateFile, "utf8")).toBe(fs.readFileSync(fixture, "utf8"));
  });
});

test("the passphrase comes from PULUMI_CONFIG_PASSPHRASE, else from the file PULUMI_CONFIG_PASSPHRASE_FILE names", () => {
  const file = path.join(dir, "passphrase.txt");
  fs.writeFileSync(file, "from a file\n");
  expect(
    passphraseFrom({ PULUMI_CONFIG_PASSPHRASE: "direct", PULUMI_CONFIG_PASSPHRASE_FILE: file }),
  ).toBe("direct");
  expect(passphraseFrom({ PULUMI_CONFIG_PASSPHRASE_FILE: file })).toBe("from a file");
  expect(passphraseFrom({})).toBeUndefined();
  expect(() => passphraseFrom({ PULUMI_CONFIG_PASSPHRASE_FILE: path.join(dir, "absent") })).toThrow(
    /cannot read PULUMI_CONFIG_PASSPHRASE_FILE/,
  );
});
