import { setImmediate } from "node:timers/promises";
import { LIST_THRESHOLD, SNAPSHOT_TTL_MS, Snapshots } from "../../provider/client/snapshots";
import type { ListSpec } from "../../provider/client/types";
import { z } from "zod";

/** The read cache alone: a fake list walk and fake single GETs, counted. */
const Item = z.object({ id: z.string(), title: z.string() });
type Item = z.infer<typeof Item>;
const spec: ListSpec<Item> = { path: "/v1/orgs/o/spaces", item: Item, query: { limit: 1000 } };

function setUp(items: Item[]) {
  let now = 0;
  const walks: string[] = [];
  const gets: string[] = [];
  let release: (() => void) | undefined;
  const snapshots = new Snapshots(
    async (s) => {
      walks.push(s.path);
      if (release === undefined) return items.map((i) => ({ ...i }));
      await new Promise<void>((resolve) => (release = resolve));
      return items.map((i) => ({ ...i }));
    },
    () => now,
  );
  const direct = (id: string) => async () => {
    gets.push(id);
    const found = items.find((i) => i.id === id);
    if (!found) throw new Error(`404 ${id}`);
    return { ...found };
  };
  return {
    snapshots,
    walks,
    gets,
    direct,
    advance: (ms: number) => (now += ms),
    hold: () => (release = () => undefined),
    release: () => release?.(),
  };
}

const many = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `s${i}`, title: `T${i}` }));

test("reads gathered together at or above the threshold are served from one walk", async () => {
  const t = setUp(many(50));
  const ids = Array.from({ length: LIST_THRESHOLD }, (_, i) => `s${i}`);
  const read = await Promise.all(ids.map((id) => t.snapshots.read(spec, id, t.direct(id))));
  expect(read.map((r) => r.id)).toEqual(ids);
  expect(t.walks).toHaveLength(1);
  expect(t.gets).toEqual([]);
});

test("fewer reads than the threshold are one GET each, and the list is never walked", async () => {
  const t = setUp(many(5000));
  const ids = ["s1", "s2", "s3"];
  await Promise.all(ids.map((id) => t.snapshots.read(spec, id, t.direct(id))));
  expect(t.walks).toEqual([]);
  expect(t.gets.sort()).toEqual(ids);
});

test("an object the list lacks is confirmed with its own GET", async () => {
  const t = setUp(many(10));
  const ids = [...Array.from({ length: LIST_THRESHOLD }, (_, i) => `s${i}`), "gone"];
  const results = await Promise.allSettled(
    ids.map((id) => t.snapshots.read(spec, id, t.direct(id))),
  );
  expect(results.at(-1)).toEqual({ status: "rejected", reason: new Error("404 gone") });
  expect(t.walks).toHaveLength(1);
  expect(t.gets).toEqual(["gone"]);
});

test("identical walks in flight are one: a later batch joins the walk still running", async () => {
  const t = setUp(many(20));
  t.hold();
  const first = Array.from({ length: LIST_THRESHOLD }, (_, i) =>
    t.snapshots.read(spec, `s${i}`, t.direct(`s${i}`)),
  );
  // The gathered reads' walk has started (and is held) before the later reads come.
  while (t.walks.length === 0) await setImmediate();
  const later = t.snapshots.read(spec, "s19", t.direct("s19"));
  const whole = t.snapshots.list(spec);
  t.release();
  await Promise.all([...first, later, whole]);
  expect(t.walks).toHaveLength(1);
  expect(t.gets).toEqual([]);
});

test("a write drops the snapshots: the next read walks again and sees it", async () => {
  const items = many(10);
  const t = setUp(items);
  const read = () =>
    Promise.all(
      Array.from({ length: LIST_THRESHOLD }, (_, i) =>
        t.snapshots.read(spec, `s${i}`, t.direct(`s${i}`)),
      ),
    );
  await read();
  items[0]!.title = "Renamed";
  t.snapshots.written();
  expect((await t.snapshots.read<Item>(spec, "s0", t.direct("s0"))).title).toBe("Renamed");
  // The single read after the write was one GET: the stale list served nothing.
  expect(t.walks).toHaveLength(1);
  expect(t.gets).toEqual(["s0"]);
});

test("a snapshot serves no read that starts after its time is up", async () => {
  const t = setUp(many(10));
  await t.snapshots.list(spec);
  await t.snapshots.read(spec, "s1", t.direct("s1"));
  expect(t.gets).toEqual([]);
  t.advance(SNAPSHOT_TTL_MS + 1);
  await t.snapshots.read(spec, "s1", t.direct("s1"));
  expect(t.gets).toEqual(["s1"]);
});

test("a failed walk is not kept: the next read walks again", async () => {
  let fail = true;
  const walks: number[] = [];
  const snapshots = new Snapshots(async () => {
    walks.push(1);
    if (fail) throw new Error("503");
    return [{ id: "a" }];
  });
  await expect(snapshots.list(spec)).rejects.toThrow("503");
  fail = false;
  expect((await snapshots.list(spec)).has("a")).toBe(true);
  expect(walks).toHaveLength(2);
});

test("reads counted since the last write: once they reach the threshold, however spaced, the list serves them", async () => {
  const t = setUp(many(50));
  const batch = (ids: string[]) =>
    Promise.all(ids.map((id) => t.snapshots.read(spec, id, t.direct(id))));
  // Each batch flushes on its own (the engine paused between them).
  await batch(["s0", "s1"]);
  await batch(["s2", "s3"]);
  expect(t.gets.sort()).toEqual(["s0", "s1", "s2", "s3"]);
  await batch(["s4", "s5"]);
  await batch(["s6"]);
  // The sixth read walked the list; the later ones were served by it.
  expect(t.walks).toHaveLength(1);
  expect(t.gets).toHaveLength(4);
  // A write starts the count again: one read after it is one GET.
  t.snapshots.written();
  await batch(["s7"]);
  expect(t.walks).toHaveLength(1);
  expect(t.gets).toHaveLength(5);
});
