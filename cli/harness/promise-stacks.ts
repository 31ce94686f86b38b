// The SDK notes where each of its promises was made (`debuggablePromise` in
// @pulumi/pulumi/runtime/debuggable.js), so that when PULUMI_DEBUG_PROMISE_LEAKS is set and the
// program exits with one unsettled, it can print where that promise came from. It takes that
// stack, `new Error().stack`, for every promise whether or not the variable is set: a dozen and
// more per resource, formatted through source maps since tsx enables them, and kept on the
// promise for the run. At 1,000 spaces that was about 84,000 stacks, a third of the worker's CPU
// before the first registration (some 3 s) and some 70 MB of its heap, for text nothing reads
// unless the variable is set (every reader in the SDK checks `debugPromiseLeaks` first).
type DebuggablePromise = <T>(p: Promise<T>, ctx: unknown) => Promise<T>;
interface DebuggableModule {
  debugPromiseLeaks?: boolean;
  debuggablePromise?: DebuggablePromise;
}

const wrapped = new WeakSet<object>();

/**
 * Makes the SDK's `debuggablePromise` (of the copy `sdk` loads) skip its stack while its
 * `debugPromiseLeaks` switch is off; with the switch on it runs as it was. Everything else it
 * does (the leak count at exit, the promise on a rejection's error) stays as it was. Does nothing
 * when that SDK has no such function.
 */
export function skipUnreadPromiseStacks(sdk: NodeJS.Require): void {
  let debuggable: DebuggableModule;
  try {
    debuggable = sdk("./runtime/debuggable") as DebuggableModule;
  } catch {
    return;
  }
  const original = debuggable.debuggablePromise;
  if (typeof original !== "function" || wrapped.has(debuggable)) return;
  wrapped.add(debuggable);
  debuggable.debuggablePromise = <T>(p: Promise<T>, ctx: unknown): Promise<T> => {
    if (debuggable.debugPromiseLeaks) return original(p, ctx);
    const limit = Error.stackTraceLimit;
    // Without frames the SDK's `new Error().stack` is a bare "Error": nothing is walked or kept.
    Error.stackTraceLimit = 0;
    try {
      return original(p, ctx);
    } finally {
      Error.stackTraceLimit = limit;
    }
  };
}
