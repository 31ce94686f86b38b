import { type Background, pause } from "../background";
import type { Store } from "../store";
import {
  concludeHostnameCheck,
  findCustomHostname,
  hostnamesInCheck,
} from "../store/custom-hostnames";

/**
 * Checks a custom hostname's DNS and certificate: `ssl_pending` for the processing delay, then
 * `live`, or the status the admin API injected. A newer check (an attach, a revalidation) aborts
 * this one, and the check number keeps it from writing.
 */
export function checkCustomHostname(store: Store, background: Background, hostname: string): void {
  const check = findCustomHostname(store, hostname)?.checks;
  if (check === undefined) return;
  background.start(`custom-hostname:${hostname}`, async (signal) => {
    await pause(background.processingDelayMs, signal);
    concludeHostnameCheck(store, hostname, check);
  });
}

/** Checks again every hostname a stopped emulator left in check. */
export function resumeHostnameChecks(store: Store, background: Background): void {
  for (const row of hostnamesInCheck(store)) checkCustomHostname(store, background, row.hostname);
}
