import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { HarnessOptions, RunResult } from "../../cli/harness";
import type { NotesDb } from "../fixtures/notes-program/provider";

export const NOTE_PASSWORD = "hunter2-note-password";
export const NOTES_TOKEN = "tok-fixture-0123456789";
export const PASSPHRASE = "correct horse battery staple";

/**
 * A temporary folder per test for a program on the notes fixture's provider: its state file and
 * the JSON file the provider keeps its objects and its call log in.
 */
export function notesWorkspace(programDir: string) {
  let dir = "";
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "harness-"));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const workspace = {
    get dir() {
      return dir;
    },
    stateFile: () => path.join(dir, "state.json"),
    dbFile: () => path.join(dir, "db.json"),
    options(config: Record<string, string> = {}): HarnessOptions {
      return {
        programDir,
        stateFile: workspace.stateFile(),
        config,
        secrets: { "fixture:notePassword": NOTE_PASSWORD, "fixture:apiToken": NOTES_TOKEN },
        env: { NOTES_DB: workspace.dbFile() },
        passphrase: PASSPHRASE,
        // The preview pass has its own tests; skipping it halves the time of the others.
        skipPreview: true,
      };
    },
    db(): NotesDb {
      const file = workspace.dbFile();
      return fs.existsSync(file)
        ? (JSON.parse(fs.readFileSync(file, "utf8")) as NotesDb)
        : { next: 1, objects: {}, calls: [] };
    },
    /** Provider calls that changed something, as `op kind`, from the `since`th on. */
    calls(since = 0): string[] {
      return workspace
        .db()
        .calls.slice(since)
        .map((c) => `${c.op} ${c.kind}`);
    },
    stateText: () => fs.readFileSync(workspace.stateFile(), "utf8"),
    state() {
      return JSON.parse(workspace.stateText()) as {
        resources: {
          urn: string;
          name: string;
          id?: string;
          parent?: string;
          dependencies: string[];
          protect?: boolean;
          secretInputs: string[];
          secretOutputs: string[];
        }[];
        pendingOperations?: { type: string; resource: { urn: string; name: string } }[];
      };
    },
    stateNames: () => workspace.state().resources.map((r) => r.name),
  };
  return workspace;
}

/** Step op by resource name. */
export function ops(result: RunResult): Record<string, string> {
  return Object.fromEntries(result.steps.map((s) => [s.name, s.op]));
}
