import type { IncomingMessage } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { z } from "zod";
import { badRequest, errorBody } from "./errors";
import type { RequestLogEnv } from "./request-log";

export const faultRuleSchema = z
  .strictObject({
    method: z.string().min(1).max(16).optional(),
    /** `*` matches one path segment, `**` the rest of the path (zero or more segments). */
    path: z.string().min(1).max(1024).startsWith("/"),
    probability: z.number().min(0).max(1).optional(),
    count: z.number().int().min(1).optional(),
    kind: z.enum(["status", "latency", "drop"]),
    status: z.union([z.literal(429), z.literal(500), z.literal(503)]).optional(),
    retryAfter: z.number().int().min(0).max(86_400).optional(),
    latencyMs: z.number().int().min(0).max(600_000).optional(),
    /**
     * When a status or drop fires: `before` the route runs (the default: nothing is written), or
     * `after` it, so the write commits and its answer is lost, as when a connection breaks on the
     * way back.
     */
    when: z.enum(["before", "after"]).optional(),
    /** Seeds the rule's own random draws, so a run with `probability` can be replayed. */
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 32 - 1)
      .optional(),
  })
  .refine((rule) => rule.kind !== "status" || rule.status !== undefined, {
    path: ["status"],
    message: "is required when kind is status",
  })
  .refine((rule) => rule.kind !== "latency" || rule.latencyMs !== undefined, {
    path: ["latencyMs"],
    message: "is required when kind is latency",
  })
  .refine((rule) => rule.kind !== "latency" || rule.when === undefined, {
    path: ["when"],
    message: "applies to status and drop rules only",
  });

export type FaultRuleInput = z.input<typeof faultRuleSchema>;

/**
 * Rules that strike about `rate` of the requests under `path` with every fault a client meets:
 * a 429, a 503 and a dropped connection before the route runs, and a 503 and a drop after its
 * write commits, in equal shares. Seeded: the same seed strikes the same requests, so a soak that
 * fails can be replayed.
 */
export function faultMix(options: { rate: number; seed: number; path?: string }): FaultRuleInput[] {
  const each = { path: options.path ?? "/v1/**", probability: options.rate / 5 };
  const { seed } = options;
  return [
    { ...each, seed, kind: "status", status: 429, retryAfter: 0 },
    { ...each, seed: seed + 1, kind: "status", status: 503 },
    { ...each, seed: seed + 2, kind: "drop" },
    { ...each, seed: seed + 3, kind: "status", status: 503, when: "after" },
    { ...each, seed: seed + 4, kind: "drop", when: "after" },
  ];
}

export interface FaultRule extends z.output<typeof faultRuleSchema> {
  id: string;
  /** Requests this rule matched so far (counted before the probability draw). */
  matched: number;
  /**
   * Requests it fired on, by method (`{ POST: 3 }`): a soak tells from it that each fault struck
   * the writes it is meant to test, not only reads.
   */
  fired: Record<string, number>;
}

/** Mulberry32: a small seeded generator, enough to replay which requests a rule fires on. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** With @hono/node-server the Node request arrives as `c.env.incoming`; in process it is absent. */
export interface FaultEnv extends RequestLogEnv {
  Bindings: { incoming?: IncomingMessage };
}

/** How many fault rules the emulator keeps: each request is checked against every one. */
export const MAX_FAULT_RULES = 100;

/**
 * Whether `path` matches a rule's `pattern`: `*` is any run of characters within one segment,
 * `**` (a whole segment) any number of segments, none included; a trailing `/` is the same path.
 * Matched segment by segment without a regular expression: backtracking only to the last `**`
 * (and, within a segment, to the last `*`), so the time is bounded by pattern times path,
 * however many wildcards the pattern holds (a regular expression of them backtracked
 * exponentially).
 */
export function faultPathMatches(pattern: string, path: string): boolean {
  const trimmed = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  return wildcardMatch(
    pattern.split("/"),
    trimmed.split("/"),
    (p) => p === "**",
    (p, segment) =>
      wildcardMatch(
        [...p],
        [...segment],
        (c) => c === "*",
        (c, ch) => c === ch,
      ),
  );
}

/**
 * Greedy wildcard matching: `items` against `pattern`, where `isStar` pattern entries match any
 * run of items. On a mismatch it returns to the last star only, letting it take one item more:
 * earlier stars never need to give anything back, so no choice is tried twice.
 */
function wildcardMatch<P, T>(
  pattern: readonly P[],
  items: readonly T[],
  isStar: (p: P) => boolean,
  same: (p: P, item: T) => boolean,
): boolean {
  let p = 0;
  let i = 0;
  let star = -1;
  let resume = 0;
  while (i < items.length) {
    if (p < pattern.length && !isStar(pattern[p]!) && same(pattern[p]!, items[i]!)) {
      p++;
      i++;
    } else if (p < pattern.length && isStar(pattern[p]!)) {
      star = p++;
      resume = i;
    } else if (star !== -1) {
      p = star + 1;
      i = ++resume;
    } else return false;
  }
  while (p < pattern.length && isStar(pattern[p]!)) p++;
  return p === pattern.length;
}

/** The fault rules in force; each request is checked against them in the order they were added. */
export class FaultSet {
  private rules: (FaultRule & { random: () => number })[] = [];
  private nextId = 1;

  add(input: z.output<typeof faultRuleSchema>): FaultRule {
    if (this.rules.length >= MAX_FAULT_RULES)
      throw badRequest(
        `at most ${MAX_FAULT_RULES} fault rules are kept; clear them (DELETE /_emulator/faults) to add others`,
      );
    const rule = { ...input, id: `fault-${this.nextId++}`, matched: 0, fired: {} };
    const random = input.seed === undefined ? Math.random : seededRandom(input.seed);
    this.rules.push({ ...rule, random });
    return rule;
  }

  list(): FaultRule[] {
    return this.rules.map(({ random: _random, ...rule }) => ({
      ...rule,
      fired: { ...rule.fired },
    }));
  }

  clear(): void {
    this.rules = [];
  }

  /** The rules that fire for this request, in order; updates their match counts. */
  private firing(method: string, path: string): FaultRule[] {
    const fired: FaultRule[] = [];
    for (const rule of this.rules) {
      if (rule.method !== undefined && rule.method.toUpperCase() !== method) continue;
      if (!faultPathMatches(rule.path, path)) continue;
      if (rule.count !== undefined && rule.matched >= rule.count) continue;
      rule.matched++;
      if (rule.probability !== undefined && rule.random() >= rule.probability) continue;
      rule.fired[method] = (rule.fired[method] ?? 0) + 1;
      fired.push(rule);
      // A status or drop answers the request: later rules never see it.
      if (rule.kind !== "latency") break;
    }
    return fired;
  }

  middleware(): MiddlewareHandler<FaultEnv> {
    return async (c, next) => {
      let after: FaultRule | undefined;
      for (const rule of this.firing(c.req.method, c.req.path)) {
        if (rule.kind === "latency") {
          await new Promise((resolve) => setTimeout(resolve, rule.latencyMs));
          continue;
        }
        if (rule.when === "after") {
          after = rule;
          break;
        }
        return answer(c, rule);
      }
      await next();
      // The route ran and what it wrote is committed: only its answer is lost.
      if (after) c.res = answer(c, after);
    };
  }
}

/** What a status or drop rule answers instead of the API. */
function answer(c: Context<FaultEnv>, rule: FaultRule): Response {
  if (rule.kind === "drop") {
    const entry = c.get("logEntry");
    entry.fault = "drop";
    entry.status = 0;
    const socket = c.env?.incoming?.socket;
    if (socket) {
      socket.destroy();
      // Nothing reaches the client: the socket is gone.
      return new Response(null, { status: 500 });
    }
    // In process there is no socket to drop: the nearest thing is a gateway failure.
    return c.json(errorBody(503, "fault: connection dropped"), 503);
  }
  c.get("logEntry").fault = "status";
  const status = rule.status!;
  const headers: Record<string, string> =
    status === 429 ? { "Retry-After": String(rule.retryAfter ?? 1) } : {};
  return c.json(errorBody(status, `fault injected by the emulator (${rule.id})`), status, headers);
}
