import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Store } from "../../emulator/store";

/** The Store itself: ids, and how files written by an earlier release gain the columns added since. */
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "emulator-store-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const columnsOf = (store: Store, table: string) =>
  (store.db.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[]).map(
    (c) => c.name,
  );

test("ids are 20 letters and digits, distinct across many draws of the random source", () => {
  const store = new Store({ schema: [] });
  const ids = Array.from({ length: 1000 }, () => store.newId());
  for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
  expect(new Set(ids).size).toBe(ids.length);
  store.close();
});

test("a file without an added column gains it at open, with its default, and only once", () => {
  const path = join(dir, "older.db");
  // What an earlier release wrote: the table without `hidden`, and a row in it.
  const older = new Store({ path, schema: ["CREATE TABLE t (id TEXT PRIMARY KEY, name TEXT)"] });
  older.db.prepare("INSERT INTO t (id, name) VALUES ('a', 'kept')").run();
  older.close();

  const hidden = { table: "t", column: "hidden", definition: "INTEGER NOT NULL DEFAULT 0" };
  const today = {
    path,
    schema: [
      "CREATE TABLE IF NOT EXISTS t (id TEXT PRIMARY KEY, name TEXT, hidden INTEGER NOT NULL DEFAULT 0)",
    ],
    addedColumns: [hidden],
  };
  const opened = new Store(today);
  expect(columnsOf(opened, "t")).toEqual(["id", "name", "hidden"]);
  expect(opened.db.prepare("SELECT * FROM t").all()).toEqual([
    { id: "a", name: "kept", hidden: 0 },
  ]);
  opened.db.prepare("UPDATE t SET hidden = 1").run();
  opened.close();

  // Opened again: the column is there, nothing is added twice, what was written stays.
  const again = new Store(today);
  expect(columnsOf(again, "t")).toEqual(["id", "name", "hidden"]);
  expect(again.db.prepare("SELECT hidden FROM t").get()).toEqual({ hidden: 1 });
  again.close();
});

test("a new file has the added column from its table's DDL", () => {
  const store = new Store({
    schema: ["CREATE TABLE t (id TEXT PRIMARY KEY, hidden INTEGER NOT NULL DEFAULT 0)"],
    addedColumns: [{ table: "t", column: "hidden", definition: "INTEGER NOT NULL DEFAULT 0" }],
  });
  expect(columnsOf(store, "t")).toEqual(["id", "hidden"]);
  store.close();
});
