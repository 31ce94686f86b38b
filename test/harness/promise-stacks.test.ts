// The SDK's promise bookkeeping under the harness: where each promise was made is taken only
// when PULUMI_DEBUG_PROMISE_LEAKS asks for it, the only time anything reads it.
import * as path from "node:path";
import { skipUnreadPromiseStacks } from "../../cli/harness/promise-stacks";
import { pulumiRequire } from "../../cli/harness/project";

interface Debuggable {
  debugPromiseLeaks: boolean;
  debuggablePromise<T>(p: Promise<T>, ctx: string): Promise<T>;
  promiseDebugString(p: Promise<unknown>): string;
}

const sdk = pulumiRequire(path.join(__dirname, "..", "fixtures", "spaces"));
const debuggable = sdk("./runtime/debuggable") as Debuggable;

/** Stacks formatted with frames in them (a frameless one is the bare "Error"). */
let formatted = 0;
const saved = Error.prepareStackTrace;
const savedSwitch = debuggable.debugPromiseLeaks;

beforeAll(() => skipUnreadPromiseStacks(sdk));

beforeEach(() => {
  formatted = 0;
  Error.prepareStackTrace = (error: Error, sites: NodeJS.CallSite[]) => {
    if (sites.length > 0) formatted++;
    return [
      String(error),
      ...sites.map((s) => `    at ${s.getFunctionName() ?? "<anonymous>"}`),
    ].join("\n");
  };
});

afterEach(() => {
  Error.prepareStackTrace = saved;
  debuggable.debugPromiseLeaks = savedSwitch;
});

test("without PULUMI_DEBUG_PROMISE_LEAKS no promise's stack is taken, and the SDK still tracks it", async () => {
  debuggable.debugPromiseLeaks = false;
  expect(await debuggable.debuggablePromise(Promise.resolve(42), "the id of space-7")).toBe(42);
  const error = new Error("the POST failed");
  const reason = await debuggable.debuggablePromise(Promise.reject(error), "a create").then(
    () => undefined,
    (e: unknown) => e,
  );
  // The SDK's own wrapping, kept: the error comes through, pointing at its promise.
  expect(reason).toBe(error);
  expect((reason as { promise?: unknown }).promise).toBeInstanceOf(Promise);
  expect(formatted).toBe(0);
});

test("with PULUMI_DEBUG_PROMISE_LEAKS a promise's report names where it was made", async () => {
  debuggable.debugPromiseLeaks = true;
  const p = Promise.resolve(42);
  function makesTheSpaceId(): Promise<number> {
    return debuggable.debuggablePromise(p, "the id of space-7");
  }
  expect(await makesTheSpaceId()).toBe(42);
  const report = debuggable.promiseDebugString(p);
  expect(report).toContain("the id of space-7");
  // The SDK's own frame, then (under the harness) its wrapper's, then the caller.
  expect(report).toMatch(
    /STACK_TRACE:\nError\n {4}at debuggablePromise\n( {4}at .*\n)? {4}at makesTheSpaceId\n/,
  );
});

test("wrapping twice wraps the SDK's function once", () => {
  const once = debuggable.debuggablePromise;
  skipUnreadPromiseStacks(sdk);
  expect(debuggable.debuggablePromise).toBe(once);
});
