// The SDK notes where each of its promises was made (`debuggablePromise` in
// @pulumi/pulumi/runtime/debuggable.js) so that, should the program exit with one unsettled, it
// can say where that promise came from. It reads `new Error().stack` at once: a formatted stack
// for every promise, a dozen or more per resource, read through source maps since tsx enables
// them. At 1,000 spaces that formatting was a third of the worker's CPU before the first
// registration (about 3 s), and the strings stayed on the promises for the whole run. The stack
// is only ever read in the leak report at exit; here it is captured as before and formatted then.
type DebuggablePromise = <T>(p: Promise<T>, ctx: unknown) => Promise<T>;
interface DebuggableModule {
  debuggablePromise?: DebuggablePromise;
}

/** Where a promise was made, formatted when it is first read (the SDK reads it as `${...}`). */
class LazyStack {
  private readonly site: { stack?: string } = {};

  constructor(below: (...args: never[]) => unknown) {
    Error.captureStackTrace(this.site, below);
  }

  toString(): string {
    return `Error\n${(this.site.stack ?? "").split("\n").slice(1).join("\n")}`;
  }
}

const deferred = new WeakSet<object>();

/**
 * Makes the SDK's `debuggablePromise` (of the copy `sdk` loads) capture each promise's stack
 * without formatting it; what the SDK does with the promise, and what its leak report says, stay
 * as they were. Does nothing when that SDK has no such function.
 */
export function deferPromiseStacks(sdk: NodeJS.Require): void {
  let debuggable: DebuggableModule;
  try {
    debuggable = sdk("./runtime/debuggable") as DebuggableModule;
  } catch {
    return;
  }
  const original = debuggable.debuggablePromise;
  if (typeof original !== "function" || deferred.has(debuggable)) return;
  deferred.add(debuggable);
  function debuggablePromise<T>(p: Promise<T>, ctx: unknown): Promise<T> {
    const limit = Error.stackTraceLimit;
    // The SDK's own `new Error().stack` costs nothing without frames; the stack is taken below.
    Error.stackTraceLimit = 0;
    let tracked: Promise<T>;
    try {
      tracked = original!(p, ctx);
    } finally {
      Error.stackTraceLimit = limit;
    }
    (p as { _debugStackTrace?: unknown })._debugStackTrace = new LazyStack(debuggablePromise);
    return tracked;
  }
  debuggable.debuggablePromise = debuggablePromise;
}
