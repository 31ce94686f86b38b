// @slow: whole harness runs of Pulumi programs (`npm run test:fast` leaves it out; `npm test` runs it).
// The resource options and engine features users rely on, through the harness as a user runs it.
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { HarnessRunError, destroy, preview, refresh, up } from "../../cli/harness";
import { until } from "../support/harness-cli";
import { NOTE_PASSWORD, PASSPHRASE, notesWorkspace, ops } from "../support/notes";

// Each case runs the harness two to four times; alone a case takes up to 25 s, but with the
// machine's cores shared by other suites (load near 8) two of them passed 60 s.
jest.setTimeout(180_000);

const programDir = path.join(__dirname, "..", "fixtures", "options-program");
const notes = notesWorkspace(programDir);
const { options, calls, db, state } = notes;

const STACK = "urn:pulumi:dev::harness-options";
const folderUrn = (name: string) => `${STACK}::pulumi-nodejs:dynamic/fixture:Folder::${name}`;
const noteUrn = (shelf: string) =>
  `${STACK}::fixture:index:Shelf$pulumi-nodejs:dynamic:Resource::${shelf}-note`;

const json = (value: unknown) => JSON.stringify(value);

const noteCreated = () =>
  until("the note's create", () => db().calls.some((c) => c.op === "create" && c.kind === "note"));

/** Removes an object from the provider's store, as someone deleting it by hand would. */
function deleteOutOfBand(id: string): void {
  const changed = db();
  delete changed.objects[id];
  fs.writeFileSync(notes.dbFile(), JSON.stringify(changed));
}

describe("aliases", () => {
  test("a resource renamed with an alias to its old name is the same resource: no create, no delete", async () => {
    await up(options());
    const before = calls().length;
    // Without an alias, the rename would delete the folder and make another.
    const unaliased = await preview(options({ "fixture:folderName": "guide" }));
    expect(unaliased.summary).toMatchObject({ create: 1, delete: 1 });

    const renamed = { "fixture:folderName": "guide", "fixture:folderAliases": json(["handbook"]) };
    const planned = await preview(options(renamed));
    expect(planned.steps.find((s) => s.name === "guide")).toMatchObject({
      op: "same",
      aliasOf: folderUrn("handbook"),
    });
    expect(planned.summary).not.toHaveProperty("create");
    expect(planned.summary).not.toHaveProperty("delete");

    const result = await up(options(renamed));
    expect(ops(result)).toMatchObject({ guide: "same", "shelf-note": "same" });
    expect(calls().length).toBe(before);
    // The state knows it by its new URN, and so do the resources that referenced the old one.
    const s = state();
    expect(s.resources.map((r) => r.urn)).toContain(folderUrn("guide"));
    expect(s.resources.map((r) => r.urn)).not.toContain(folderUrn("handbook"));
    expect(s.resources.find((r) => r.name === "shelf-note")?.dependencies).toContain(
      folderUrn("guide"),
    );
  });

  test("the children of a component renamed with an alias keep their state, renamed with it", async () => {
    await up(options());
    const before = calls().length;
    const result = await up(
      options({ "fixture:shelfName": "cabinet", "fixture:shelfAliases": json(["shelf"]) }),
    );
    expect(result.steps.find((s) => s.name === "cabinet")?.op).toBe("same");
    expect(result.steps.find((s) => s.name === "cabinet-note")).toMatchObject({
      op: "same",
      aliasOf: noteUrn("shelf"),
    });
    expect(calls().length).toBe(before);
    expect(state().resources.map((r) => r.urn)).toContain(noteUrn("cabinet"));
  });
});

describe("components as parents", () => {
  test("a child's URN carries its component's type, and the component goes after its children", async () => {
    await up(options());
    const s = state();
    const note = s.resources.find((r) => r.name === "shelf-note")!;
    expect(note.urn).toBe(noteUrn("shelf"));
    expect(note.parent).toBe(`${STACK}::fixture:index:Shelf::shelf`);

    const result = await up(options({ "fixture:withShelf": "false" }));
    const deleted = result.steps.filter((s) => s.op === "delete").map((s) => s.name);
    expect(deleted.indexOf("shelf-note")).toBeLessThan(deleted.indexOf("shelf"));
  });
});

describe("protect", () => {
  test("a protected resource is neither replaced nor destroyed, and nothing else is deleted either", async () => {
    await up(options({ "fixture:protect": "true" }));
    expect(state().resources.find((r) => r.name === "handbook")?.protect).toBe(true);

    await expect(
      up(options({ "fixture:protect": "true", "fixture:folderSlug": "guide" })),
    ).rejects.toThrow(
      /fixture:Folder "handbook": replace failed: the resource is protected and slug cannot change without replacing it/,
    );
    const before = calls().length;
    const attempt = await destroy(options()).catch((e: unknown) => e);
    expect(attempt).toBeInstanceOf(HarnessRunError);
    expect((attempt as HarnessRunError).message).toMatch(
      /fixture:Folder "handbook": delete failed: the resource is protected/,
    );
    expect(calls().length).toBe(before);

    // Unprotecting is an update of the state alone; then destroy goes through.
    const unprotected = await up(options());
    expect(unprotected.summary).toEqual({ same: 5 });
    expect(state().resources.find((r) => r.name === "handbook")?.protect).toBeUndefined();
    await destroy(options());
    expect(db().objects).toEqual({});
  });
});

describe("retainOnDelete", () => {
  test("destroy shows the retained resource as retain and leaves its object", async () => {
    await up(options({ "fixture:retain": "true" }));
    const result = await destroy(options());
    expect(result.steps.find((s) => s.name === "handbook")).toMatchObject({
      op: "delete",
      retain: true,
    });
    expect(Object.values(db().objects).map((o) => o.title)).toEqual(["Handbook"]);
    expect(state().resources).toEqual([]);
  });

  test("the command prints it as delete[retain]", async () => {
    await up(options({ "fixture:retain": "true" }));
    const run = promisify(execFile);
    const cli = path.join(__dirname, "..", "..", "cli", "harness", "cli.ts");
    const { stdout } = await run(
      process.execPath,
      [
        "--require",
        require.resolve("tsx/cjs"),
        cli,
        "destroy",
        programDir,
        "--state",
        notes.stateFile(),
      ],
      { env: { ...process.env, NOTES_DB: notes.dbFile(), PULUMI_CONFIG_PASSPHRASE: PASSPHRASE } },
    );
    expect(stdout).toMatch(/^-\s+delete\[retain\]\s+fixture:Folder {2}handbook$/m);
    expect(stdout).toMatch(/^-\s+delete\s+fixture:Folder {2}archive$/m);
  });
});

describe("ignoreChanges and replaceOnChanges", () => {
  test("an ignored property's change is no change", async () => {
    await up(options());
    const before = calls().length;
    const result = await up(
      options({ "fixture:folderTitle": "Renamed", "fixture:ignoreChanges": json(["title"]) }),
    );
    expect(ops(result).handbook).toBe("same");
    expect(calls().length).toBe(before);
  });

  test("replaceOnChanges has no effect on a dynamic resource: the change is made in place, as under the engine", async () => {
    // The engine applies the option only to the changed keys a provider reports; the
    // dynamic-provider host reports none (test/cli/differential.test.ts shows the CLI doing so).
    await up(options());
    const before = calls().length;
    const result = await up(
      options({ "fixture:folderTitle": "Renamed", "fixture:replaceOnChanges": json(["title"]) }),
    );
    expect(result.steps.find((s) => s.name === "handbook")).toMatchObject({
      op: "update",
      detailedDiff: { title: "update" },
    });
    expect(calls(before)).toEqual(["update folder"]);
  });
});

describe("dependsOn", () => {
  test("is recorded as a dependency and orders deletes: the dependent goes first", async () => {
    await up(options());
    const archive = state().resources.find((r) => r.name === "archive")!;
    expect(archive.dependencies).toEqual(expect.arrayContaining([noteUrn("shelf")]));
    const result = await destroy(options());
    const order = result.steps.map((s) => s.name);
    expect(order.indexOf("archive")).toBeLessThan(order.indexOf("shelf-note"));
    expect(order.indexOf("shelf-note")).toBeLessThan(order.indexOf("handbook"));
  });
});

describe("--refresh", () => {
  test("a plain up does not see an object deleted out of band; up --refresh recreates it", async () => {
    const first = await up(options());
    const noteId = first.steps.find((s) => s.name === "shelf-note")!.id!;
    deleteOutOfBand(noteId);

    const plain = await up(options());
    expect(ops(plain)["shelf-note"]).toBe("same");

    const planned = await preview({ ...options(), refresh: true });
    expect(ops(planned)["shelf-note"]).toBe("create");
    expect(planned.steps.filter((s) => s.op === "refresh-delete").map((s) => s.name)).toEqual([
      "shelf-note",
    ]);
    // A preview writes nothing, not even what it refreshed.
    expect(state().resources.find((r) => r.name === "shelf-note")?.id).toBe(noteId);

    const refreshed = await up({ ...options(), refresh: true });
    expect(refreshed.steps.find((s) => s.op === "refresh-delete")?.name).toBe("shelf-note");
    expect(refreshed.steps.find((s) => s.name === "shelf-note" && s.op === "create")).toBeDefined();
    expect(Object.values(db().objects).filter((o) => o.kind === "note")).toHaveLength(1);
  });
});

describe("--target", () => {
  test("only the targeted resource changes; the others keep their state for a later run", async () => {
    await up(options());
    const before = calls().length;
    const changed = options({ "fixture:folderTitle": "Renamed", "fixture:noteBody": "Changed" });
    const result = await up({ ...changed, targets: [folderUrn("handbook")] });
    expect(ops(result)).toMatchObject({ handbook: "update", "shelf-note": "same" });
    expect(calls(before)).toEqual(["update folder"]);
    expect(ops(await preview(changed))).toMatchObject({ handbook: "same", "shelf-note": "update" });
  });

  test("destroy --target refuses to strand a dependent, and takes it along with --target-dependents", async () => {
    await up(options());
    await expect(destroy({ ...options(), targets: [folderUrn("handbook")] })).rejects.toThrow(
      /fixture:Folder "handbook": delete failed: pulumi-nodejs:dynamic:Resource "shelf-note" depends on it and is not targeted/,
    );
    const result = await destroy({
      ...options(),
      targets: [folderUrn("handbook")],
      targetDependents: true,
    });
    expect(result.steps.map((s) => s.name).sort()).toEqual(["archive", "handbook", "shelf-note"]);
    expect(
      state()
        .resources.map((r) => r.name)
        .sort(),
    ).toEqual(["harness-options-dev", "shelf"]);
  });
});

describe("previews", () => {
  test("show each changed property's old and new value, secrets masked", async () => {
    await up(options());
    const planned = await preview({
      ...options({ "fixture:folderTitle": "Guide" }),
      secrets: { "fixture:notePassword": "a-brand-new-password" },
    });
    expect(planned.steps.find((s) => s.name === "handbook")?.changes).toEqual({
      title: { old: "Handbook", new: "Guide" },
    });
    expect(planned.steps.find((s) => s.name === "shelf-note")?.changes).toEqual({
      password: { old: "[secret]", new: "[secret]" },
    });
    expect(JSON.stringify(planned)).not.toContain(NOTE_PASSWORD);
    expect(JSON.stringify(planned)).not.toContain("a-brand-new-password");
  });
});

describe("a create an interrupted run left pending", () => {
  /**
   * An up stopped at once (a first and a second Ctrl-C) while the note's create has made the note
   * and its answer is held: the state records the create as pending. Answers how the run ended.
   */
  async function interruptNoteCreate(): Promise<unknown> {
    const gate = path.join(notes.dir, "release");
    const cancel = new AbortController();
    const kill = new AbortController();
    const run = up({
      ...options(),
      env: { ...options().env, NOTES_GATE: gate },
      signal: cancel.signal,
      killSignal: kill.signal,
    }).catch((e: unknown) => e);
    await noteCreated();
    cancel.abort();
    kill.abort();
    const interrupted = await run;
    // The provider host is gone with the worker; the gate is for no one now.
    fs.writeFileSync(gate, "");
    return interrupted;
  }

  const noteIds = () =>
    Object.entries(db().objects)
      .filter(([, o]) => o.kind === "note")
      .map(([id]) => id);

  test("--adopt-pending-creates lets the provider find the object it made, and takes it; a second run makes none", async () => {
    const interrupted = await interruptNoteCreate();
    expect(interrupted).toBeInstanceOf(HarnessRunError);
    expect((interrupted as HarnessRunError).result.interrupted).toMatchObject({
      by: "terminate",
      pending: [expect.objectContaining({ name: "shelf-note", operation: "creating" })],
    });

    await expect(up(options())).rejects.toThrow(/settle it first/);
    const adopted = await refresh({ ...options(), pendingCreates: { adopt: true } });
    const [noteId] = noteIds();
    expect(adopted.steps.find((s) => s.name === "shelf-note")).toMatchObject({
      op: "import",
      id: noteId,
    });
    expect(state().pendingOperations).toBeUndefined();
    expect(adopted.warnings).toBeUndefined();

    const next = await up(options());
    expect(ops(next)["shelf-note"]).toBe("same");
    expect(noteIds()).toHaveLength(1);
  });

  test("up --adopt-pending-creates re-runs it in recovery mode: the object is taken and updated to the program, never made twice", async () => {
    await interruptNoteCreate();
    expect(state().pendingOperations).toHaveLength(1);

    // The program changed meanwhile; the up runs its preview pass first, as `pulumi up` does.
    const revised = { ...options({ "fixture:noteBody": "Revised" }), skipPreview: false };
    const result = await up({ ...revised, pendingCreates: { adopt: true } });
    const [noteId] = noteIds();
    expect(result.steps.filter((s) => s.name === "shelf-note")).toEqual([
      expect.objectContaining({ op: "import", id: noteId }),
      expect.objectContaining({ op: "update", id: noteId, diffs: ["body"] }),
    ]);
    expect(result.warnings).toBeUndefined();
    expect(state().pendingOperations).toBeUndefined();
    expect(noteIds()).toHaveLength(1);
    expect(db().objects[noteId!]).toMatchObject({ body: "Revised" });
    expect(calls().filter((c) => c === "create note")).toHaveLength(1);
  });

  test("up --adopt-pending-creates creates what the interrupted create never made", async () => {
    await interruptNoteCreate();
    // Someone deleted it by hand meanwhile.
    deleteOutOfBand(noteIds()[0]!);

    const result = await up({ ...options(), pendingCreates: { adopt: true } });
    expect(result.steps.filter((s) => s.name === "shelf-note").map((s) => s.op)).toEqual([
      "discard",
      "create",
    ]);
    expect(state().pendingOperations).toBeUndefined();
    expect(noteIds()).toHaveLength(1);
  });

  test("destroy --adopt-pending-creates deletes the object the interrupted create made too", async () => {
    await interruptNoteCreate();
    await expect(destroy(options())).rejects.toThrow(/settle it first/);
    expect(noteIds()).toHaveLength(1);

    const result = await destroy({ ...options(), pendingCreates: { adopt: true } });
    expect(result.steps.filter((s) => s.name === "shelf-note").map((s) => s.op)).toEqual([
      "import",
      "delete",
    ]);
    expect(noteIds()).toEqual([]);
    expect(state().resources).toEqual([]);
    expect(state().pendingOperations).toBeUndefined();
  });

  test("where the provider finds nothing it made, the pending create is dropped", async () => {
    await interruptNoteCreate();
    // Someone deleted it by hand meanwhile.
    deleteOutOfBand(noteIds()[0]!);

    const settled = await refresh({ ...options(), pendingCreates: { adopt: true } });
    expect(settled.steps.find((s) => s.name === "shelf-note")?.op).toBe("discard");
    const next = await up(options());
    expect(ops(next)["shelf-note"]).toBe("create");
  });
});
