import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import {
  optionalShape,
  patchShape,
  presentFields,
  type OptionalField,
} from "../../emulator/render/common";
import { openStore } from "../../emulator/app";
import { Store } from "../../emulator/store";
import { boolean, json, patched, Table, text, type RowIn } from "../../emulator/store/sql";

/**
 * A table declared once by its column map, on a table of the test's own: its DDL, the columns an
 * older file gains and its row type come from the map; and an optional field's wire shape
 * (as render/spaces.ts declares a space's), which declares none yet.
 */
const FIELDS = {
  subtitle: { wire: z.string().min(1).max(100) },
} satisfies Record<string, OptionalField>;

const notes = new Table(
  "notes",
  {
    id: text("PRIMARY KEY"),
    parentId: text("REFERENCES notes(id) ON DELETE CASCADE"),
    pinned: boolean("NOT NULL"),
    tags: json("NOT NULL").of<string[]>(),
    // Added after a release wrote files with this table.
    subtitle: text().addedLater(),
  },
  { indexes: { notes_by_parent: "(parent_id)" } },
);
type NoteRow = RowIn<typeof notes>;
const ddl = notes.ddl;

test("the row type follows the map: NOT NULL and PRIMARY KEY exclude null, .of narrows", () => {
  const row: NoteRow = { id: "a", parentId: null, pinned: true, tags: ["x"], subtitle: null };
  // @ts-expect-error a PRIMARY KEY column is never null
  const noId: NoteRow = { ...row, id: null };
  // @ts-expect-error a NOT NULL JSON column typed string[] holds no number
  const badTags: NoteRow = { ...row, tags: [1] };
  expect([row, noId, badTags]).toHaveLength(3);
});

test("the DDL is written from the map: columns with their constraints, then indexes", () => {
  expect(ddl).toBe(
    [
      "CREATE TABLE IF NOT EXISTS notes (",
      "  id TEXT PRIMARY KEY,",
      "  parent_id TEXT REFERENCES notes(id) ON DELETE CASCADE,",
      "  pinned INTEGER NOT NULL,",
      "  tags TEXT NOT NULL,",
      "  subtitle TEXT",
      ");",
      "CREATE INDEX IF NOT EXISTS notes_by_parent ON notes(parent_id);",
    ].join("\n"),
  );
  expect(notes.addedColumns).toEqual([{ table: "notes", column: "subtitle", definition: "TEXT" }]);
});

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "emulator-column-map-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("an optional field is accepted on create, nullable on PATCH, and refused over its limit", () => {
  const create = z.strictObject(optionalShape(FIELDS));
  const patch = z.strictObject(patchShape(FIELDS));
  expect(create.parse({})).toEqual({});
  expect(create.parse({ subtitle: "Runbooks" })).toEqual({ subtitle: "Runbooks" });
  expect(create.safeParse({ subtitle: null }).success).toBe(false);
  expect(patch.parse({ subtitle: null })).toEqual({ subtitle: null });
  const long = patch.safeParse({ subtitle: "x".repeat(101) });
  expect(long.success).toBe(false);
  expect(long.error?.issues[0]).toMatchObject({ path: ["subtitle"], code: "too_big" });
});

test("the JSON holds an optional field only while it is set", () => {
  expect(presentFields(FIELDS, { subtitle: "Runbooks" })).toEqual({ subtitle: "Runbooks" });
  expect(presentFields(FIELDS, { subtitle: null })).toEqual({});
});

test("rows are written and read through the map: snake-case columns, booleans, JSON, NULL", () => {
  const store = new Store({ schema: [ddl], addedColumns: notes.addedColumns });
  const made = notes.insert(store, { id: "a", parentId: null, pinned: true, tags: ["x"] });
  expect(made).toEqual({ id: "a", parentId: null, pinned: true, tags: ["x"], subtitle: null });
  expect(store.db.prepare("SELECT parent_id, pinned, tags FROM notes").get()).toEqual({
    parent_id: null,
    pinned: 1,
    tags: '["x"]',
  });
  notes.insert(store, { id: "b", parentId: "a", pinned: false, tags: [] });

  notes.update(store, { id: "a" }, { subtitle: "Runbooks", pinned: false });
  expect(notes.find(store, { id: "a" })).toMatchObject({ subtitle: "Runbooks", pinned: false });
  // A null filter matches NULL; a field the map lacks is refused, never written as SQL.
  expect(notes.list(store, { parentId: null }, "id", { limit: 10, offset: 0 })).toMatchObject({
    rows: [{ id: "a" }],
    count: 1,
  });
  expect(notes.count(store, { parentId: "a" })).toBe(1);
  expect(() => notes.find(store, { title: "x" } as never)).toThrow("notes has no field title");
  notes.delete(store, { id: "b" });
  expect(notes.count(store, {})).toBe(1);
  store.close();
});

test("a file written before an optional field existed gains its column when it opens", () => {
  const path = join(dir, "older.db");
  const older = new Store({
    path,
    schema: [
      "CREATE TABLE notes (id TEXT PRIMARY KEY, parent_id TEXT, pinned INTEGER NOT NULL, tags TEXT NOT NULL)",
    ],
  });
  older.db.prepare("INSERT INTO notes VALUES ('a', NULL, 0, '[]')").run();
  older.close();
  const store = new Store({ path, schema: [ddl], addedColumns: notes.addedColumns });
  expect(notes.find(store, { id: "a" })).toEqual({
    id: "a",
    parentId: null,
    pinned: false,
    tags: [],
    subtitle: null,
  });
  store.close();
});

test("patched lays a PATCH body onto a row: a sent null clears, an absent key keeps", () => {
  const row = { title: "Kept", subtitle: "Old" as string | null, emoji: "📟" as string | null };
  expect(patched(row, { subtitle: null })).toEqual({ title: "Kept", subtitle: null, emoji: "📟" });
  expect(patched(row, { title: "New", emoji: undefined })).toEqual({ ...row, title: "New" });
  expect(patched(row, { other: 1 } as never)).toEqual(row);
});

test("a data file release 0.1.0 wrote has, once open, every table and column the maps declare", () => {
  // The maps write today's DDL; a file written before has its tables from that release's DDL and
  // gains the added columns at open. Both must agree, or a query of today fails on an old file.
  const path = join(dir, "release-0.1.0.db");
  copyFileSync(join(__dirname, "../fixtures/release-0.1.0/emulator.db"), path);
  const columns = (store: Store) => {
    const tables = store.db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all() as { name: string }[];
    return Object.fromEntries(
      tables.map(({ name }) => [
        name,
        (store.db.prepare(`PRAGMA table_info(${name})`).all() as { name: string }[])
          .map(({ name: column, type, notnull, dflt_value, pk }: Record<string, unknown>) =>
            [column, type, notnull, dflt_value, pk].join(" "),
          )
          .sort(),
      ]),
    );
  };
  const older = openStore({ path });
  const fresh = openStore();
  try {
    expect(columns(older)).toEqual(columns(fresh));
  } finally {
    older.close();
    fresh.close();
  }
});
