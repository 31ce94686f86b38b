import MarkdownIt from "markdown-it";
import { resolveLink, slugify } from "../markdown";
import { html, Html } from "./html";

/**
 * How much Markdown one app page renders, all its pieces counted (a change request's comments
 * share it); the rest is shown as text. markdown-it takes time in proportion to its input, but
 * with a large factor on crafted text: 1 MiB of `![` took 1.8 s of CPU on this machine, and the
 * page is rendered on the request thread. Capped, a crafted page costs what 256 KiB does
 * (`npm run bench`, "app pages").
 */
export const MAX_RENDERED_MARKDOWN = 256 * 1024;

/**
 * A page's Markdown as HTML for the app pages, with markdown-it (CommonMark). Raw HTML in the
 * Markdown is disabled (`html: false`): written as text, never as markup, so a page cannot put
 * a script or a form into the emulator's pages; markdown-it's own link check refuses
 * `javascript:`, `vbscript:`, `file:` and non-image `data:` URLs. Nesting stops at 20 levels
 * (the default is 100): each unclosed `![` or `[` scans on through up to that many nested
 * attempts, so the factor above is five times smaller.
 */
const md = new MarkdownIt({ html: false, linkify: true });
// Read from the options at each parse; markdown-it's type declarations leave it out.
Object.assign(md.options, { maxNesting: 20 });

/** What is left of a page's `MAX_RENDERED_MARKDOWN`, in characters: one per page, shared by its pieces. */
export class MarkdownBudget {
  constructor(public left = MAX_RENDERED_MARKDOWN) {}
}

/** Where the links of a page lead: its revision's pages by path, and its files by name. */
export interface LinkTargets {
  /** The path of the page being rendered (`guides/install`): relative links start from its folder. */
  pagePath: string;
  pageUrl(path: string): string | undefined;
  fileUrl(name: string): string | undefined;
}

/** A link or image source as the browser should follow it; `broken` when it names nothing. */
function target(href: string, targets: LinkTargets): { href: string; broken: boolean } {
  if (href.startsWith("#")) return { href, broken: false };
  const link = resolveLink(targets.pagePath, href);
  if (link.kind === "url") return { href, broken: false };
  const page = targets.pageUrl(link.path);
  if (page !== undefined)
    return { href: link.anchor ? `${page}#${link.anchor}` : page, broken: false };
  const file = targets.fileUrl(link.path.split("/").at(-1)!);
  return file !== undefined ? { href: file, broken: false } : { href, broken: true };
}

/**
 * Renders a page's Markdown: its links lead to the app pages of the pages and files they name
 * (a link naming nothing is marked `broken`), and its headings carry the anchors search hits
 * and `sectionsOf` give (`#verify`, `#verify-2`).
 */
export function renderMarkdown(
  markdown: string,
  targets: LinkTargets,
  budget = new MarkdownBudget(),
): Html {
  const cut =
    markdown.length <= budget.left
      ? markdown.length
      : budget.left <= 0
        ? 0
        : cutPoint(markdown, budget.left);
  budget.left -= cut;
  const rendered = cut > 0 ? renderWhole(markdown.slice(0, cut), targets) : new Html("");
  if (cut === markdown.length) return rendered;
  return html`${rendered}
    <p class="meta">
      ${`The rest is shown as text: an app page renders at most ${MAX_RENDERED_MARKDOWN / 1024} KiB of Markdown.`}
    </p>
    <pre class="unrendered">${markdown.slice(cut)}</pre>`;
}

/** Where to stop rendering: the last line break within `max` characters, else `max` itself. */
function cutPoint(markdown: string, max: number): number {
  const line = markdown.lastIndexOf("\n", max - 1);
  if (line >= 0) return line + 1;
  // Not between the two halves of a surrogate pair.
  const code = markdown.charCodeAt(max - 1);
  return code >= 0xd800 && code <= 0xdbff ? max - 1 : max;
}

function renderWhole(markdown: string, targets: LinkTargets): Html {
  const tokens = md.parse(markdown, {});
  const anchors = new Map<string, number>();
  tokens.forEach((token, i) => {
    if (token.type === "heading_open") {
      const base = slugify(tokens[i + 1]?.content ?? "");
      const seen = anchors.get(base) ?? 0;
      anchors.set(base, seen + 1);
      token.attrSet("id", seen === 0 ? base : `${base}-${seen + 1}`);
    }
    for (const child of token.children ?? []) {
      const attr = child.type === "link_open" ? "href" : child.type === "image" ? "src" : undefined;
      const value = attr && child.attrGet(attr);
      if (!attr || !value) continue;
      const { href, broken } = target(value, targets);
      child.attrSet(attr, href);
      if (broken) child.attrSet("class", "broken");
    }
  });
  return new Html(md.renderer.render(tokens, md.options, {}));
}
