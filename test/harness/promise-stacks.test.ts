// The SDK's promise bookkeeping under the harness: where each promise was made is still known
// to the leak report, but formatted only when that report reads it.
import * as path from "node:path";
import { deferPromiseStacks } from "../../harness/promise-stacks";
import { pulumiRequire } from "../../harness/project";

interface Debuggable {
  debuggablePromise<T>(p: Promise<T>, ctx: string): Promise<T>;
  promiseDebugString(p: Promise<unknown>): string;
}

const sdk = pulumiRequire(path.join(__dirname, "..", "fixtures", "spaces"));
const debuggable = sdk("./runtime/debuggable") as Debuggable;

/** Stacks formatted with frames in them (the SDK still reads an empty one of its own). */
let formatted = 0;
const saved = Error.prepareStackTrace;

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
});

test("a promise's stack is formatted only when the leak report reads it, and names its maker", async () => {
  deferPromiseStacks(sdk);
  const p = Promise.resolve(42);
  function makesTheSpaceId(): Promise<number> {
    return debuggable.debuggablePromise(p, "the id of space-7");
  }
  expect(await makesTheSpaceId()).toBe(42);
  expect(formatted).toBe(0);
  const report = debuggable.promiseDebugString(p);
  expect(formatted).toBe(1);
  expect(report).toContain("the id of space-7");
  expect(report).toMatch(/STACK_TRACE:\nError\n {4}at makesTheSpaceId\n/);
});

test("deferring twice wraps the SDK's function once", async () => {
  deferPromiseStacks(sdk);
  const once = debuggable.debuggablePromise;
  deferPromiseStacks(sdk);
  expect(debuggable.debuggablePromise).toBe(once);
  const error = new Error("the POST failed");
  const tracked = debuggable.debuggablePromise(Promise.reject(error), "a create");
  const reason = await tracked.then(
    () => undefined,
    (e: unknown) => e,
  );
  // The SDK's own wrapping, kept: the error comes through, pointing at the promise.
  expect(reason).toBe(error);
  expect((reason as { promise?: unknown }).promise).toBeInstanceOf(Promise);
  expect(formatted).toBe(0);
});
