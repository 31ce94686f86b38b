import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import {
  formatSettlements,
  readPending,
  settledState,
  type Settlement,
} from "../../cli/exporter/pending";
import { docsWorkspace } from "../support/cli-recovery";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { callApi } from "../support/provider";

const SIG = "4dabf18193072939515e22adb298388d";
const urn = (type: string, name: string) =>
  `urn:pulumi:dev::p::pulumi-nodejs:dynamic/docs-workspace:${type}::${name}`;

/** A `pulumi stack export` with a managed collection and three pending operations. */
const exported = {
  version: 3,
  deployment: {
    manifest: { time: "2026-11-25T07:08:37Z" },
    resources: [
      {
        urn: urn("Collection", "handbook"),
        type: "pulumi-nodejs:dynamic/docs-workspace:Collection",
        custom: true,
        id: "col1",
        inputs: { title: "Handbook" },
        outputs: { title: "Handbook" },
      },
    ],
    pending_operations: [
      {
        type: "creating",
        resource: {
          urn: urn("Space", "a"),
          type: "pulumi-nodejs:dynamic/docs-workspace:Space",
          custom: true,
          inputs: { __provider: "shim", title: "A", parent: "col1" },
        },
      },
      {
        type: "creating",
        resource: {
          urn: urn("ShareLink", "b"),
          type: "pulumi-nodejs:dynamic/docs-workspace:ShareLink",
          custom: true,
          inputs: {
            name: "B",
            note: { [SIG]: "1b47061264138c4ac30d75fd1eb44270", plaintext: '"shown"' },
            hidden: { [SIG]: "1b47061264138c4ac30d75fd1eb44270", ciphertext: "v1:abc" },
          },
        },
      },
      {
        type: "updating",
        resource: {
          urn: urn("Space", "c"),
          type: "pulumi-nodejs:dynamic/docs-workspace:Space",
          custom: true,
          id: "spc3",
          inputs: { title: "C" },
        },
      },
    ],
  },
};

/** A `pulumi stack export` whose one pending operation is the create of `resource`. */
const onePendingCreate = (resource: Record<string, unknown>) => ({
  version: 3,
  deployment: { resources: [], pending_operations: [{ type: "creating", resource }] },
});

let dir: string;
beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-pending-"))));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(name: string, content: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
}

describe("docs-workspace pending", () => {
  test("reads the pending creates of this package's resources, their inputs as the program sent them", () => {
    const { pending, others, managed } = readPending(write("state.json", JSON.stringify(exported)));
    expect(pending).toEqual([
      { urn: urn("Space", "a"), type: "Space", name: "a", inputs: { title: "A", parent: "col1" } },
      // A secret exported with --show-secrets is unwrapped; one still encrypted is left out.
      {
        urn: urn("ShareLink", "b"),
        type: "ShareLink",
        name: "b",
        inputs: { name: "B", note: "shown" },
      },
    ]);
    expect([...managed]).toEqual(["Collection col1"]);
    // A pending update: the resource is in the state as it was, and the next up does it again.
    expect(others).toEqual([
      {
        create: { urn: urn("Space", "c"), type: "Space", name: "c", inputs: { title: "C" } },
        again: "an interrupted update",
      },
    ]);
  });

  test("the native plugin's resources are read too", () => {
    const native = onePendingCreate({
      urn: "urn:pulumi:dev::p::docs-workspace:index:Collection::c",
      type: "docs-workspace:index:Collection",
      inputs: { title: "C", __listedBefore: ["col0"] },
    });
    const { pending } = readPending(write("native.json", JSON.stringify(native)));
    expect(pending).toEqual([
      {
        urn: "urn:pulumi:dev::p::docs-workspace:index:Collection::c",
        type: "Collection",
        name: "c",
        inputs: { title: "C", __listedBefore: ["col0"] },
      },
    ]);
  });

  test("a file that is not JSON is refused without quoting it", () => {
    const file = write("bad.json", "token=gb_api_secret");
    expect(() => readPending(file)).toThrow(
      `${file}: not the output of \`pulumi stack export\` (not JSON)`,
    );
    expect(() => readPending(file)).not.toThrow(/gb_api_secret/);
  });

  test("the settled state takes in what was found and drops every other pending operation; with one undecided, nothing is written", () => {
    const { pending, others } = readPending(write("state2.json", JSON.stringify(exported)));
    const settled: Settlement[] = [
      { create: pending[0]!, found: "spc1" },
      { create: pending[1]!, absent: true },
      ...others,
    ];
    const result = settledState(exported as never, settled);
    const resources = result.deployment.resources!;
    expect(resources.map((r) => [r.urn, r.id])).toEqual([
      [urn("Collection", "handbook"), "col1"],
      [urn("Space", "a"), "spc1"],
    ]);
    // As the engine recorded it, with its provider's shim: a refresh can load it and read.
    expect(resources[1]!.inputs).toEqual({ __provider: "shim", title: "A", parent: "col1" });
    // Its outputs are its inputs, marked so that the refresh after the import reads them all.
    expect(resources[1]!.outputs).toEqual({ ...resources[1]!.inputs, __pendingCreate: "found" });
    // `pulumi stack import` would drop what stays pending: nothing does.
    expect(result.deployment.pending_operations).toEqual([]);

    expect(() =>
      settledState(exported as never, [
        { create: pending[0]!, error: "two spaces carry its title" },
        { create: pending[1]!, absent: true },
      ]),
    ).toThrow("1 pending create(s) are undecided: nothing is written");
  });

  test("the report names each pending operation and the commands that settle them", () => {
    const { pending, others } = readPending(write("state3.json", JSON.stringify(exported)));
    const report = formatSettlements(
      [{ create: pending[0]!, found: "spc1" }, { create: pending[1]!, absent: true }, ...others],
      "settled.json",
    );
    expect(report).toBe(
      [
        "found   Space a: spc1",
        "absent  ShareLink b: its create made nothing",
        "again   Space c: an interrupted update: the next up does it again",
        "",
        "Wrote settled.json. With no other pulumi command running on the stack:",
        "  pulumi stack import --file settled.json",
        "  pulumi refresh --yes   # reads the objects taken in",
        "  pulumi up --yes        # makes what is still missing",
        "",
      ].join("\n"),
    );
    expect(formatSettlements([])).toBe(
      "No pending operations of docs-workspace resources in this state.\n",
    );
  });

  test("a create recovery could not settle: no state is written, no import is advised, and the report says how to decide it", () => {
    const { pending } = readPending(write("state4.json", JSON.stringify(exported)));
    const report = formatSettlements([
      { create: pending[0]!, error: "spc7, spc8 made since it was sent carry its title" },
      { create: pending[1]!, absent: true },
    ]);
    expect(report).not.toContain("pulumi stack import");
    expect(report).toContain("unknown Space a: spc7, spc8 made since it was sent carry its title");
    expect(report).toContain("1 pending create(s) could not be settled, so no state was written.");
    expect(report).toContain(
      `  --take ${urn("Space", "a")}=<id>   if <id> is the object its create made`,
    );
    expect(report).toContain(`  --drop ${urn("Space", "a")}        if its create made nothing`);
  });

  test("arguments, as the command answers them: one state file, --since an ISO time and only with pending", () => {
    const cli = path.resolve(__dirname, "../../cli/dist/cli/exporter/cli.js");
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [cli, ...args], { encoding: "utf8" });
    expect(run("pending")).toMatchObject({
      status: 2,
      stderr: expect.stringContaining("pending takes one STATE file"),
    });
    expect(run("pending", "s.json", "--since", "yesterday")).toMatchObject({
      status: 2,
      stderr: expect.stringContaining('--since must be an ISO 8601 time, got "yesterday"'),
    });
    expect(run("export", "--out", "d", "--since", "2026-01-01")).toMatchObject({
      status: 2,
      stderr: expect.stringContaining("--since goes with pending"),
    });
    expect(run("pending", "s.json", "--take", "urn:x")).toMatchObject({
      status: 2,
      stderr: expect.stringContaining('--take wants URN=ID, got "urn:x"'),
    });
    expect(run("pending", "s.json", "--take", "urn:x=a", "--drop", "urn:x")).toMatchObject({
      status: 2,
      stderr: expect.stringContaining("urn:x is both taken and dropped"),
    });
  });
});

describe("docs-workspace pending against the service", () => {
  let emu: TestEmulator;
  beforeAll(async () => (emu = await startTestEmulator()));
  afterAll(() => emu.close());

  test("an undecided create exits 1 and writes nothing; --take and --drop decide it, the object taken read first", async () => {
    const path_ = `/v1/orgs/${emu.organizationId}/collections`;
    const there = (await callApi(emu, "POST", path_, { title: "Old handbook" })).body.id as string;
    // A create written by release 0.2.0: no list of what carried its title before it.
    const state = onePendingCreate({
      urn: urn("Collection", "handbook"),
      type: "pulumi-nodejs:dynamic/docs-workspace:Collection",
      custom: true,
      inputs: { organizationId: emu.organizationId, title: "Old handbook" },
    });
    const file = write("undecided.json", JSON.stringify(state));
    const out = path.join(dir, "settled-undecided.json");
    const undecided = await docsWorkspace(["pending", file, "--out", out], emu);
    expect(undecided.code).toBe(1);
    expect(undecided.out).toContain(
      `unknown Collection handbook: a collection carries no creation time`,
    );
    expect(undecided.out).toContain(there);
    expect(undecided.out).not.toContain("pulumi stack import");
    expect(fs.existsSync(out)).toBe(false);

    const wrong = await docsWorkspace(
      ["pending", file, "--out", out, "--take", `${urn("Collection", "handbook")}=nope`],
      emu,
    );
    expect(wrong.code).toBe(1);
    expect(wrong.out).toContain("--take: no Collection nope is visible to this token");
    expect(fs.existsSync(out)).toBe(false);

    const taken = await docsWorkspace(
      ["pending", file, "--out", out, "--take", `${urn("Collection", "handbook")}=${there}`],
      emu,
    );
    expect(taken.code).toBe(0);
    expect(taken.out).toContain(`found   Collection handbook: ${there}`);
    const written = JSON.parse(fs.readFileSync(out, "utf8"));
    expect(written.deployment.resources.map((r: { id: string }) => r.id)).toEqual([there]);
    expect(written.deployment.pending_operations).toEqual([]);

    const dropped = await docsWorkspace(
      ["pending", file, "--out", out, "--drop", urn("Collection", "handbook")],
      emu,
    );
    expect(dropped.code).toBe(0);
    expect(dropped.out).toContain("absent  Collection handbook: its create made nothing");
    const none = JSON.parse(fs.readFileSync(out, "utf8"));
    expect(none.deployment.resources).toEqual([]);
    expect(none.deployment.pending_operations).toEqual([]);
  });
});
