/** A request as the emulator's log records it: enough to count an export's reads. */
export interface ReadRequest {
  method: string;
  path: string;
  query?: Record<string, unknown> | undefined;
}

/**
 * The reads an export sent more than once: the same path and page asked twice. The export's
 * rule is one request per page of each list and one per object read on its own, so this is
 * empty when it kept it.
 */
export function repeatedReads(requests: readonly ReadRequest[]): string[] {
  const seen = new Set<string>();
  const repeated: string[] = [];
  for (const r of requests) {
    const page = typeof r.query?.page === "string" ? ` page ${r.query.page}` : "";
    const key = `${r.method} ${r.path}${page}`;
    if (seen.has(key)) repeated.push(key);
    seen.add(key);
  }
  return repeated;
}
