import type { ListSpec } from "./types";

/**
 * How many reads of one list's objects, asked for in one operation, make walking the list worth it. It
 * is chosen by requests, which a service's rate limit counts: a page holds 1,000 objects, so from
 * 6 reads on, a list of up to 5,000 objects costs no more requests than the GETs it replaces.
 * By time alone single GETs stay quicker for longer (`npm run bench -- lists`: on 5,000 spaces
 * at 50 ms, the list walked alone took 1.04 s, 64 GETs 8 at a time 0.64 s). Reads are counted
 * per list since the last write (within `SNAPSHOT_TTL_MS`), not per batch: with fewer, each is
 * one GET, so a program that manages 3 spaces of an organization of 5,000 never pages through the
 * 5,000; from the sixth on, the list is walked, however the engine spaced them, so a refresh of
 * many objects costs at most `LIST_THRESHOLD - 1` GETs besides the list.
 */
export const LIST_THRESHOLD = 6;

/**
 * Reads of one list are gathered until none has come for this long (or `BATCH_MAX_WAIT_MS` after
 * the first), then the choice between the list and single GETs is made: an engine hands a
 * refresh's reads to the provider a few at a time. On a loaded machine the gap between two can
 * pass any window (a first batch of two was read by GET before the rest came): the count of reads
 * since the last write, not the batch, then decides for the later ones.
 */
export const BATCH_WINDOW_MS = 25;
export const BATCH_MAX_WAIT_MS = 100;

/**
 * How long after its walk began a snapshot still serves new reads: long enough for the reads of
 * one refresh of thousands of resources on a loaded machine, while an engine starts a provider
 * process per operation, so a snapshot never outlives the operation that took it. Any write
 * through the client drops it sooner.
 */
export const SNAPSHOT_TTL_MS = 30_000;

interface Snapshot {
  /** The client's write count when the walk began: any write since makes it stale. */
  generation: number;
  startedAt: number;
  items: Promise<Map<string, unknown>>;
}

interface Batch {
  reads: { id: string; direct: () => Promise<unknown>; settle: Settle }[];
  firstAt: number;
  timer?: NodeJS.Timeout;
}

interface Settle {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * The lists the client has walked for reads, and reads waiting to be batched. A snapshot is
 * dropped by any write through the client (one could hold the written object), and never serves
 * a read that starts more than `SNAPSHOT_TTL_MS` after it was taken. Identical walks in flight
 * are one walk.
 */
export class Snapshots {
  private readonly snapshots = new Map<string, Snapshot>();
  private readonly batches = new Map<string, Batch>();
  /** Reads of each list since the last write: how many, and when the first came. */
  private readonly demand = new Map<string, { reads: number; since: number }>();
  private generation = 0;

  constructor(
    private readonly walk: (spec: ListSpec<{ id: string }>) => Promise<{ id: string }[]>,
    private readonly now: () => number = Date.now,
  ) {}

  /** A write is on its way or done: every snapshot may now be wrong. */
  written(): void {
    this.generation++;
    this.snapshots.clear();
    this.demand.clear();
  }

  /** The whole list as one snapshot shared by every caller while it is fresh. */
  list<T extends { id: string }>(spec: ListSpec<T>): Promise<Map<string, T>> {
    return this.snapshot(spec) as Promise<Map<string, T>>;
  }

  /**
   * One object of a list: from a fresh snapshot when there is one; otherwise gathered with the
   * other reads of the same list for `BATCH_WINDOW_MS`, then served from one walk when there are
   * `LIST_THRESHOLD` or more, else read one by one with `direct`. An object the list lacks is read
   * with `direct` too, so that one moved elsewhere is found and one deleted answers its 404.
   */
  read<T extends { id: string }, D = T>(
    spec: ListSpec<T>,
    id: string,
    direct: () => Promise<D>,
  ): Promise<T | D> {
    const key = keyOf(spec);
    if (this.fresh(key)) return this.fromSnapshot(spec, id, direct) as Promise<T | D>;
    return new Promise<unknown>((resolve, reject) => {
      let batch = this.batches.get(key);
      if (batch === undefined) {
        batch = { reads: [], firstAt: this.now() };
        this.batches.set(key, batch);
      }
      batch.reads.push({ id, direct, settle: { resolve, reject } });
      clearTimeout(batch.timer);
      const wait = Math.min(BATCH_WINDOW_MS, batch.firstAt + BATCH_MAX_WAIT_MS - this.now());
      const gathered = batch;
      // Flushed after the I/O already waiting: when loading the provider held the event loop,
      // the reads queued meanwhile join the batch before the choice is made.
      batch.timer = setTimeout(
        () => setImmediate(() => this.flush(spec, key, gathered)),
        Math.max(0, wait),
      );
    }) as Promise<T | D>;
  }

  private flush(spec: ListSpec<{ id: string }>, key: string, batch: Batch): void {
    if (this.batches.get(key) !== batch) return;
    this.batches.delete(key);
    const now = this.now();
    let demand = this.demand.get(key);
    if (demand === undefined || now - demand.since > SNAPSHOT_TTL_MS) {
      demand = { reads: 0, since: now };
      this.demand.set(key, demand);
    }
    demand.reads += batch.reads.length;
    const useList = demand.reads >= LIST_THRESHOLD || this.fresh(key);
    for (const { id, direct, settle } of batch.reads) {
      const read = useList ? this.fromSnapshot(spec, id, direct) : direct();
      read.then(settle.resolve, settle.reject);
    }
  }

  private async fromSnapshot(
    spec: ListSpec<{ id: string }>,
    id: string,
    direct: () => Promise<unknown>,
  ): Promise<unknown> {
    const found = (await this.list(spec)).get(id);
    return found ?? direct();
  }

  private fresh(key: string): boolean {
    const snapshot = this.snapshots.get(key);
    return (
      snapshot !== undefined &&
      snapshot.generation === this.generation &&
      this.now() - snapshot.startedAt <= SNAPSHOT_TTL_MS
    );
  }

  private snapshot(spec: ListSpec<{ id: string }>): Promise<Map<string, unknown>> {
    const key = keyOf(spec);
    if (this.fresh(key)) return this.snapshots.get(key)!.items;
    const generation = this.generation;
    const items = this.walk(spec).then((list) => new Map(list.map((item) => [item.id, item])));
    const snapshot: Snapshot = { generation, startedAt: this.now(), items };
    this.snapshots.set(key, snapshot);
    // A failed walk is not kept: the next read tries again.
    items.catch(() => {
      if (this.snapshots.get(key) === snapshot) this.snapshots.delete(key);
    });
    return items;
  }
}

function keyOf(spec: ListSpec<{ id: string }>): string {
  const query = Object.entries(spec.query ?? {})
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${String(v)}`)
    .join("&");
  return `${spec.path}?${query}`;
}
