import { contentInput } from "../../emulator/content-tree";
import { MAX_PAGE_MARKDOWN_BYTES } from "../../emulator/limits";
// Mulberry32, as fault rules draw with it: the fuzz runs draw the same inputs on every run.
import { seededRandom as seeded } from "../../emulator/faults";
import { atxHeading, leadingTitle, linksOf, sectionsOf } from "../../emulator/markdown";
import { renderMarkdown } from "../../emulator/pages/page-markdown";
import { pdfDocument, plainText } from "../../emulator/pdf";

/**
 * The emulator reads every page's Markdown (its sections for search, its links, its title, its
 * PDF and app page): each of those readers must take time linear in the page, whatever it holds.
 */

const ONE_MB = 1_000_000;
/** `unit` repeated to 1 MB, between `prefix` and `suffix`. */
const megabyte = (unit: string, prefix = "", suffix = "") =>
  prefix + unit.repeat(Math.floor((ONE_MB - prefix.length - suffix.length) / unit.length)) + suffix;

/**
 * Pages built to make a backtracking reader rescan: a heading of spaces that cannot end (the
 * regular expression this replaced took 12 s at 3,000 spaces), links and autolinks that never
 * close, runs of brackets, and a page of ordinary lines.
 */
const CRAFTED: Record<string, string> = {
  "a heading of spaces": megabyte(" ", "# a", "\rx"),
  "a heading of closing marks": megabyte(" #", "# a", "\rx"),
  "a first line of spaces": megabyte(" ", "#", "\rx"),
  "open brackets": megabyte("["),
  "links never closed": megabyte("[a]("),
  "link titles never closed": megabyte('[a](b "'),
  "autolinks never closed": megabyte("<http://"),
  "brackets then their closers": "[".repeat(ONE_MB / 2) + "](".repeat(ONE_MB / 4),
  "ordinary lines": megabyte("## Install\n[the guide](guides/install.md) <https://a.example>\n"),
};

/** What reading a page does on the API's side: sections, links and title. */
function readPage(markdown: string): void {
  sectionsOf("Page", markdown);
  linksOf(markdown);
  leadingTitle(markdown);
}

test.each(Object.entries(CRAFTED))(
  "a crafted 1 MB page (%s) is read in under 100 ms",
  (_name, markdown) => {
    // This process's CPU time, not the wall clock: other work on a shared machine takes none of
    // it. One run first, so the readers are compiled as in a running emulator, then the best of
    // five, so that a garbage collection or a busy neighbour's cache is not taken for the
    // reader's cost (CI once read 113 ms as the best of three cold runs, under 40 ms warm).
    readPage(markdown);
    const times = [0, 1, 2, 3, 4].map(() => {
      const started = process.cpuUsage();
      readPage(markdown);
      const used = process.cpuUsage(started);
      return (used.user + used.system) / 1000;
    });
    expect(Math.min(...times)).toBeLessThan(100);
  },
);

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

const targets = { pagePath: "guides/page", pageUrl: () => undefined, fileUrl: () => undefined };

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
