/**
 * What the emulator reads out of a page's Markdown, with no store and no HTTP: slugs, the
 * sections a search hit carries (§2.11), and the links the links operations list (§4.4, §4.5).
 * Pure functions, shared by the content store, its routes, Git sync and the app pages.
 */

/**
 * A slug from a title: lower case, runs of other characters to `-`, at most `max` characters;
 * `fallback` when nothing is left. A page's (§2.11, max 100) by default; a site space's path
 * takes 90 and `space`.
 */
export function slugify(title: string, { max = 100, fallback = "page" } = {}): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, max)
    .replace(/-+$/, "");
  return slug === "" ? fallback : slug;
}

/** A site section's or site space's path from a title: at most 90 characters, else `space`. */
export const pathSlug = (title: string) => slugify(title, { max: 90, fallback: "space" });

/** `base`, or `base-2`, `base-3`, ... : the first one `taken` refuses. */
export function uniquePath(base: string, taken: (path: string) => boolean): string {
  if (!taken(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken(candidate)) return candidate;
  }
}

/** One section of a page: the text under a heading, or before the first heading. */
export interface Section {
  /** The heading's anchor (`install-the-cli`), `""` for the text before the first heading. */
  anchor: string;
  /** The heading's text; the page's title for the text before the first heading. */
  title: string;
  body: string;
}

const FENCE = /^\s{0,3}(```|~~~)/;

/** Whitespace as `\s` reads it, one character at a time. */
function isSpace(ch: string | undefined): boolean {
  if (ch === undefined) return false;
  const code = ch.charCodeAt(0);
  if (code === 32 || (code >= 9 && code <= 13)) return true;
  return code > 127 && /\s/.test(ch);
}

/**
 * An ATX heading line (`## Install ##`): its level and text, or undefined. Up to three spaces
 * before the `#`s, at least one space after them; the text is trimmed, and a closing run of `#`s
 * dropped when a space precedes it (`# C#` keeps its `#`, as CommonMark reads it). Read by hand,
 * in one pass: a regular expression for it backtracks, cubically on a line of spaces.
 */
export function atxHeading(line: string): { level: number; text: string } | undefined {
  let i = 0;
  while (i < 3 && isSpace(line[i])) i++;
  let level = 0;
  while (line[i + level] === "#") level++;
  if (level < 1 || level > 6 || !isSpace(line[i + level])) return undefined;
  let text = line.slice(i + level).trim();
  let end = text.length;
  while (end > 0 && text[end - 1] === "#") end--;
  if (end < text.length && (end === 0 || isSpace(text[end - 1]))) text = text.slice(0, end).trim();
  return { level, text };
}

/**
 * Splits Markdown at its ATX headings (`#` to `######`), fenced code left whole. A heading's
 * anchor is its slug, made unique in the page as `-2`, `-3`, the way the app writes anchors.
 */
export function sectionsOf(pageTitle: string, markdown: string): Section[] {
  const sections: Section[] = [];
  const anchors = new Map<string, number>();
  let current: Section = { anchor: "", title: pageTitle, body: "" };
  let fenced = false;
  for (const line of markdown.split(/\r?\n/)) {
    if (FENCE.test(line)) fenced = !fenced;
    const heading = fenced ? undefined : atxHeading(line);
    if (heading === undefined) {
      current.body += `${line}\n`;
      continue;
    }
    if (current.anchor !== "" || current.body.trim() !== "") sections.push(current);
    const base = slugify(heading.text);
    const seen = anchors.get(base) ?? 0;
    anchors.set(base, seen + 1);
    current = { anchor: seen === 0 ? base : `${base}-${seen + 1}`, title: heading.text, body: "" };
  }
  sections.push(current);
  return sections.map((s) => ({ ...s, body: s.body.trim() }));
}

/** The first level-one heading of a Markdown text, if it starts with one. */
export function leadingTitle(markdown: string): string | undefined {
  const first = markdown.split(/\r?\n/).find((line) => line.trim() !== "");
  const heading = first === undefined ? undefined : atxHeading(first);
  return heading?.level === 1 && heading.text !== "" ? heading.text : undefined;
}

/** A link written in Markdown: `[text](target)` or `<https://...>`, images left out. */
export function linksOf(markdown: string): string[] {
  const links: string[] = [];
  let fenced = false;
  for (const line of markdown.split(/\r?\n/)) {
    if (FENCE.test(line)) fenced = !fenced;
    if (fenced) continue;
    const text = line.replace(/`[^`]*`/g, "");
    // One push each: a spread of 131,000 links into `push` passes the call stack's limit.
    for (const link of inlineLinks(text)) links.push(link);
    // `<` is no character of the URL: each attempt stops at the next one, so the scan is linear.
    for (const match of text.matchAll(/<(https?:\/\/[^<>\s]+)>/g)) links.push(match[1]!);
  }
  return links;
}

/**
 * The targets of one line's `[text](target "title")` links, images (`![...](...)`) left out, in
 * one pass: a link's text is what follows the first `[` after the last `]`, and the ends of the
 * target and of a title are found once for the whole line, whatever the number of candidates
 * (the regular expression this replaces rescanned the rest of the line at each `[`).
 */
function inlineLinks(line: string): string[] {
  const found: string[] = [];
  const targetEnd = nextIndexCache(line, (ch) => ch === ")" || ch === ">" || isSpace(ch));
  const quote = nextIndexCache(line, (ch) => ch === '"');
  let open = -1;
  let after = 0;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === "[") {
      if (open === -1) open = i;
      continue;
    }
    if (line[i] !== "]") continue;
    const start = open;
    open = -1;
    if (start === -1 || line[i + 1] !== "(") continue;
    let j = i + 2;
    while (isSpace(line[j])) j++;
    if (line[j] === "<") j++;
    const end = targetEnd(j);
    if (end === j) continue;
    const target = line.slice(j, end);
    j = end;
    if (line[j] === ">") j++;
    let k = j;
    while (isSpace(line[k])) k++;
    if (k > j && line[k] === '"') {
      const close = quote(k + 1);
      if (close < line.length) j = close + 1;
    }
    while (isSpace(line[j])) j++;
    if (line[j] !== ")") continue;
    if (!(start - 1 >= after && line[start - 1] === "!")) found.push(target);
    after = j + 1;
    i = j;
  }
  return found;
}

/**
 * `from => the first index at or after from whose character passes stop` (the line's length
 * when none does), remembered: asked with ever larger `from`, it reads the line once in all.
 */
function nextIndexCache(line: string, stop: (ch: string) => boolean): (from: number) => number {
  let scannedFrom = Infinity;
  let found = -1;
  return (from) => {
    if (from >= scannedFrom && from <= found) return found;
    let i = from;
    while (i < line.length && !stop(line[i]!)) i++;
    scannedFrom = from;
    found = i;
    return i;
  };
}

/** Where a link in a page points, before the revision is consulted. */
export type LinkTarget =
  | { kind: "url"; url: string }
  /** A path in the revision (`guides/install`), without `.md`, `README` or the anchor. */
  | { kind: "path"; path: string; anchor?: string };

/**
 * Resolves a link written on the page at `pagePath`: a URL with a scheme stays a URL; anything
 * else is a path in the revision, relative to the page's folder (`./`, `../`), or to the root
 * when it starts with `/`. `.md` and a trailing `README` are dropped, as in a Git repository.
 */
export function resolveLink(pagePath: string, target: string): LinkTarget {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//"))
    return { kind: "url", url: target };
  const [rawPath, anchor] = target.split("#", 2) as [string, string | undefined];
  const base = rawPath.startsWith("/") ? [] : pagePath.split("/").slice(0, -1);
  const parts = [...base];
  for (const part of decodeURIComponentSafe(rawPath).split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") parts.pop();
    else parts.push(part);
  }
  const last = parts.at(-1);
  if (last !== undefined && /^readme\.md$/i.test(last)) parts.pop();
  else if (last !== undefined && last.endsWith(".md")) parts[parts.length - 1] = last.slice(0, -3);
  return {
    kind: "path",
    path: rawPath === "" ? pagePath : parts.join("/"),
    ...(anchor ? { anchor } : {}),
  };
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * An FTS5 query for what a person typed: each word quoted (so `AND`, `*`, `"` and `:` are
 * words, never syntax), all required. `undefined` when nothing searchable is left.
 */
export function ftsQuery(query: string): string | undefined {
  const words = searchWords(query);
  return words.length === 0 ? undefined : words.map((w) => `"${w}"`).join(" ");
}

/** The words of what a person typed, lower case: what `ftsQuery` quotes and sections are matched on. */
export function searchWords(query: string): string[] {
  return (query.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []).filter(
    (w, i, all) => all.indexOf(w) === i,
  );
}

function wordPattern(word: string): RegExp {
  // A whole word, as FTS5's tokenizer reads one: `install` is not found in `installer`.
  return new RegExp(`(?<![\\p{L}\\p{N}_])${word}(?![\\p{L}\\p{N}_])`, "iu");
}

/**
 * How many of `words` (from `searchWords`) a section's heading or body holds. The text before the
 * first heading is read without the page's title: a word found only there matched the page.
 */
export function sectionHits(section: Section, words: readonly string[]): number {
  const text = section.anchor === "" ? section.body : `${section.title}\n${section.body}`;
  return words.filter((w) => wordPattern(w).test(text)).length;
}

/**
 * At most `max` characters of a section's body around the first of `words` it holds (its start
 * when it holds none), cut at spaces and marked `…` where cut.
 */
export function excerpt(body: string, words: readonly string[], max = 240): string {
  const flat = body.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const found = words
    .map((w) => wordPattern(w).exec(flat)?.index)
    .filter((i): i is number => i !== undefined);
  const at = found.length === 0 ? 0 : Math.min(...found);
  let start = Math.max(0, at - Math.floor(max / 4));
  if (start > 0) start = flat.indexOf(" ", start) + 1 || start;
  let end = Math.min(flat.length, start + max);
  const space = flat.lastIndexOf(" ", end);
  if (end < flat.length && space > start) end = space;
  return `${start > 0 ? "…" : ""}${flat.slice(start, end)}${end < flat.length ? "…" : ""}`;
}
