import MarkdownIt from "markdown-it";
import { resolveLink, slugify } from "../markdown";
import { Html } from "./html";

/**
 * A page's Markdown as HTML for the app pages, with markdown-it (CommonMark). Raw HTML in the
 * Markdown is disabled (`html: false`): written as text, never as markup, so a page cannot put
 * a script or a form into the emulator's pages; markdown-it's own link check refuses
 * `javascript:`, `vbscript:`, `file:` and non-image `data:` URLs.
 */
const md = new MarkdownIt({ html: false, linkify: true });

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
export function renderMarkdown(markdown: string, targets: LinkTargets): Html {
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
