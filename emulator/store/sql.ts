/** Small helpers the store modules share for reading rows and writing partial updates. */

export type SqlValue = string | number | null;

/** A row as node:sqlite returns it, before it is typed. */
export type Raw = Record<string, unknown>;

export const str = (v: unknown): string => v as string;
export const strOrNull = (v: unknown): string | null => (v === null ? null : (v as string));

/**
 * Builds `SET a = ?, b = ?` from the defined entries of a patch, so an update writes only what
 * the caller sent (an explicit `null` clears the column, an absent key leaves it unchanged).
 */
export function assignments(patch: Record<string, unknown>): { sql: string; values: SqlValue[] } {
  const entries = Object.entries(patch).filter(([, v]) => v !== undefined);
  return {
    sql: entries.map(([column]) => `${column} = ?`).join(", "),
    values: entries.map(([, v]) => (typeof v === "boolean" ? (v ? 1 : 0) : (v as SqlValue))),
  };
}
