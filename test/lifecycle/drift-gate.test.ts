// @slow: whole lifecycles against an emulator over HTTP (`npm run test:fast` leaves it out; `npm test` runs it).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import {
  HarnessRunError,
  preview,
  refresh,
  up,
  type HarnessOptions,
  type RunResult,
} from "../../cli/harness";
import { EXIT_CHANGES_NOT_EXPECTED } from "../../cli/harness/cli";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { startCliOn } from "../support/harness-cli";
import { callApi } from "../support/provider";

/**
 * The drift gate, as a scheduled CI job meets it: `refresh --preview-only --expect-no-changes`
 * and `preview --refresh --expect-no-changes` pass straight after `up`, fail naming the resource
 * once an object is changed through the API, and pass again after `up --refresh`.
 */
// Several whole runs of a program through the harness: the limit bounds a hang only.
jest.setTimeout(240_000);

const program = path.resolve(__dirname, "../fixtures/spaces");

let emu: TestEmulator;
let dir: string;
let opts: HarnessOptions;

beforeAll(async () => {
  emu = await startTestEmulator();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-drift-gate-"));
  opts = {
    programDir: program,
    stateFile: path.join(dir, "spaces.json"),
    config: {
      "docs-workspace:apiUrl": emu.url,
      "docs-workspace:organizationId": emu.organizationId,
      "spaces:count": "3",
      "spaces:collections": "1",
    },
    secrets: { "docs-workspace:apiToken": emu.token },
    passphrase: "drift-gate-test-passphrase",
  };
});
afterAll(async () => {
  await emu.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The run's rejection, which the gate must give. */
async function refused(run: Promise<RunResult>): Promise<HarnessRunError> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof HarnessRunError)) {
    throw new Error(`expected the gate to refuse the run, got ${String(error)}`);
  }
  return error;
}

const stateText = () => fs.readFileSync(opts.stateFile, "utf8");

function spaceId(name: string): string {
  const resources = JSON.parse(stateText()).resources as { name: string; id: string }[];
  return resources.find((r) => r.name === name)!.id;
}

describe("the drift gate", () => {
  test("passes straight after up: preview, refresh --preview-only and preview --refresh", async () => {
    await up(opts);
    const gated = { ...opts, expectNoChanges: true };
    const previewed = await preview(gated);
    expect(previewed.failures).toBeUndefined();
    expect(previewed.steps.every((s) => s.op === "same")).toBe(true);
    const before = stateText();
    const checked = await refresh({ ...gated, previewOnly: true });
    expect(checked.steps.map((s) => s.op)).toEqual(["same", "same", "same", "same"]);
    expect((await preview({ ...gated, refresh: true })).failures).toBeUndefined();
    expect(stateText()).toBe(before);
  });

  test("fails after an out-of-band change, naming the resource, and writes nothing", async () => {
    const edited = await callApi(emu, "PATCH", `/v1/spaces/${spaceId("space-1")}`, {
      title: "Edited by hand",
    });
    expect(edited.status).toBe(200);
    const before = stateText();

    const drift = await refused(refresh({ ...opts, previewOnly: true, expectNoChanges: true }));
    expect(drift.message).toMatch(/^no changes were expected but changes were proposed:\n/);
    expect(drift.result.failures).toEqual([
      expect.objectContaining({
        name: "space-1",
        op: "expect-no-changes",
        message: expect.stringMatching(
          /docs-workspace:Space "space-1": no changes were expected, but this refresh would record refresh-update \[title\]/,
        ),
      }),
    ]);
    // The steps are there for the report, as without the gate.
    expect(drift.result.steps.filter((s) => s.op !== "same").map((s) => s.name)).toEqual([
      "space-1",
    ]);

    // A preview that refreshes first proposes the update that puts the title back.
    const remedy = await refused(preview({ ...opts, refresh: true, expectNoChanges: true }));
    expect(remedy.result.failures?.map((f) => [f.name, f.message.replace(/^.*but /, "")])).toEqual(
      expect.arrayContaining([["space-1", "this preview proposes update [title]"]]),
    );
    // A plain preview compares the program with the state, which knows nothing of the edit.
    expect((await preview({ ...opts, expectNoChanges: true })).failures).toBeUndefined();
    expect(stateText()).toBe(before);
  });

  test("the command exits 7 and names the resource; refresh without --preview-only records the drift", async () => {
    const run = startCliOn(
      emu,
      "refresh",
      {
        program,
        stateFile: opts.stateFile,
        passphrase: opts.passphrase!,
        config: { "spaces:count": "3", "spaces:collections": "1" },
      },
      "--expect-no-changes",
    );
    const { code } = await run.exited;
    expect(code).toBe(EXIT_CHANGES_NOT_EXPECTED);
    expect(run.output()).toContain("no changes were expected but changes occurred");
    expect(run.output()).toContain(
      'error: docs-workspace:Space "space-1": no changes were expected, but this refresh recorded refresh-update [title]',
    );
    // As `pulumi refresh --expect-no-changes` does, the refresh was applied before it failed:
    // the state now holds the edit, and the preview proposes to undo it.
    expect(stateText()).toContain("Edited by hand");
    const undo = await refused(preview({ ...opts, expectNoChanges: true }));
    expect(undo.result.failures?.map((f) => f.name)).toEqual(["space-1"]);
  });

  test("passes again once up has put the object back", async () => {
    const fixed = await up(opts);
    expect(fixed.steps.filter((s) => s.op !== "same").map((s) => [s.op, s.name])).toEqual([
      ["update", "space-1"],
    ]);
    const space = await callApi(emu, "GET", `/v1/spaces/${spaceId("space-1")}`);
    expect(space.body.title).toBe("Space 1");
    const gated = { ...opts, expectNoChanges: true };
    expect((await refresh({ ...gated, previewOnly: true })).failures).toBeUndefined();
    expect((await preview({ ...gated, refresh: true })).failures).toBeUndefined();
  });

  test("up --expect-no-changes applies what it finds, then fails naming it", async () => {
    const edited = await refused(
      up({ ...opts, config: { ...opts.config, "spaces:count": "4" }, expectNoChanges: true }),
    );
    expect(edited.message).toMatch(/^no changes were expected but changes occurred:\n/);
    expect(edited.result.failures?.map((f) => [f.name, f.message.replace(/^.*but /, "")])).toEqual([
      ["space-3", "this update made create"],
    ]);
    expect(spaceId("space-3")).toEqual(expect.any(String));
  });
});
