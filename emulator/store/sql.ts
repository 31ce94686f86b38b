import type { AddedColumn, Store } from "./index";

/**
 * What the store modules share for reading rows and writing them: typed query helpers, and the
 * column map of a table, from which its SELECT, INSERT, UPDATE and WHERE are generated.
 */

export type SqlValue = string | number | null;

/** A row as node:sqlite returns it, before it is typed. */
export type Raw = Record<string, unknown>;

/** `?, ?, ?`: one placeholder per value, for `IN (...)`. */
export const placeholders = (values: readonly unknown[]) => values.map(() => "?").join(", ");

/** The first row `sql` returns, typed as the caller's row (its columns named as the row's keys). */
export function one<Row>(store: Store, sql: string, ...params: SqlValue[]): Row | undefined {
  return store.statement(sql).get(...params) as Row | undefined;
}

/** Every row `sql` returns, typed as the caller's row. */
export function all<Row>(store: Store, sql: string, ...params: SqlValue[]): Row[] {
  return store.statement(sql).all(...params) as unknown as Row[];
}

/**
 * A PATCH body laid onto a row: each key the body sends (`null` included) replaces the row's,
 * an absent one keeps it. Only the row's own keys are taken.
 */
export function patched<Row extends object>(row: Row, body: { [K in keyof Row]?: Row[K] }): Row {
  const next = { ...row };
  for (const key of Object.keys(body) as (keyof Row)[])
    if (key in row && body[key] !== undefined) next[key] = body[key] as Row[typeof key];
  return next;
}

/**
 * How a row's field is kept: `text`, `real` and `blob` as they are, `integer` as a number,
 * `boolean` as 0 or 1, `json` as its JSON text. A nullable field keeps `null` as SQL NULL,
 * whatever its type.
 */
export type ColumnType = "text" | "integer" | "real" | "boolean" | "json" | "blob";

/** A column that can hold NULL unless its constraints say `NOT NULL` or `PRIMARY KEY`. */
type Nullable<C extends string, T> = C extends
  `${string}NOT NULL${string}` | `${string}PRIMARY KEY${string}`
  ? T
  : T | null;

/**
 * One column of a table's map, the one statement of it: its SQL type and constraints (the
 * table's DDL is written from them), how its value is kept, and the type of its row's field
 * (`T`, read by {@link RowOf}: `null` is in it unless the constraints exclude it).
 */
export class Column<T> {
  /** The row field's type; a type only, never a value. */
  declare readonly value: T;

  constructor(
    readonly type: ColumnType,
    /** `TEXT NOT NULL DEFAULT ''`: the column's definition in its table's DDL. */
    readonly definition: string,
    /** The SQL column: the field's name in snake case unless given. */
    readonly column?: string,
    /**
     * Added after a release shipped: a file written before gains it when it opens (`ALTER TABLE
     * ... ADD COLUMN`), so it must be nullable or have a constant default.
     */
    readonly added = false,
  ) {}

  /** The same column with its field typed narrower: a union of strings, a JSON shape. */
  of<U>(): Column<null extends T ? U | null : U> {
    return new Column(this.type, this.definition, this.column, this.added);
  }

  /** The same column under another SQL name than its field's in snake case. */
  named(column: string): Column<T> {
    return new Column(this.type, this.definition, column, this.added);
  }

  /** The same column, marked as added after a release shipped. */
  addedLater(): Column<T> {
    return new Column(this.type, this.definition, this.column, true);
  }
}

function column<T>(type: ColumnType, sqlType: string, constraints: string | undefined) {
  const definition = constraints ? `${sqlType} ${constraints}` : sqlType;
  return new Column<T>(type, definition);
}

/** A `TEXT` column; `constraints` as in SQL (`NOT NULL DEFAULT ''`, `REFERENCES sites(id)`). */
export function text<const C extends string = "">(constraints?: C) {
  return column<Nullable<C, string>>("text", "TEXT", constraints);
}
/** An `INTEGER` column holding a number. */
export function integer<const C extends string = "">(constraints?: C) {
  return column<Nullable<C, number>>("integer", "INTEGER", constraints);
}
/** A `REAL` column. */
export function real<const C extends string = "">(constraints?: C) {
  return column<Nullable<C, number>>("real", "REAL", constraints);
}
/** An `INTEGER` column holding a boolean as 0 or 1. */
export function boolean<const C extends string = "">(constraints?: C) {
  return column<Nullable<C, boolean>>("boolean", "INTEGER", constraints);
}
/** A `TEXT` column holding JSON; type its value with `.of<Shape>()`. */
export function json<const C extends string = "">(constraints?: C) {
  return column<Nullable<C, object>>("json", "TEXT", constraints);
}
/** A `BLOB` column holding bytes. */
export function blob<const C extends string = "">(constraints?: C) {
  return column<Nullable<C, Uint8Array>>("blob", "BLOB", constraints);
}

/** A table's column map: every field of its row, with the column that holds it. */
export type ColumnMap = Record<string, Column<unknown>>;

/** The row a column map reads and writes: each field typed by its column. */
export type RowOf<M extends ColumnMap> = { -readonly [K in keyof M]: M[K]["value"] };

/** The row a table reads and writes: `RowIn<typeof spaces>`. */
export type RowIn<T> = T extends Table<infer M> ? RowOf<M> : never;

/** What creating a table takes: its DDL, and the columns a file written before gains. */
export interface TableDdl {
  readonly ddl: string;
  readonly addedColumns: readonly AddedColumn[];
}

/** Equality filters on a row's fields: `{ parentId: "c1" }`, `{ deletedAt: null }`. */
export type Filter<Row> = { [K in keyof Row]?: Row[K] };

/** What a table holds beside its columns: table constraints and indexes, each as in SQL. */
export interface TableExtras {
  /** `PRIMARY KEY (a, b)`, `UNIQUE (space_id, number)`: after the columns in the DDL. */
  constraints?: readonly string[];
  /** Indexes by name: `{ spaces_by_org: "(organization_id, parent_id, position)" }`. */
  indexes?: Readonly<Record<string, string>>;
  /** Unique indexes by name, written as `indexes`. */
  uniqueIndexes?: Readonly<Record<string, string>>;
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * One table, declared once by its column map: its DDL (`CREATE TABLE` and its indexes), the
 * columns older data files gain, and its row type ({@link RowIn}) derive from the map, and its
 * SELECT list, INSERT, UPDATE and WHERE clauses are generated from it, each field encoded and
 * decoded by its type. A field added to the map is created, read, inserted and updated with no
 * other edit.
 */
export class Table<M extends ColumnMap, Row extends RowOf<M> = RowOf<M>> implements TableDdl {
  private readonly fields: {
    key: keyof Row & string;
    column: string;
    type: ColumnType;
    definition: string;
    added: boolean;
  }[];
  /** `<column> AS <field>, ...`: what a query returns to be decoded as a row. */
  readonly columns: string;
  /** `SELECT <columns> FROM <table>`, for the family's own queries. */
  readonly select: string;

  constructor(
    readonly name: string,
    columns: M,
    private readonly extras: TableExtras = {},
  ) {
    this.fields = Object.entries(columns).map(([key, spec]) => ({
      key: key as keyof Row & string,
      column: spec.column ?? snake(key),
      type: spec.type,
      definition: spec.definition,
      added: spec.added,
    }));
    const list = this.fields.map((f) => (f.column === f.key ? f.key : `${f.column} AS ${f.key}`));
    this.columns = list.join(", ");
    this.select = `SELECT ${this.columns} FROM ${name}`;
  }

  /** `CREATE TABLE IF NOT EXISTS` with every column and constraint, then its indexes. */
  get ddl(): string {
    const lines = [
      ...this.fields.map((f) => `${f.column} ${f.definition}`),
      ...(this.extras.constraints ?? []),
    ];
    const index =
      (unique: boolean) =>
      ([name, on]: [string, string]) =>
        `CREATE ${unique ? "UNIQUE " : ""}INDEX IF NOT EXISTS ${name} ON ${this.name}${on};`;
    return [
      `CREATE TABLE IF NOT EXISTS ${this.name} (\n  ${lines.join(",\n  ")}\n);`,
      ...Object.entries(this.extras.uniqueIndexes ?? {}).map(index(true)),
      ...Object.entries(this.extras.indexes ?? {}).map(index(false)),
    ].join("\n");
  }

  /** The columns added after a release shipped: a file written before gains them at open. */
  get addedColumns(): AddedColumn[] {
    return this.fields.flatMap((f) =>
      f.added ? [{ table: this.name, column: f.column, definition: f.definition }] : [],
    );
  }

  /** The columns as `columns` lists them, read from the table under `alias` in a join. */
  columnsOf(alias: string): string {
    return this.fields.map((f) => `${alias}.${f.column} AS ${f.key}`).join(", ");
  }

  private field(key: string) {
    const field = this.fields.find((f) => f.key === key);
    if (field === undefined) throw new Error(`${this.name} has no field ${key}`);
    return field;
  }

  private encode(key: string, value: unknown): SqlValue {
    if (value === null || value === undefined) return null;
    switch (this.field(key).type) {
      case "boolean":
        return value ? 1 : 0;
      case "json":
        return JSON.stringify(value);
      default:
        return value as SqlValue;
    }
  }

  /** A row as node:sqlite returns it, typed: booleans and JSON columns decoded. */
  decode(raw: Raw): Row {
    const row: Raw = { ...raw };
    for (const f of this.fields) {
      const value = raw[f.key];
      if (value === null || value === undefined) continue;
      if (f.type === "boolean") row[f.key] = value === 1 || value === 1n;
      else if (f.type === "json") row[f.key] = JSON.parse(value as string);
    }
    return row as Row;
  }

  /** `a = ? AND b IS ?` (a null matches NULL) from equality filters, with its values. */
  where(filter: Filter<Row>): { sql: string; values: SqlValue[] } {
    const entries = Object.entries(filter).filter(([, v]) => v !== undefined);
    return {
      sql:
        entries
          .map(([key, v]) => `${this.field(key).column} ${v === null ? "IS" : "="} ?`)
          .join(" AND ") || "1",
      values: entries.map(([key, v]) => this.encode(key, v)),
    };
  }

  /** The first row matching `filter` (in `order`, when given). */
  find(store: Store, filter: Filter<Row>, order?: string): Row | undefined {
    const where = this.where(filter);
    const sql = `${this.select} WHERE ${where.sql}${order ? ` ORDER BY ${order}` : ""} LIMIT 1`;
    const raw = one<Raw>(store, sql, ...where.values);
    return raw && this.decode(raw);
  }

  /** The rows matching `filter` in `order`, one page of them, and how many match in all. */
  list(
    store: Store,
    filter: Filter<Row>,
    order: string,
    page: { limit: number; offset: number },
  ): { rows: Row[]; count: number } {
    const where = this.where(filter);
    const rows = all<Raw>(
      store,
      `${this.select} WHERE ${where.sql} ORDER BY ${order} LIMIT ? OFFSET ?`,
      ...where.values,
      page.limit,
      page.offset,
    );
    return { rows: rows.map((r) => this.decode(r)), count: this.count(store, filter) };
  }

  /** How many rows match `filter`. */
  count(store: Store, filter: Filter<Row>): number {
    const where = this.where(filter);
    const sql = `SELECT COUNT(*) AS n FROM ${this.name} WHERE ${where.sql}`;
    return one<{ n: number }>(store, sql, ...where.values)!.n;
  }

  /** Inserts a row (fields it leaves out take their column's default) and returns it as read back. */
  insert(store: Store, row: Partial<Row>): Row {
    const keys = Object.keys(row).filter((k) => row[k as keyof Row] !== undefined);
    const sql = `INSERT INTO ${this.name} (${keys.map((k) => this.field(k).column).join(", ")})
      VALUES (${placeholders(keys)}) RETURNING ${this.columns}`;
    const raw = one<Raw>(store, sql, ...keys.map((k) => this.encode(k, row[k as keyof Row])));
    return this.decode(raw!);
  }

  /** Writes the defined fields of `patch` to the rows matching `filter`. */
  update(store: Store, filter: Filter<Row>, patch: Partial<Row>): void {
    const keys = Object.keys(patch).filter((k) => patch[k as keyof Row] !== undefined);
    if (keys.length === 0) return;
    const where = this.where(filter);
    const set = keys.map((k) => `${this.field(k).column} = ?`).join(", ");
    store
      .statement(`UPDATE ${this.name} SET ${set} WHERE ${where.sql}`)
      .run(...keys.map((k) => this.encode(k, patch[k as keyof Row])), ...where.values);
  }

  /** Deletes the rows matching `filter`. */
  delete(store: Store, filter: Filter<Row>): void {
    const where = this.where(filter);
    store.statement(`DELETE FROM ${this.name} WHERE ${where.sql}`).run(...where.values);
  }
}
