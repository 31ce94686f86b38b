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
 * How a row's field is kept: `text` and `real` as they are, `integer` as a number, `boolean` as
 * 0 or 1, `json` as its JSON text. A nullable field keeps `null` as SQL NULL, whatever its type.
 */
export type ColumnType = "text" | "integer" | "real" | "boolean" | "json";

export interface ColumnSpec {
  /** The SQL column: the field's name in snake case unless given. */
  column?: string;
  type?: ColumnType;
  /**
   * For a column added after a release shipped: its definition (`TEXT`, `INTEGER NOT NULL
   * DEFAULT 0`). The table's DDL takes it from here (`addedDdl`), and a file written before
   * gains it when it opens (`addedColumns`).
   */
  added?: string;
}

/** A table's column map: every field of its row, with the column that holds it. */
export type ColumnMap<Row> = { [K in keyof Row]-?: ColumnSpec };

/** Equality filters on a row's fields: `{ parentId: "c1" }`, `{ deletedAt: null }`. */
export type Filter<Row> = { [K in keyof Row]?: Row[K] };

/**
 * The column map entries of optional fields declared with their SQL type (render/common.ts's
 * `OptionalField`): each is a column added after a release, so files written before gain it.
 */
export function optionalColumns<F extends Record<string, { sql: string }>>(
  fields: F,
): { [K in keyof F]: ColumnSpec } {
  const entries = Object.entries(fields).map(([key, field]) => [key, { added: field.sql }]);
  return Object.fromEntries(entries) as { [K in keyof F]: ColumnSpec };
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * One table read and written through its column map: the SELECT list, INSERT, UPDATE and WHERE
 * clauses are generated from it, and each field is encoded and decoded by its type. A field
 * added to the row and the map is read, inserted and updated with no other edit.
 */
export class Table<Row extends object> {
  private readonly fields: {
    key: keyof Row & string;
    column: string;
    type: ColumnType;
    added?: string;
  }[];
  /** `<column> AS <field>, ...`: what a query returns to be decoded as a row. */
  readonly columns: string;
  /** `SELECT <columns> FROM <table>`, for the family's own queries. */
  readonly select: string;

  constructor(
    readonly name: string,
    columns: ColumnMap<Row>,
  ) {
    this.fields = Object.entries(columns as Record<string, ColumnSpec>).map(([key, spec]) => ({
      key: key as keyof Row & string,
      column: spec.column ?? snake(key),
      type: spec.type ?? "text",
      ...(spec.added !== undefined ? { added: spec.added } : {}),
    }));
    const list = this.fields.map((f) => (f.column === f.key ? f.key : `${f.column} AS ${f.key}`));
    this.columns = list.join(", ");
    this.select = `SELECT ${this.columns} FROM ${name}`;
  }

  /** The columns added after a release shipped, for the family's `addedColumns`. */
  get addedColumns(): AddedColumn[] {
    return this.fields.flatMap((f) =>
      f.added === undefined ? [] : [{ table: this.name, column: f.column, definition: f.added }],
    );
  }

  /** `,\n  column definition` for each added column: the end of the table's CREATE TABLE list. */
  get addedDdl(): string {
    return this.addedColumns.map((c) => `,\n  ${c.column} ${c.definition}`).join("");
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
