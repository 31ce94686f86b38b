import { createHash } from "node:crypto";

/**
 * Plain server HTML for the app pages: a tagged template that escapes every value it is given
 * unless it is already HTML, and one layout. No client framework, no script.
 */

/** A piece of HTML that is safe to insert as it is. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Value = Html | string | number | boolean | null | undefined | readonly Value[];

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escape(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}

function render(value: Value): string {
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  if (value === null || value === undefined || value === false) return "";
  return escape(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let out = strings[0]!;
  values.forEach((value, i) => (out += render(value) + strings[i + 1]!));
  return new Html(out);
}

/** A share link's key as a page shows it: enough to tell links apart, never the secret. */
export function maskKey(key: string): string {
  return `${key.slice(0, 4)}${"•".repeat(8)}`;
}

/** A URL with its `share` key masked. */
export function maskShareUrl(url: string): string {
  return url.replace(
    /([?&]share=)([^&#]+)/,
    (_all, prefix: string, key: string) => prefix + maskKey(key),
  );
}

const STYLE = `
body { font: 15px/1.5 system-ui, sans-serif; margin: 0; color: #1d1f24; background: #fafafa; }
header { background: #1d1f24; color: #fff; padding: .6rem 1.5rem; display: flex; gap: 1.5rem; align-items: baseline; }
header a { color: #cfe0ff; }
header form { margin: 0; }
header input[type="submit"] { background: none; border: 1px solid #cfe0ff; color: #cfe0ff; cursor: pointer; }
header strong { margin-right: auto; }
main { max-width: 60rem; margin: 1.5rem auto; padding: 0 1.5rem; }
h1 { font-size: 1.6rem; margin: 0 0 .25rem; }
h2 { font-size: 1.15rem; margin: 1.75rem 0 .5rem; }
.meta { color: #5b606b; margin: 0 0 1rem; }
ul.tree, ul.tree ul { list-style: none; padding-left: 1.25rem; margin: .2rem 0; }
ul.tree { padding-left: 0; }
.kind { display: inline-block; min-width: 5.5rem; color: #5b606b; font-size: .8rem; text-transform: uppercase; letter-spacing: .03em; }
.badge { display: inline-block; padding: 0 .45rem; border-radius: .6rem; font-size: .8rem; background: #e6e8ee; }
.badge.on { background: #d3f3dd; color: #14532d; }
.badge.off { background: #f6dada; color: #7f1d1d; }
table { border-collapse: collapse; width: 100%; background: #fff; }
th, td { text-align: left; padding: .35rem .5rem; border-bottom: 1px solid #e6e8ee; vertical-align: top; }
th { font-size: .8rem; color: #5b606b; text-transform: uppercase; }
code { font: 13px/1.4 ui-monospace, monospace; word-break: break-all; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; }
dt { color: #5b606b; }
dd { margin: 0; }
.empty { color: #5b606b; font-style: italic; }
.content { display: grid; grid-template-columns: 14rem 1fr; gap: 2rem; }
.pages a[aria-current] { font-weight: 600; }
.markdown pre { background: #fff; border: 1px solid #e6e8ee; padding: .6rem; overflow-x: auto; }
.markdown pre.unrendered { white-space: pre-wrap; }
a.broken { color: #7f1d1d; text-decoration: line-through; }
form.search { margin: .5rem 0 1rem; }
ul.comments, ul.replies { list-style: none; padding-left: 0; }
ul.replies { padding-left: 1.5rem; border-left: 2px solid #e6e8ee; }
`;

/** The one layout every page uses. */
/**
 * The Content-Security-Policy of every answer: nothing runs and nothing loads but the pages' own
 * style sheet (by its hash), images of the emulator itself, and forms posted back to it; no page
 * may be framed. The pages have no script, so none is allowed.
 */
/** The style element, written apart from the page's template: its text must be what is hashed. */
const STYLE_ELEMENT = new Html(`<style>${STYLE}</style>`);

export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `style-src 'sha256-${createHash("sha256").update(STYLE).digest("base64")}'`,
  "img-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ");

export function layout(title: string, body: Html): string {
  return `<!doctype html>${html`<html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>${title} · docs-workspace emulator</title>
      ${STYLE_ELEMENT}
    </head>
    <body>
      <header>
        <strong>docs-workspace emulator</strong><a href="/app">Organizations</a
        ><a href="/app/requests">Request log</a><a href="/app/faults">Fault rules</a
        ><a href="/openapi.json">OpenAPI</a>
        <form method="post" action="/app/logout"><input type="submit" value="Log out" /></form>
      </header>
      <main>${body}</main>
    </body>
  </html>`}`;
}

export function badge(on: boolean, yes: string, no: string): Html {
  return html`<span class="badge ${on ? "on" : "off"}">${on ? yes : no}</span>`;
}
