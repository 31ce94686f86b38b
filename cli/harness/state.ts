import * as fs from "node:fs";
import * as path from "node:path";
import { Snapshot, type Mutation } from "./journal";
import {
  PASSPHRASE_HELP,
  hasSecrets,
  openMutation,
  openResource,
  sealMutation,
  sealResource,
  stateKeys,
  type Encryption,
  type SecretsCrypter,
  type StateKeys,
} from "./secrets";
import type { PendingOperation, ResourceState } from "./types";

export interface StateFile {
  version: 1;
  project: string;
  stack: string;
  /** Counts full writes; the journal names the one it continues. Absent before release 0.2. */
  serial?: number;
  /** Absent while the state holds no secret and no passphrase was ever given. */
  encryption?: Encryption;
  resources: ResourceState[];
  /** Operations a run began and never saw end (pulumi's `pending_operations`). */
  pendingOperations?: PendingOperation[];
}

interface JournalHeader {
  journal: 1;
  /** The serial of the state file this journal continues. */
  base: number;
}

/** The journal's mutations, if it continues this state file. A torn last line is dropped. */
function readJournal(file: string, serial: number): Mutation[] {
  if (!fs.existsSync(file)) return [];
  const lines = fs.readFileSync(file, "utf8").split("\n");
  const header = JSON.parse(lines[0] ?? "{}") as Partial<JournalHeader>;
  if (header.journal !== 1 || header.base !== serial) return [];
  const mutations: Mutation[] = [];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === "") continue;
    try {
      mutations.push(JSON.parse(line) as Mutation);
    } catch (e) {
      // A process killed in the middle of a write leaves at most its last line torn.
      if (i >= lines.length - 2) break;
      throw e;
    }
  }
  return mutations;
}

export interface OpenStateOptions {
  project: string;
  stack: string;
  passphrase: string | undefined;
  /** preview: nothing is written, not even the journal. */
  readOnly: boolean;
}

/**
 * A stack's state: the file, plus the journal of the run that is changing it. Every change is
 * appended to the journal as it happens (a few hundred bytes to a few KB, never the whole
 * state); the whole file is written once, at the end of a run or when it is interrupted.
 */
export class StateStore {
  readonly snapshot: Snapshot;
  /** Pending operations earlier runs left, as this run found them. */
  readonly inherited: PendingOperation[];
  /** The file on disk is due a rewrite even if the run changes nothing (journal, old key). */
  readonly rewriteDue: boolean;
  private readonly journalFile: string;
  private fd: number | undefined;
  private serial: number;
  private changed: boolean;
  private closed = false;
  private readonly encryption: Encryption | undefined;
  private readonly writer: SecretsCrypter | undefined;
  private readonly legacyKey: boolean;

  private constructor(
    private readonly stateFile: string,
    private readonly options: OpenStateOptions,
    file: StateFile,
    keys: StateKeys,
  ) {
    const { reader } = keys;
    this.encryption = keys.encryption;
    this.writer = keys.writer;
    this.legacyKey = keys.legacy;
    this.journalFile = `${stateFile}.journal`;
    this.serial = file.serial ?? 0;
    this.snapshot = new Snapshot(
      file.resources.map((r) => openResource(r, reader)),
      (file.pendingOperations ?? []).map((p) => ({
        ...p,
        resource: openResource(p.resource, reader),
      })),
    );
    const journal = readJournal(this.journalFile, this.serial);
    for (const m of journal) this.snapshot.apply(openMutation(m, reader));
    this.inherited = this.snapshot.pending();
    // A journal left by a run that died, or secrets under release 0.1.0's derivable key, are
    // folded into a fresh file as soon as a run holds the state.
    this.rewriteDue = journal.length > 0 || (this.legacyKey && this.writer !== undefined);
    this.changed = this.rewriteDue;
  }

  static open(stateFile: string, options: OpenStateOptions): StateStore {
    const store = StateStore.read(stateFile, options);
    if (options.readOnly) return store;
    if (!store.writer && store.holdsSecrets()) {
      throw new Error(
        store.legacyKey
          ? `${stateFile} holds secrets under the key release 0.1.0 derived from the project and stack names, which anyone can derive. ${capitalize(PASSPHRASE_HELP)}, and they are encrypted under it on this run.`
          : `${stateFile} holds secrets: ${PASSPHRASE_HELP}`,
      );
    }
    // The journal of this run continues a file written under the key it writes with.
    store.commit();
    return store;
  }

  private static read(stateFile: string, options: OpenStateOptions): StateStore {
    const { project, stack } = options;
    if (!fs.existsSync(stateFile)) {
      const file: StateFile = { version: 1, project, stack, resources: [] };
      return new StateStore(stateFile, options, file, stateKeys(stateFile, undefined, options));
    }
    const file = JSON.parse(fs.readFileSync(stateFile, "utf8")) as StateFile;
    if (file.version !== 1) {
      throw new Error(`${stateFile}: unsupported state version ${String(file.version)}`);
    }
    if (file.project !== project || file.stack !== stack) {
      throw new Error(
        `${stateFile} holds stack "${file.stack}" of project "${file.project}", not stack "${stack}" of project "${project}": give each stack its own --state file`,
      );
    }
    return new StateStore(stateFile, options, file, stateKeys(stateFile, file.encryption, options));
  }

  /** Whether secrets can be written: a passphrase was given. */
  get canWriteSecrets(): boolean {
    return this.writer !== undefined;
  }

  /** Whether the state was read with release 0.1.0's derivable key. */
  get readWithLegacyKey(): boolean {
    return this.legacyKey;
  }

  private holdsSecrets(): boolean {
    return (
      this.snapshot.resources().some(hasSecrets) ||
      this.snapshot.pending().some((p) => hasSecrets(p.resource))
    );
  }

  /**
   * Applies changes and, unless read-only, appends them to the journal before returning, in one
   * write: a process killed at any moment leaves all of them or none.
   */
  apply(...mutations: Mutation[]): void {
    if (this.closed) return;
    // Sealed first: a secret that cannot be encrypted changes nothing, in memory or on disk.
    const lines = this.options.readOnly
      ? []
      : mutations.map((m) => `${JSON.stringify(sealMutation(m, this.writer))}\n`);
    for (const m of mutations) this.snapshot.apply(m);
    if (this.options.readOnly) return;
    this.changed = true;
    if (this.fd === undefined) {
      this.fd = fs.openSync(this.journalFile, "w");
      const header: JournalHeader = { journal: 1, base: this.serial };
      fs.writeSync(this.fd, `${JSON.stringify(header)}\n`);
    }
    fs.writeSync(this.fd, lines.join(""));
  }

  /**
   * Writes the whole state (write, flush, rename: a crash never leaves half a file) and drops
   * the journal. Nothing is written when nothing changed.
   */
  commit(): void {
    if (this.options.readOnly || this.closed || !this.changed) return;
    const pending = this.snapshot.pending();
    const file: StateFile = {
      version: 1,
      project: this.options.project,
      stack: this.options.stack,
      serial: this.serial + 1,
      ...(this.encryption ? { encryption: this.encryption } : {}),
      resources: this.snapshot.resources().map((r) => sealResource(r, this.writer)),
      ...(pending.length > 0
        ? {
            pendingOperations: pending.map((p) => ({
              ...p,
              resource: sealResource(p.resource, this.writer),
            })),
          }
        : {}),
    };
    fs.mkdirSync(path.dirname(path.resolve(this.stateFile)), { recursive: true });
    const tmp = `${this.stateFile}.${process.pid}.tmp`;
    const fd = fs.openSync(tmp, "w");
    try {
      fs.writeSync(fd, JSON.stringify(file, null, 2) + "\n");
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, this.stateFile);
    this.serial++;
    this.changed = false;
    this.closeJournal();
    fs.rmSync(this.journalFile, { force: true });
  }

  /** After an interruption's last write: whatever the operations still running do is not recorded. */
  close(): void {
    this.closed = true;
    this.closeJournal();
  }

  private closeJournal(): void {
    if (this.fd === undefined) return;
    fs.closeSync(this.fd);
    this.fd = undefined;
  }
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
