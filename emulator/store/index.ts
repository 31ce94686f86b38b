import { randomBytes } from "node:crypto";
import { chmodSync, closeSync, existsSync, openSync } from "node:fs";
import { DatabaseSync, type StatementSync } from "node:sqlite";

export type Clock = () => Date;

export interface StoreOptions {
  /** A file keeps the workspace across restarts; absent means in memory. */
  path?: string;
  /** Injected by tests that need time to pass (the 7-day restore window). */
  clock?: Clock;
  /** DDL of every table, run once at open (`CREATE TABLE IF NOT EXISTS ...`). */
  schema: readonly string[];
  /** Columns added since a release shipped, added at open to a file that lacks them. */
  addedColumns?: readonly AddedColumn[];
}

/**
 * A column a table gained after a release wrote files with that table. The table's DDL names it
 * too (a new file has it from the start); a file written before it gains it when it opens, by
 * `ALTER TABLE ... ADD COLUMN`, so `definition` needs a constant default if it is `NOT NULL`.
 */
export interface AddedColumn {
  table: string;
  column: string;
  /** The column's type and constraints, as in its table's DDL: `INTEGER NOT NULL DEFAULT 0`. */
  definition: string;
}

/**
 * Creates the data file, and the -wal and -shm SQLite makes beside it, readable by the owner
 * alone (0600): it holds the workspace and its users' token hashes. A file made by an earlier
 * release, wider open, is narrowed. SQLite gives the -wal and -shm the main file's mode.
 */
function ownerOnly(path: string): void {
  if (path === ":memory:" || path.startsWith("file:")) return;
  closeSync(openSync(path, "a", 0o600));
  for (const file of [path, `${path}-wal`, `${path}-shm`])
    if (existsSync(file)) chmodSync(file, 0o600);
}

const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const ID_LENGTH = 20;

/**
 * The emulator's embedded database. Every family keeps its rows in real tables here; a write is
 * acknowledged only after its transaction commits, and with a file in WAL mode and
 * `synchronous=FULL` a committed write survives a killed process.
 */
export class Store {
  readonly db: DatabaseSync;
  clock: Clock;
  private depth = 0;
  private readonly statements = new Map<string, StatementSync>();
  private entropy = Buffer.alloc(0);
  private entropyAt = 0;
  private readonly closing = new AbortController();

  constructor(options: StoreOptions) {
    if (options.path) ownerOnly(options.path);
    this.db = new DatabaseSync(options.path ?? ":memory:");
    this.clock = options.clock ?? (() => new Date());
    this.db.exec("PRAGMA foreign_keys = ON");
    // What is deleted or overwritten is zeroed, not left in free pages: a masked secret's clear
    // form does not stay in the file.
    this.db.exec("PRAGMA secure_delete = ON");
    if (options.path) {
      this.db.exec("PRAGMA journal_mode = WAL");
      this.db.exec("PRAGMA synchronous = FULL");
    }
    for (const ddl of options.schema) this.db.exec(ddl);
    this.addMissingColumns(options.addedColumns ?? []);
  }

  /** Brings a file written by an earlier release up to today's tables, in one transaction. */
  private addMissingColumns(added: readonly AddedColumn[]): void {
    const missing = added.filter(
      ({ table, column }) =>
        !(this.db.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[]).some(
          (c) => c.name === column,
        ),
    );
    if (missing.length === 0) return;
    this.transaction(() => {
      for (const { table, column, definition } of missing)
        this.db.exec(`ALTER TABLE "${table}" ADD COLUMN "${column}" ${definition}`);
    });
  }

  /**
   * A prepared statement for `sql`, compiled once per store: node:sqlite's `prepare` costs tens
   * of microseconds, more than running a simple query, and every request runs several.
   */
  statement(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (statement === undefined) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /** The current time as the API writes it. */
  now(): string {
    return this.clock().toISOString();
  }

  /** A new 20-character identifier, the shape the hosted service uses. */
  newId(): string {
    // One draw from the system's random source serves 200 ids: a draw costs as much as the
    // INSERT it names, and a create names two (the object and its revision). Each byte is
    // used once.
    if (this.entropyAt + ID_LENGTH > this.entropy.length) {
      this.entropy = randomBytes(ID_LENGTH * 200);
      this.entropyAt = 0;
    }
    let id = "";
    for (let i = this.entropyAt; i < this.entropyAt + ID_LENGTH; i++)
      id += ID_ALPHABET[this.entropy[i]! % ID_ALPHABET.length];
    this.entropyAt += ID_LENGTH;
    return id;
  }

  /** Runs `fn` atomically; nested calls join the outer transaction through a savepoint. */
  transaction<T>(fn: () => T): T {
    const savepoint = `sp${this.depth}`;
    // The outermost BEGIN, COMMIT and ROLLBACK run on every write: cached, not re-parsed.
    if (this.depth === 0) this.statement("BEGIN IMMEDIATE").run();
    else this.db.exec(`SAVEPOINT ${savepoint}`);
    this.depth++;
    try {
      const result = fn();
      this.depth--;
      if (this.depth === 0) this.statement("COMMIT").run();
      else this.db.exec(`RELEASE ${savepoint}`);
      return result;
    } catch (error) {
      this.depth--;
      if (this.depth === 0) this.statement("ROLLBACK").run();
      else this.db.exec(`ROLLBACK TO ${savepoint}; RELEASE ${savepoint}`);
      throw error;
    }
  }

  /**
   * Copies the write-ahead log into the file and empties it (TRUNCATE): after a write that masks
   * a secret, its clear form is left in neither. A no-op in memory.
   */
  checkpoint(): void {
    if (this.depth === 0) this.statement("PRAGMA wal_checkpoint(TRUNCATE)").get();
  }

  /** Empties every table, keeping the schema. */
  reset(): void {
    // Plain tables only: a full-text index's shadow tables are its own, and it follows the
    // table it indexes through triggers.
    const tables = this.db
      .prepare(
        "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%'",
      )
      .all() as { name: string }[];
    this.transaction(() => {
      this.db.exec("PRAGMA defer_foreign_keys = ON");
      for (const { name } of tables) this.db.exec(`DELETE FROM "${name}"`);
    });
  }

  /**
   * Aborted when the store closes: work that outlives a request (a spec's processing, a
   * translation's run) listens to it and stops before it would write to a closed database.
   */
  get closed(): AbortSignal {
    return this.closing.signal;
  }

  close(): void {
    this.closing.abort();
    if (this.db.isOpen) this.db.close();
  }
}
