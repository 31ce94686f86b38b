import { leadingTitle, linksOf, sectionsOf } from "../emulator/markdown";
import { renderMarkdown } from "../emulator/pages/page-markdown";
import { pdfDocument } from "../emulator/pdf";
import type { BenchModule } from "./types";

/**
 * The emulator's Markdown readers on the worst pages known for them (issue 23): a heading of
 * spaces that cannot end, links and autolinks that never close, runs of brackets, and a page of
 * ordinary lines, at the 3,000 characters and at 1 MB (the page cap is 1 MiB). The API's
 * read of a page (sections, links, title) is the one held to 100 ms at 1 MB
 * (test/emulator/markdown.test.ts); the app page (markdown-it) and the PDF are shown beside it.
 */
const filled = (size: number, unit: string, prefix = "", suffix = "") =>
  prefix + unit.repeat(Math.floor((size - prefix.length - suffix.length) / unit.length)) + suffix;

const PAGES: [string, (size: number) => string][] = [
  ["heading of spaces", (n) => filled(n, " ", "# a", "\rx")],
  ["links never closed", (n) => filled(n, "[a](")],
  ["link titles never closed", (n) => filled(n, '[a](b "')],
  ["autolinks never closed", (n) => filled(n, "<http://")],
  ["open brackets", (n) => filled(n, "[")],
  [
    "ordinary lines",
    (n) => filled(n, "## Install\n[the guide](guides/install.md) <https://a.example>\n"),
  ],
];

/** The median of `runs` timings of `work`, in milliseconds. */
function median(runs: number, work: () => void): number {
  const times = Array.from({ length: runs }, () => {
    const started = performance.now();
    work();
    return performance.now() - started;
  }).sort((a, b) => a - b);
  return times[Math.floor(runs / 2)]!;
}

const targets = { pagePath: "guides/page", pageUrl: () => undefined, fileUrl: () => undefined };

export const markdownBench: BenchModule = {
  name: "markdown worst case",
  async run() {
    const lines = [
      `median of 5 runs, ms; API read = sections + links + title`,
      `${"page".padEnd(26)} ${"size".padStart(9)}  ${"API read".padStart(8)}  ${"app page".padStart(8)}  ${"PDF".padStart(7)}`,
    ];
    for (const size of [3_000, 1_000_000])
      for (const [name, page] of PAGES) {
        const markdown = page(size);
        const read = median(5, () => {
          sectionsOf("Page", markdown);
          linksOf(markdown);
          leadingTitle(markdown);
        });
        const app = median(5, () => renderMarkdown(markdown, targets));
        const pdf = median(5, () => pdfDocument("Page", [{ title: "Page", depth: 0, markdown }]));
        lines.push(
          `${name.padEnd(26)} ${size.toLocaleString("en-US").padStart(9)}  ${read.toFixed(1).padStart(8)}  ${app.toFixed(1).padStart(8)}  ${pdf.toFixed(1).padStart(7)}`,
        );
      }
    return lines;
  },
};
