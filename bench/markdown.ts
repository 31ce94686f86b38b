import { leadingTitle, linksOf, sectionsOf } from "../emulator/markdown";
import { MarkdownBudget, renderMarkdown } from "../emulator/pages/page-markdown";
import { pdfDocument } from "../emulator/pdf";
import type { BenchModule } from "./types";

/**
 * The emulator's Markdown readers on the worst pages known for them (issue 23): a heading of
 * spaces that cannot end, links and autolinks that never close, runs of brackets, and a page of
 * ordinary lines, at the issue's 3,000 characters and at 1 MB (the page cap is 1 MiB). The tests
 * hold the API's read of a page (sections, links, title) and the app page (markdown-it) to linear
 * growth (test/emulator/markdown.test.ts); these are their absolute figures, with the PDF's.
 * Then issue 32's app pages: a crafted 1 MiB page, and a change request's 20 crafted comments,
 * which share one page's budget of rendered Markdown.
 */
const filled = (size: number, unit: string, prefix = "", suffix = "") =>
  prefix + unit.repeat(Math.floor((size - prefix.length - suffix.length) / unit.length)) + suffix;

const PAGES: [string, (size: number) => string][] = [
  ["heading of spaces", (n) => filled(n, " ", "# a", "\rx")],
  ["links never closed", (n) => filled(n, "[a](")],
  ["link titles never closed", (n) => filled(n, '[a](b "')],
  ["autolinks never closed", (n) => filled(n, "<http://")],
  ["open brackets", (n) => filled(n, "[")],
  ["images never closed", (n) => filled(n, "![")],
  ["emphasis never closed", (n) => filled(n, "_a")],
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
    const bomb = "![".repeat(512 * 1024);
    const comments = Array.from({ length: 20 }, () => "![".repeat(50_000));
    const page = median(3, () => renderMarkdown(bomb, targets));
    const thread = median(3, () => {
      const budget = new MarkdownBudget();
      for (const comment of comments) renderMarkdown(comment, targets, budget);
    });
    lines.push(
      "",
      "app pages, median of 3 runs, ms",
      `${"a page of 1 MiB of '!['".padEnd(44)} ${page.toFixed(1).padStart(8)}`,
      `${"20 comments of 50,000 '![' on one page".padEnd(44)} ${thread.toFixed(1).padStart(8)}`,
    );
    return lines;
  },
};
