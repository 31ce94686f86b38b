import { contentInput } from "../../emulator/content-tree";
import { MAX_PAGE_MARKDOWN_BYTES } from "../../emulator/limits";
// Mulberry32, as fault rules draw with it: the fuzz runs draw the same inputs on every run.
import { seededRandom as seeded } from "../../emulator/faults";
import { atxHeading, leadingTitle, linksOf, sectionsOf } from "../../emulator/markdown";
import {
  MarkdownBudget,
  MAX_RENDERED_MARKDOWN,
  renderMarkdown,
} from "../../emulator/pages/page-markdown";
import { pdfDocument, plainText } from "../../emulator/pdf";

/**
 * The emulator reads every page's Markdown (its sections for search, its links, its title, its
 * PDF and app page): each of those readers must take time linear in the page, whatever it holds.
 * Held as growth, not as milliseconds, which a loaded machine changes: the time for 1 MiB of a
 * crafted input against the time for 64 KiB of the same stays near their size ratio (16; a
 * quadratic reader makes it 256), compared per byte below. The absolute figures are in
 * `npm run bench`.
 */

const KIB = 1024;
/** `unit` repeated to `size` characters, between `prefix` and `suffix`. */
const filled = (size: number, unit: string, prefix = "", suffix = "") =>
  prefix + unit.repeat(Math.floor((size - prefix.length - suffix.length) / unit.length)) + suffix;

/**
 * Pages built to make a backtracking reader rescan: a heading of spaces that cannot end (the
 * regular expression this replaced took 12 s at 3,000 spaces), links, images and autolinks that
 * never close, runs of brackets and of emphasis marks, and a page of ordinary lines.
 */
const CRAFTED: Record<string, (size: number) => string> = {
  "a heading of spaces": (n) => filled(n, " ", "# a", "\rx"),
  "a heading of closing marks": (n) => filled(n, " #", "# a", "\rx"),
  "a first line of spaces": (n) => filled(n, " ", "#", "\rx"),
  "open brackets": (n) => filled(n, "["),
  "images never closed": (n) => filled(n, "!["),
  "links never closed": (n) => filled(n, "[a]("),
  "link titles never closed": (n) => filled(n, '[a](b "'),
  "autolinks never closed": (n) => filled(n, "<http://"),
  "emphasis never closed": (n) => filled(n, "_a"),
  "brackets then their closers": (n) => "[".repeat(n / 2) + "](".repeat(n / 4),
  "ordinary lines": (n) =>
    filled(n, "## Install\n[the guide](guides/install.md) <https://a.example>\n"),
};

/** What reading a page does on the API's side: sections, links and title. */
function readPage(markdown: string): void {
  sectionsOf("Page", markdown);
  linksOf(markdown);
  leadingTitle(markdown);
}

/**
 * This process's CPU time for `work`, the best of `runs` (after one run that compiles it): other
 * work on a shared machine takes none of it, and a garbage collection is not taken for its cost.
 */
function cpuMs(work: () => void, runs: number, warm = true): number {
  if (warm) work();
  const times = Array.from({ length: runs }, () => {
    const started = process.cpuUsage();
    work();
    const used = process.cpuUsage(started);
    return (used.user + used.system) / 1000;
  });
  return Math.max(Math.min(...times), 0.05);
}

/**
 * How much longer 1 MiB of a crafted input takes than 64 KiB of it, per byte: 1 when linear, 16
 * when quadratic. The small input is worked `repeats` times a run, so that neither side is
 * timed at a fraction of a millisecond, where a timer's grain and a neighbour's noise decide.
 */
function growth(
  make: (size: number) => string,
  work: (markdown: string) => void,
  repeats: number,
): number {
  const small = make(64 * KIB);
  const large = make(1024 * KIB);
  const smallMs = cpuMs(() => {
    for (let i = 0; i < repeats; i++) work(small);
  }, 3);
  // Compiled by the small runs already.
  const largeMs = cpuMs(() => work(large), 2, false);
  return largeMs / ((smallMs * 16) / repeats);
}

const targets = { pagePath: "guides/page", pageUrl: () => undefined, fileUrl: () => undefined };

test.each(Object.entries(CRAFTED))(
  "reading a crafted page (%s) grows linearly with its size",
  (_name, make) => {
    expect(growth(make, readPage, 16)).toBeLessThan(3);
  },
);

test.each(Object.entries(CRAFTED))(
  "rendering a crafted page (%s) for the app pages grows linearly with its size",
  (_name, make) => {
    expect(growth(make, (markdown) => renderMarkdown(markdown, targets), 2)).toBeLessThan(3);
  },
);

test("an app page renders at most 256 KiB of Markdown, the rest as text; a page's pieces share it", () => {
  const crafted = "![".repeat(512 * KIB);
  const shown = renderMarkdown(crafted, targets).value;
  expect(MAX_RENDERED_MARKDOWN).toBe(256 * KIB);
  expect(shown.includes("renders at most 256 KiB of Markdown")).toBe(true);
  const rest = /<pre class="unrendered">([^<]*)<\/pre>/.exec(shown)?.[1] ?? "";
  expect(rest.length).toBe(crafted.length - MAX_RENDERED_MARKDOWN);
  // Cut at a line break when there is one, so no line is rendered half.
  const lines = "Some *text*\n".repeat(30 * KIB);
  const cut =
    /<pre class="unrendered">([^<]*)<\/pre>/.exec(renderMarkdown(lines, targets).value)?.[1] ?? "";
  expect(cut.startsWith("Some *text*\n")).toBe(true);
  // Twenty comments of a change request share one budget: the ones past it are text.
  const budget = new MarkdownBudget();
  const comments = Array.from({ length: 20 }, () =>
    renderMarkdown("![".repeat(25_000), targets, budget),
  );
  expect(comments.filter((c) => c.value.includes('class="unrendered"'))).toHaveLength(15);
  expect(budget.left).toBe(0);
  // A short page renders as it did.
  expect(renderMarkdown("# Title\n\n*a*", targets).value).toBe(
    '<h1 id="title">Title</h1>\n<p><em>a</em></p>\n',
  );
});

test("a page's Markdown is capped at 1 MiB, a 400 naming the limit", () => {
  const over = "x".repeat(MAX_PAGE_MARKDOWN_BYTES + 1);
  const result = contentInput.safeParse({ pages: [{ title: "Big", markdown: over }] });
  expect(result.success).toBe(false);
  expect(result.error?.issues[0]).toMatchObject({
    path: ["pages", 0, "markdown"],
    message: `is ${MAX_PAGE_MARKDOWN_BYTES + 1} bytes of Markdown; a page holds at most 1048576 bytes (1 MiB)`,
  });
  // Bytes, not characters: 'é' is two.
  const wide = "é".repeat(MAX_PAGE_MARKDOWN_BYTES / 2 + 1);
  expect(contentInput.safeParse({ pages: [{ title: "Wide", markdown: wide }] }).success).toBe(
    false,
  );
  const fits = "x".repeat(MAX_PAGE_MARKDOWN_BYTES);
  expect(contentInput.safeParse({ pages: [{ title: "Fits", markdown: fits }] }).success).toBe(true);
});

test("a page of 131,000 links on one line is read whole, within the call stack", () => {
  const links = linksOf("[a](b.md) ".repeat(131_000));
  expect(links.length).toBe(131_000);
  expect(links[130_999]).toBe("b.md");
});

/** The link reader this file's linear one replaced, kept as the reference for what it finds. */
function referenceLinks(markdown: string): string[] {
  const links: string[] = [];
  let fenced = false;
  for (const line of markdown.split(/\r?\n/)) {
    if (/^\s{0,3}(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const text = line.replace(/`[^`]*`/g, "");
    for (const match of text.matchAll(/(!?)\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
      if (match[1] === "") links.push(match[2]!);
    for (const match of text.matchAll(/<(https?:\/\/[^<>\s]+)>/g)) links.push(match[1]!);
  }
  return links;
}

const TOKENS = [
  "#", "##", " ", "  ", "\t", "[", "]", "(", ")", "](", "<", ">", "`", "!", '"', "\n", "\r\n",
  "\r", "http://", "https://a.b/", "a", "b.md", "../", "*", "_", "**", "~~~", "```", "é", "\u2028",
  "x y", "-", "1.", ">", "README.md", "#a",
]; // prettier-ignore

function randomMarkdown(random: () => number): string {
  const length = Math.floor(random() * 400);
  let text = "";
  for (let i = 0; i < length; i++) text += TOKENS[Math.floor(random() * TOKENS.length)];
  return text;
}

test("fuzz: 400 random pages (seed 23) read as the reference reader reads them, and every reader finishes", () => {
  const random = seeded(23);
  for (let run = 0; run < 400; run++) {
    const markdown = randomMarkdown(random);
    expect([run, linksOf(markdown)]).toEqual([run, referenceLinks(markdown)]);
    const sections = sectionsOf("Page", markdown);
    const anchors = sections.map((s) => s.anchor).filter((a) => a !== "");
    expect(new Set(anchors).size).toBe(anchors.length);
    for (const s of sections) expect(s.title).toBe(s.title.trim());
    expect(() => renderMarkdown(markdown, targets)).not.toThrow();
    expect(() => plainText(markdown)).not.toThrow();
    expect(pdfDocument("Page", [{ title: "Page", depth: 0, markdown }]).byteLength).toBeGreaterThan(
      0,
    );
  }
});

test("fuzz: a heading is read as its level and its text, whatever surrounds it (seed 7, 300 runs)", () => {
  const random = seeded(7);
  const words = ["Install", "the", "C", "CLI", "é", "[a](b)", "`x`", "#tag"];
  for (let run = 0; run < 300; run++) {
    const level = 1 + Math.floor(random() * 6);
    const text = Array.from(
      { length: 1 + Math.floor(random() * 5) },
      () => words[Math.floor(random() * words.length)],
    ).join(" ");
    const indent = " ".repeat(Math.floor(random() * 4));
    const gap = " ".repeat(1 + Math.floor(random() * 300));
    const closing = random() < 0.5 ? ` ${"#".repeat(Math.floor(random() * 4))}` : "";
    const line = `${indent}${"#".repeat(level)}${gap}${text}${closing}${" ".repeat(Math.floor(random() * 300))}`;
    expect([line, atxHeading(line)]).toEqual([line, { level, text }]);
    const sections = sectionsOf("Page", `${line}\nBody\n`);
    expect(sections.at(-1)).toMatchObject({ title: text, body: "Body" });
  }
  // No heading: seven marks, no space after them, four spaces before.
  for (const line of ["####### x", "#x", "    # x", "", "#"])
    expect(atxHeading(line)).toBeUndefined();
  // A closing run needs a space before it (as CommonMark reads it).
  expect(atxHeading("# C#")).toEqual({ level: 1, text: "C#" });
  expect(atxHeading("## ##")).toEqual({ level: 2, text: "" });
});
