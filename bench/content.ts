import { againstBare, fmt, measure as measureAt } from "./emulator";
import type { BenchModule } from "./types";

/** Requests per second of `request`, CONCURRENCY at a time. */
const measure = (total: number, request: () => Promise<void>) =>
  measureAt(total, () => request(), CONCURRENCY);

/**
 * Search over 10,000 pages and content reads (issue 14), against a bare node:http server
 * answering a small JSON object over the same loopback: how far the emulator's full-text search
 * (FTS5) and its content reads are from the floor of any HTTP answer here.
 */
const SPACES = 100;
const TOP_PAGES = 10;
const CHILDREN = 9;
const REQUESTS = 1000;
const CONCURRENCY = 16;

const VOCABULARY =
  "deploy release rollback incident pager review merge branch cache queue token build test lint schema index replica shard backup restore".split(
    " ",
  );

/** A page's Markdown: two sections of common words, and one word no other page has. */
function markdown(space: number, page: number): string {
  const words = (n: number, seed: number) =>
    Array.from({ length: n }, (_, i) => VOCABULARY[(seed * 7 + i * 13) % VOCABULARY.length]).join(
      " ",
    );
  return `# Page ${page}\n\n${words(60, space + page)}\n\n## Details\n\n${words(40, page)} uniq${space}x${page}\n`;
}

export const contentBench: BenchModule = {
  name: "emulator content and search",
  run: () =>
    againstBare(async ({ emulator, bare, headers }) => {
      const api = `${emulator.url}/v1`;
      const ok = async (url: string, init?: RequestInit) => {
        const res = await fetch(url, { headers, ...init });
        const text = await res.text();
        if (res.status >= 300) throw new Error(`${url}: ${res.status} ${text}`);
        return text;
      };

      const seedStart = performance.now();
      const spaceIds: string[] = [];
      for (let s = 0; s < SPACES; s++) {
        const space = JSON.parse(
          await ok(`${api}/orgs/${emulator.organizationId}/spaces`, {
            method: "POST",
            body: JSON.stringify({ title: `Space ${s}` }),
          }),
        ) as { id: string };
        spaceIds.push(space.id);
        const pages = Array.from({ length: TOP_PAGES }, (_, top) => ({
          title: `Chapter ${top}`,
          markdown: markdown(s, top * 100),
          pages: Array.from({ length: CHILDREN }, (_, c) => ({
            title: `Section ${top}.${c}`,
            markdown: markdown(s, top * 100 + c + 1),
          })),
        }));
        await ok(`${emulator.url}/_emulator/spaces/${space.id}/content`, {
          method: "PUT",
          headers: { ...headers, authorization: `Bearer ${emulator.adminToken}` },
          body: JSON.stringify({ pages }),
        });
      }
      const seedSeconds = (performance.now() - seedStart) / 1000;
      const total = SPACES * TOP_PAGES * (CHILDREN + 1);

      const space = spaceIds[SPACES / 2]!;
      const tree = JSON.parse(await ok(`${api}/spaces/${space}/content/pages`)) as {
        pages: { id: string; pages: { id: string }[] }[];
      };
      const pageId = tree.pages[3]!.pages[4]!.id;
      const get = (url: string) => async () => void (await ok(url));
      const org = `${api}/orgs/${emulator.organizationId}/search`;
      const rows: [string, string][] = [
        ["org search, 1 hit", `${org}?query=uniq${SPACES / 2}x304`],
        ["org search, all hit, 10", `${org}?query=deploy&limit=10`],
        ["space search, 1 hit", `${api}/spaces/${space}/search?query=uniq${SPACES / 2}x304`],
        ["space search, 100 hits", `${api}/spaces/${space}/search?query=deploy`],
        ["GET content (revision)", `${api}/spaces/${space}/content`],
        ["GET content/pages", `${api}/spaces/${space}/content/pages`],
        ["GET a page", `${api}/spaces/${space}/content/page/${pageId}`],
      ];
      // Warm both servers (JIT, connections, statement cache) before measuring.
      for (const [, url] of rows) await measure(50, get(url));
      await measure(200, get(bare.url));
      const floor = await measure(REQUESTS, get(bare.url));
      const lines = [
        `${total.toLocaleString("en-US")} pages in ${SPACES} spaces (${TOP_PAGES} chapters of ${CHILDREN + 1} pages), seeded through the admin API in ${seedSeconds.toFixed(1)} s`,
        `${REQUESTS} requests each, ${CONCURRENCY} concurrent, keep-alive over loopback; bare http: ${fmt(floor).trim()} requests/s`,
        `${"operation".padEnd(26)} ${"req/s".padStart(8)}  ms each  of bare`,
      ];
      for (const [name, url] of rows) {
        const rate = await measure(REQUESTS, get(url));
        lines.push(
          `${name.padEnd(26)} ${fmt(rate)}  ${(1000 / rate).toFixed(2).padStart(7)}  ${(rate / floor).toFixed(2)}`,
        );
      }
      return lines;
    }),
};
