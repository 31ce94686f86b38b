/**
 * Waiting for work the service does after it answers (an OpenAPI spec's processing, a
 * translation's run): one GET per poll through the one client, further apart as the wait goes on.
 */
import { setTimeout as wait } from "node:timers/promises";

/** The first poll's delay, how much each next one grows, and the most two polls are apart. */
export const POLL_FIRST_MS = 250;
export const POLL_GROWTH = 1.5;
export const POLL_MAX_MS = 5_000;

/** The delay before poll `attempt` (0 first): 250 ms, 375 ms, ... then every 5 s. A pure plan. */
export function pollDelay(attempt: number): number {
  return Math.min(POLL_MAX_MS, Math.round(POLL_FIRST_MS * POLL_GROWTH ** attempt));
}

/**
 * How many GETs a wait of `ms` costs at most: the first look at once, then one after each
 * planned delay that ends within `ms`. The bench's "requests per second of waiting".
 */
export function pollsWithin(ms: number): number {
  let delays = 0;
  for (let spent = pollDelay(0); spent <= ms; spent += pollDelay(++delays));
  return 1 + delays;
}

export interface PollOptions<T> {
  /** What is waited for, in words: "OpenAPI spec pets to finish processing". */
  what: string;
  timeoutMs: number;
  /** One look at the object: done with a value, or not yet with the state it is in. */
  probe(): Promise<{ done: true; value: T } | { done: false; state: string }>;
  /** What the message of a timeout tells the user to do. */
  remedy: string;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** Polls until `probe` is done, or fails once `timeoutMs` has passed, naming the last state. */
export async function pollUntil<T>(options: PollOptions<T>): Promise<T> {
  const sleep = options.sleep ?? wait;
  const now = options.now ?? Date.now;
  const deadline = now() + options.timeoutMs;
  for (let attempt = 0; ; attempt++) {
    const look = await options.probe();
    if (look.done) return look.value;
    const delay = pollDelay(attempt);
    if (now() + delay > deadline) {
      throw new Error(
        `gave up waiting for ${options.what} after ${Math.round(options.timeoutMs / 1000)} s: it is still ${look.state}; ${options.remedy}`,
      );
    }
    await sleep(delay);
  }
}
