// @slow: whole harness runs of Pulumi programs (`npm run test:fast` leaves it out; `npm test` runs it).
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { HarnessRunError, destroy, preview, refresh, up } from "../../cli/harness";
import { NOTES_TOKEN, NOTE_PASSWORD, PASSPHRASE, notesWorkspace, ops } from "../support/notes";

const programDir = path.join(__dirname, "..", "fixtures", "notes-program");
const notes = notesWorkspace(programDir);
const { options, db, calls, stateText, stateNames } = notes;
const PASSWORD = NOTE_PASSWORD;
const TOKEN = NOTES_TOKEN;

test("up creates in dependency order after Configure, and a second up is all same with no writes", async () => {
  const first = await up(options());
  expect(ops(first)).toEqual({
    "harness-fixture-dev": "create",
    library: "create",
    handbook: "create",
    welcome: "create",
  });
  expect(calls()).toEqual(["create folder", "create note"]);
  expect(db().configuredToken).toBe(TOKEN);
  expect(db().checksBeforeConfigure).toBeUndefined();
  expect(first.outputs).toMatchObject({ folderPath: "/handbook", folderId: "folder-1" });
  // The note's state entry records its dependency on the folder.
  const state = JSON.parse(stateText()) as {
    resources: { name: string; dependencies: string[] }[];
  };
  expect(state.resources.find((r) => r.name === "welcome")?.dependencies).toEqual([
    expect.stringMatching(/::handbook$/),
  ]);

  const second = await up(options());
  expect(new Set(second.steps.map((s) => s.op))).toEqual(new Set(["same"]));
  expect(second.summary).toEqual({ same: 4 });
  expect(calls()).toHaveLength(2);
});

test("an up whose preview finds nothing to change runs no update and leaves the state file as it was", async () => {
  await up(options());
  const before = fs.statSync(notes.stateFile()).mtimeMs;
  const again = await up({ ...options(), skipPreview: false });
  expect(again.summary).toEqual({ same: 4 });
  expect(again.operation).toBe("up");
  expect(fs.statSync(notes.stateFile()).mtimeMs).toBe(before);
  expect(fs.existsSync(`${notes.stateFile()}.journal`)).toBe(false);
});

test("an input change updates in place; a replace creates the new folder before deleting the old", async () => {
  await up(options());
  const updated = await up(options({ "fixture:folderTitle": "Guide" }));
  expect(updated.steps.find((s) => s.name === "handbook")).toMatchObject({
    op: "update",
    diffs: ["title"],
    detailedDiff: { title: "update" },
  });
  expect(calls(2)).toEqual(["update folder"]);

  const replaced = await up(
    options({ "fixture:folderTitle": "Guide", "fixture:folderSlug": "guide" }),
  );
  expect(replaced.steps.find((s) => s.name === "handbook")).toMatchObject({
    op: "replace",
    deleteBeforeReplace: false,
    detailedDiff: { slug: "update-replace" },
  });
  // The note follows the new folder id (an update), and the old folder goes last.
  expect(ops(replaced).welcome).toBe("update");
  expect(calls(3)).toEqual(["create folder", "update note", "delete folder"]);
  expect(Object.keys(db().objects).sort()).toEqual(["folder-3", "note-2"]);
  expect(replaced.outputs.folderId).toBe("folder-3");
});

test("a replace deletes first when Diff asks for it, or when the resource option says so", async () => {
  await up(options());
  const byDiff = await up(options({ "fixture:noteKey": "hello" }));
  expect(byDiff.steps.find((s) => s.name === "welcome")).toMatchObject({
    op: "replace",
    deleteBeforeReplace: true,
  });
  expect(calls(2)).toEqual(["delete note", "create note"]);

  const byOption = await up(
    options({
      "fixture:noteKey": "hello",
      "fixture:folderSlug": "guide",
      "fixture:folderDeleteBeforeReplace": "true",
    }),
  );
  expect(byOption.steps.find((s) => s.name === "handbook")).toMatchObject({
    op: "replace",
    deleteBeforeReplace: true,
  });
  expect(calls(4)).toEqual(["delete folder", "create folder", "update note"]);
});

test("removing a resource from the program deletes it, children before their parent", async () => {
  await up(options());
  const result = await up(options({ "fixture:withNote": "false" }));
  const deletes = result.steps.filter((s) => s.op === "delete").map((s) => s.name);
  expect(deletes).toEqual(["welcome", "library"]);
  expect(calls(2)).toEqual(["delete note"]);
  expect(stateNames()).toEqual(["harness-fixture-dev", "handbook"]);
  expect(result.outputs.noteUrl).toBeUndefined();
});

test("refresh drops a note deleted out of band and reports the folder's drift", async () => {
  await up(options());
  const changed = db();
  changed.objects["folder-1"] = { ...changed.objects["folder-1"], title: "Renamed by hand" };
  delete changed.objects["note-2"];
  fs.writeFileSync(notes.dbFile(), JSON.stringify(changed));

  const refreshed = await refresh(options());
  expect(refreshed.steps.find((s) => s.name === "welcome")?.op).toBe("refresh-delete");
  expect(refreshed.steps.find((s) => s.name === "handbook")).toMatchObject({
    op: "refresh-update",
    diffs: ["title"],
  });
  expect(stateNames()).not.toContain("welcome");

  // The next up puts the declared title back and recreates the note.
  const healed = await up(options());
  expect(ops(healed)).toMatchObject({ handbook: "update", welcome: "create" });
  expect(db().objects["folder-1"]?.title).toBe("Handbook");
});

test("preview runs Check and Diff only: no provider writes, no state written", async () => {
  const fresh = await preview(options());
  expect(fresh.summary).toEqual({ create: 4 });
  expect(fs.existsSync(notes.stateFile())).toBe(false);
  expect(calls()).toEqual([]);

  await up(options());
  const before = stateText();
  const planned = await preview(
    options({ "fixture:folderTitle": "Guide", "fixture:withNote": "false" }),
  );
  expect(ops(planned)).toMatchObject({ handbook: "update", welcome: "delete", library: "delete" });
  expect(calls()).toHaveLength(2);
  expect(stateText()).toBe(before);
});

test("destroy deletes dependents first and leaves an empty state", async () => {
  await up(options());
  const result = await destroy(options());
  // Independent deletes run at once; each waits only for what depends on it.
  const order = result.steps.map((s) => s.name);
  expect(order.sort()).toEqual(["handbook", "harness-fixture-dev", "library", "welcome"].sort());
  const at = (name: string) => result.steps.findIndex((s) => s.name === name);
  expect(at("welcome")).toBeLessThan(at("handbook"));
  expect(at("welcome")).toBeLessThan(at("library"));
  expect(at("harness-fixture-dev")).toBe(3);
  expect(calls(2)).toEqual(["delete note", "delete folder"]);
  expect(db().objects).toEqual({});
  expect(stateNames()).toEqual([]);
});

test("a Check failure names the resource, property and reason, and touches nothing", async () => {
  const tooLong = "A title far longer than twenty characters";
  // The default up runs a preview first, as `pulumi up` does.
  const attempt = up({ ...options({ "fixture:folderTitle": tooLong }), skipPreview: false });
  await expect(attempt).rejects.toThrow(
    /fixture:Folder "handbook": invalid inputs: \[title\] must be at most 20 characters/,
  );
  const error = await attempt.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(HarnessRunError);
  expect((error as HarnessRunError).result.failures?.[0]?.checkFailures).toEqual([
    { property: "title", reason: "must be at most 20 characters" },
  ]);
  expect(calls()).toEqual([]);
  expect(fs.existsSync(notes.stateFile())).toBe(false);
});

test("a failure midway keeps what succeeded in state and names the resource", async () => {
  await expect(up(options({ "fixture:noteBody": "fail" }))).rejects.toThrow(
    /"welcome": create failed: simulated outage/,
  );
  expect(stateNames()).toEqual(expect.arrayContaining(["handbook"]));
  expect(stateNames()).not.toContain("welcome");

  // The next up keeps the folder and creates only the note.
  const retried = await up(options());
  expect(ops(retried)).toMatchObject({ handbook: "same", welcome: "create" });
});

test("secret inputs, outputs and config never appear in clear in the state file", async () => {
  const first = await up(options());
  const noteUrl = first.outputs.noteUrl;
  expect(noteUrl).toMatch(/sharekey-note-2/);
  expect(first.secretOutputs).toEqual(["noteUrl"]);

  const text = stateText();
  expect(text).not.toContain(PASSWORD);
  expect(text).not.toContain(TOKEN);
  expect(text).not.toContain(String(noteUrl));
  const state = JSON.parse(text) as {
    resources: { name: string; secretInputs: string[]; secretOutputs: string[] }[];
  };
  expect(state.resources.find((r) => r.name === "welcome")).toMatchObject({
    secretInputs: ["password"],
    secretOutputs: ["password", "shareUrl"],
  });

  // Decrypted on the next run: the provider compares the clear password and sees no change.
  const second = await up(options());
  expect(ops(second).welcome).toBe("same");
  expect(second.outputs.noteUrl).toBe(noteUrl);

  await expect(up({ ...options(), passphrase: "wrong" })).rejects.toThrow(/incorrect passphrase/);
});

test("the command prints one line per step, shows a failure once and exits non-zero", async () => {
  const run = promisify(execFile);
  const cli = path.join(__dirname, "..", "..", "cli", "harness", "cli.ts");
  const tsx = require.resolve("tsx/cjs");
  const args = [
    "--require",
    tsx,
    cli,
    "up",
    programDir,
    "--state",
    notes.stateFile(),
    "--secret-env",
    "fixture:notePassword=NOTE_PASSWORD",
    "--skip-preview",
  ];
  const env = {
    ...process.env,
    NOTES_DB: notes.dbFile(),
    NOTE_PASSWORD: PASSWORD,
    PULUMI_CONFIG_PASSPHRASE: PASSPHRASE,
  };
  const ok = await run(process.execPath, args, { env });
  expect(ok.stdout).toMatch(/^\+\s+create\s+fixture:Folder {2}handbook$/m);
  expect(ok.stdout).toMatch(/Resources: 4 create/);
  expect(ok.stdout).toMatch(/noteUrl: \[secret\]/);
  expect(ok.stdout + ok.stderr).not.toContain(PASSWORD);

  const tooLong = "A title far longer than twenty characters";
  const failing = await run(
    process.execPath,
    [...args.filter((a) => a !== "--skip-preview"), "--config", `fixture:folderTitle=${tooLong}`],
    { env },
  ).catch((e: { code: number; stdout: string; stderr: string }) => e);
  expect(failing).toMatchObject({ code: 1 });
  const output = `${failing.stdout}${failing.stderr}`;
  const message =
    'fixture:Folder "handbook": invalid inputs: [title] must be at most 20 characters';
  expect(output.split(message)).toHaveLength(2);
  expect(failing.stdout).toContain(`error: ${message}`);
  expect(output).not.toMatch(/promises? w(as|ere) still active/);
  // The update never started: no step is reported as done.
  expect(failing.stdout).not.toMatch(/^\+\s+create/m);

  // A create that fails, on a fresh stack.
  const fresh = args.map((a) =>
    a.endsWith("state.json") ? path.join(notes.dir, "fresh.json") : a,
  );
  const broken = await run(process.execPath, [...fresh, "--config", "fixture:noteBody=fail"], {
    env,
  }).catch((e: { code: number; stdout: string; stderr: string }) => e);
  expect(broken).toMatchObject({ code: 1 });
  const brokenOutput = `${broken.stdout}${broken.stderr}`;
  expect(brokenOutput.split("simulated outage")).toHaveLength(2);
  expect(brokenOutput).not.toMatch(/promises? w(as|ere) still active/);
});

test("--help prints the usage and exits 0; a bad argument prints it and exits 2", async () => {
  const run = promisify(execFile);
  const cli = [
    require.resolve("tsx/cjs"),
    path.join(__dirname, "..", "..", "cli", "harness", "cli.ts"),
  ];
  const help = await run(process.execPath, ["--require", ...cli, "--help"]);
  expect(help.stdout).toMatch(/^Usage: docs-workspace-harness <command> <programDir>/);
  expect(help.stdout).toContain("--secret-env key=VARIABLE");
  const bad = await run(process.execPath, [
    "--require",
    ...cli,
    "up",
    programDir,
    "--frobnicate",
  ]).catch((e: { code: number; stderr: string }) => e);
  expect(bad).toMatchObject({
    code: 2,
    stderr: expect.stringMatching(/unknown option --frobnicate[\s\S]*Usage:/),
  });
});
