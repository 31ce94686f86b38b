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
    const { pending, managed } = readPending(write("state.json", JSON.stringify(exported)));
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
  });

  test("a file that is not JSON is refused without quoting it", () => {
    const file = write("bad.json", "token=gb_api_secret");
    expect(() => readPending(file)).toThrow(
      `${file}: not the output of \`pulumi stack export\` (not JSON)`,
    );
    expect(() => readPending(file)).not.toThrow(/gb_api_secret/);
  });

  test("the settled state takes in what was found, drops what was absent, keeps what could not be told and every other operation", () => {
    const { pending } = readPending(write("state2.json", JSON.stringify(exported)));
    const settled: Settlement[] = [
      { create: pending[0]!, found: "spc1" },
      { create: pending[1]!, absent: true },
    ];
    const result = settledState(exported as never, settled);
    const resources = result.deployment.resources!;
    expect(resources.map((r) => [r.urn, r.id])).toEqual([
      [urn("Collection", "handbook"), "col1"],
      [urn("Space", "a"), "spc1"],
    ]);
    // As the engine recorded it, with its provider's shim: a refresh can load it and read.
    expect(resources[1]!.inputs).toEqual({ __provider: "shim", title: "A", parent: "col1" });
    expect(resources[1]!.outputs).toEqual(resources[1]!.inputs);
    expect(result.deployment.pending_operations!.map((op) => [op.type, op.resource.urn])).toEqual([
      ["updating", urn("Space", "c")],
    ]);

    const unknown = settledState(exported as never, [
      { create: pending[0]!, error: "two spaces carry its title" },
    ]);
    expect(unknown.deployment.pending_operations!.map((op) => op.resource.urn)).toEqual([
      urn("Space", "a"),
      urn("ShareLink", "b"),
      urn("Space", "c"),
    ]);
  });

  test("the report names each pending create and the commands that settle them", () => {
    const { pending } = readPending(write("state3.json", JSON.stringify(exported)));
    const report = formatSettlements(
      [
        { create: pending[0]!, found: "spc1" },
        { create: pending[1]!, absent: true },
      ],
      "settled.json",
    );
    expect(report).toBe(
      [
        "found   Space a: spc1",
        "absent  ShareLink b: its create made nothing",
        "",
        "Wrote settled.json. With no other pulumi command running on the stack:",
        "  pulumi stack import --file settled.json",
        "  pulumi refresh --yes   # reads the objects taken in",
        "  pulumi up              # makes what is still missing",
        "",
      ].join("\n"),
    );
    expect(formatSettlements([])).toBe(
      "No pending creates of docs-workspace resources in this state.\n",
    );
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
  });
});
