import { networkInterfaces } from "node:os";
import type { MiddlewareHandler } from "hono";
import { HttpError } from "../errors";
import { requestHeader } from "./headers";

/**
 * Which addresses the emulator answers at. A web page the developer opens can send requests to
 * the emulator's port; the Host check stops it reading answers through DNS rebinding (a name of
 * its own that resolves to 127.0.0.1), and the Origin check stops it writing through a form or a
 * `fetch` in no-cors mode. Both compare with the addresses the emulator listens on.
 */
export class Hosts {
  private port: number | undefined;
  private readonly bound = new Set<string>();

  /** `extra`: further host names served at any port (the in-process tests' `emulator.test`). */
  constructor(private readonly extra: readonly string[] = []) {}

  /**
   * Records the address and port the server listens on. A wildcard address (`0.0.0.0`, `::`)
   * stands for every address of the machine's interfaces.
   */
  listen(host: string, port: number): void {
    this.port = port;
    const addresses =
      host === "0.0.0.0" || host === "::"
        ? Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address))
        : [host];
    for (const address of addresses) this.bound.add(hostName(address));
  }

  /** Whether a Host header's value (`name:port`, as `URL.host` writes it) is one of ours. */
  allows(host: string): boolean {
    const match = /^(\[[^\]]*\]|[^:]*)(?::(\d+))?$/.exec(host.toLowerCase());
    if (!match) return false;
    const [, name, port] = match as unknown as [string, string, string | undefined];
    if (this.extra.includes(name)) return true;
    if (this.port !== undefined && Number(port ?? 80) !== this.port) return false;
    return isLoopbackName(name) || this.bound.has(name);
  }
}

/** How a URL writes an address: IPv6 in brackets, names in lower case. */
function hostName(address: string): string {
  return address.includes(":") ? `[${address.toLowerCase()}]` : address.toLowerCase();
}

/** Names that reach this machine only, whatever a DNS server answers. */
export function isLoopbackName(name: string): boolean {
  return (
    name === "localhost" ||
    name.endsWith(".localhost") ||
    /^127(\.\d{1,3}){3}$/.test(name) ||
    name === "[::1]"
  );
}

/** Whether binding to `host` keeps the emulator on this machine. */
export function isLoopbackAddress(host: string): boolean {
  return isLoopbackName(hostName(host));
}

/**
 * Refuses a request whose Host is not one of the emulator's addresses (421), or whose Origin,
 * when a browser sent one, is not a page of the emulator itself (403). Requests without an
 * Origin (command-line clients, the provider) pass.
 */
export function hostGuard(hosts: Hosts): MiddlewareHandler {
  return async (c, next) => {
    const host = new URL(c.req.url).host;
    if (!hosts.allows(host))
      throw new HttpError(
        421,
        `Host ${host} is not an address this emulator listens on; call it at the address it printed, or start it with --allow-host ${host.replace(/:\d+$/, "")}`,
      );
    const origin = requestHeader(c, "origin");
    if (origin !== undefined && !sameOrigin(origin, hosts))
      throw new HttpError(
        403,
        `Origin ${origin} is not this emulator: only its own pages and clients that send no Origin may call it`,
      );
    await next();
  };
}

function sameOrigin(origin: string, hosts: Hosts): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // `null` (a sandboxed page, a file) included
  }
  return url.protocol === "http:" && hosts.allows(url.host);
}
