import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { Snapshot, type Mutation } from "./journal";
import { SECRET_SIG, SIG_KEY } from "./properties";
import type { Json, PendingOperation, PropertyMap, ResourceState } from "./types";
import { errorText } from "../common/error-text";

interface Encryption {
  kdf: "scrypt";
  salt: string;
  /** A known text encrypted under the key: a wrong passphrase fails at once, before any step. */
  check: string;
}

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

// As Pulumi's passphrase provider does with its `encryptedkey`.
const CHECK_TEXT = "docs-workspace-harness";

/**
 * The passphrase release 0.1.0 fell back to when none was set. Anyone holding the state file
 * can derive it, so it is only ever used to read such a file, never to write one.
 */
function legacyPassphrase(project: string, stack: string): string {
  return `docs-workspace-harness:${project}:${stack}`;
}

export const PASSPHRASE_HELP =
  "set PULUMI_CONFIG_PASSPHRASE to a passphrase, or PULUMI_CONFIG_PASSPHRASE_FILE to a file that holds one";

/** The passphrase where Pulumi's passphrase secrets provider looks for it (pkg/secrets/passphrase). */
export function passphraseFrom(env: NodeJS.ProcessEnv): string | undefined {
  if (env.PULUMI_CONFIG_PASSPHRASE !== undefined) return env.PULUMI_CONFIG_PASSPHRASE;
  const file = env.PULUMI_CONFIG_PASSPHRASE_FILE;
  if (!file) return undefined;
  try {
    return fs.readFileSync(path.resolve(file), "utf8").trim();
  } catch (e) {
    const reason = errorText(e);
    throw new Error(`cannot read PULUMI_CONFIG_PASSPHRASE_FILE: ${reason}`);
  }
}

/** AES-256-GCM with a key derived by scrypt from the passphrase and the state's salt. */
export class SecretsCrypter {
  private readonly key: Buffer;

  constructor(passphrase: string, salt: Buffer) {
    this.key = scryptSync(passphrase, salt, 32);
  }

  encrypt(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    const tag = cipher.getAuthTag();
    return `v1:${iv.toString("base64")}:${Buffer.concat([body, tag]).toString("base64")}`;
  }

  decrypt(ciphertext: string): string {
    const [version, ivText, bodyText] = ciphertext.split(":");
    if (version !== "v1" || ivText === undefined || bodyText === undefined) {
      throw new Error("unreadable secret in the state file");
    }
    const body = Buffer.from(bodyText, "base64");
    const decipher = createDecipheriv("aes-256-gcm", this.key, Buffer.from(ivText, "base64"));
    decipher.setAuthTag(body.subarray(body.length - 16));
    return Buffer.concat([
      decipher.update(body.subarray(0, body.length - 16)),
      decipher.final(),
    ]).toString("utf8");
  }

  /** Whether this key opens the state's check text. */
  opens(encryption: Encryption): boolean {
    try {
      return this.decrypt(encryption.check) === CHECK_TEXT;
    } catch {
      return false;
    }
  }

  static create(passphrase: string): { crypter: SecretsCrypter; encryption: Encryption } {
    const salt = randomBytes(16);
    const crypter = new SecretsCrypter(passphrase, salt);
    const encryption: Encryption = {
      kdf: "scrypt",
      salt: salt.toString("base64"),
      check: crypter.encrypt(CHECK_TEXT),
    };
    return { crypter, encryption };
  }
}

function hasSecrets(r: ResourceState): boolean {
  return r.secretInputs.length > 0 || r.secretOutputs.length > 0;
}

function isCiphertext(v: Json | undefined): v is { ciphertext: string } {
  return (
    typeof v === "object" && v !== null && !Array.isArray(v) && typeof v.ciphertext === "string"
  );
}

/** Secret values in the shape of a Pulumi checkpoint: the secret signature and the ciphertext. */
function sealProps(props: PropertyMap, keys: string[], crypter: SecretsCrypter | undefined) {
  if (!keys.some((k) => k in props)) return props;
  if (!crypter)
    throw new Error(
      `a secret cannot be written to the state without a passphrase: ${PASSPHRASE_HELP}`,
    );
  const out: PropertyMap = { ...props };
  for (const k of keys) {
    if (k in out) {
      out[k] = { [SIG_KEY]: SECRET_SIG, ciphertext: crypter.encrypt(JSON.stringify(out[k])) };
    }
  }
  return out;
}

function openProps(props: PropertyMap, keys: string[], crypter: SecretsCrypter | undefined) {
  if (!keys.some((k) => isCiphertext(props[k]))) return props;
  if (!crypter) throw new Error(`the state holds secrets: ${PASSPHRASE_HELP}`);
  const out: PropertyMap = { ...props };
  for (const k of keys) {
    const v = out[k];
    if (isCiphertext(v)) out[k] = JSON.parse(crypter.decrypt(v.ciphertext)) as Json;
  }
  return out;
}

function sealResource(r: ResourceState, crypter: SecretsCrypter | undefined): ResourceState {
  if (!hasSecrets(r)) return r;
  return {
    ...r,
    inputs: sealProps(r.inputs, r.secretInputs, crypter),
    outputs: sealProps(r.outputs, r.secretOutputs, crypter),
  };
}

function openResource(r: ResourceState, crypter: SecretsCrypter | undefined): ResourceState {
  if (!hasSecrets(r)) return r;
  return {
    ...r,
    inputs: openProps(r.inputs, r.secretInputs, crypter),
    outputs: openProps(r.outputs, r.secretOutputs, crypter),
  };
}

function sealMutation(m: Mutation, crypter: SecretsCrypter | undefined): Mutation {
  switch (m.kind) {
    case "put":
      return { ...m, resource: sealResource(m.resource, crypter) };
    case "begin":
      return {
        ...m,
        operation: { ...m.operation, resource: sealResource(m.operation.resource, crypter) },
      };
    case "outputs":
      return { ...m, outputs: sealProps(m.outputs, m.secretOutputs, crypter) };
    default:
      return m;
  }
}

function openMutation(m: Mutation, crypter: SecretsCrypter | undefined): Mutation {
  switch (m.kind) {
    case "put":
      return { ...m, resource: openResource(m.resource, crypter) };
    case "begin":
      return {
        ...m,
        operation: { ...m.operation, resource: openResource(m.operation.resource, crypter) },
      };
    case "outputs":
      return { ...m, outputs: openProps(m.outputs, m.secretOutputs, crypter) };
    default:
      return m;
  }
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

  private constructor(
    private readonly stateFile: string,
    private readonly options: OpenStateOptions,
    file: StateFile,
    private encryption: Encryption | undefined,
    private readonly writer: SecretsCrypter | undefined,
    reader: SecretsCrypter | undefined,
    private readonly legacyKey: boolean,
  ) {
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
    this.rewriteDue = journal.length > 0 || (legacyKey && writer !== undefined);
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
    const { project, stack, passphrase } = options;
    if (!fs.existsSync(stateFile)) {
      const created = passphrase === undefined ? undefined : SecretsCrypter.create(passphrase);
      const file: StateFile = { version: 1, project, stack, resources: [] };
      const { encryption, crypter } = created ?? {};
      return new StateStore(stateFile, options, file, encryption, crypter, undefined, false);
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
    let reader: SecretsCrypter | undefined;
    let legacy = false;
    const enc = file.encryption;
    if (enc) {
      const salt = Buffer.from(enc.salt, "base64");
      const given = passphrase === undefined ? undefined : new SecretsCrypter(passphrase, salt);
      if (given?.opens(enc)) {
        reader = given;
      } else {
        const old = new SecretsCrypter(legacyPassphrase(project, stack), salt);
        if (old.opens(enc)) {
          reader = old;
          legacy = true;
        } else if (given) {
          throw new Error(
            `${stateFile}: incorrect passphrase; set PULUMI_CONFIG_PASSPHRASE (or PULUMI_CONFIG_PASSPHRASE_FILE) to the one this state was written with`,
          );
        }
      }
    }
    let writer: SecretsCrypter | undefined;
    let encryption = enc;
    if (reader && !legacy) writer = reader;
    else if (passphrase !== undefined) {
      const created = SecretsCrypter.create(passphrase);
      writer = created.crypter;
      encryption = created.encryption;
    }
    return new StateStore(stateFile, options, file, encryption, writer, reader, legacy);
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
