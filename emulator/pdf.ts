import { createHmac, timingSafeEqual } from "node:crypto";
import { atxHeading } from "./markdown";

/**
 * A PDF of pages of Markdown, as the change-request PDF URL serves it (§4.6): text only, in the
 * PDF's standard Helvetica (no font to embed), A4, headings in bold, wrapped lines, one PDF page
 * after another as the text runs. A real PDF 1.4 document, with its cross-reference table, that any
 * reader opens; images, tables and links are left as their text.
 */

/** One page of content in the document: its title, its depth in the tree, and its Markdown. */
export interface PdfSection {
  title: string;
  depth: number;
  markdown: string;
}

const PAGE = { width: 595, height: 842, margin: 56 };
const BODY = { font: "F1", size: 11, leading: 15 };
const HEADING = { font: "F2", size: 15, leading: 22 };
const SUBHEADING = { font: "F2", size: 12, leading: 18 };
/** Helvetica's average glyph width is about half its size: lines are wrapped to fit on that. */
const AVERAGE_WIDTH = 0.5;

interface Line {
  text: string;
  style: typeof BODY;
  /** Space before the line, in points. */
  before: number;
}

/** The text a reader sees of one line of Markdown: its marks removed, links as their text. */
export function plainText(markdown: string): string {
  return (
    markdown
      // No class below holds the character that opens its match: each attempt stops where the
      // next could start, so a line of `[`, `(` or `<` is read once, not once per character.
      .replace(/!\[([^[\]]*)\]\([^()]*\)/g, "$1")
      .replace(/\[([^[\]]*)\]\([^()]*\)/g, "$1")
      .replace(/`([^`]*)`/g, "$1")
      .replace(/(\*\*|__)(.*?)\1/g, "$2")
      .replace(/(^|[^\w*])[*_]([^*_]+)[*_](?=[^\w*]|$)/g, "$1$2")
      .replace(/<[^<>]+>/g, "")
      .trim()
  );
}

function wrap(text: string, style: typeof BODY): string[] {
  const width = Math.floor((PAGE.width - 2 * PAGE.margin) / (style.size * AVERAGE_WIDTH));
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line === "") line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
    while (line.length > width) {
      lines.push(line.slice(0, width));
      line = line.slice(width);
    }
  }
  if (line !== "") lines.push(line);
  return lines;
}

/** The lines of the document, from each section's title and Markdown. */
function layout(sections: readonly PdfSection[]): Line[] {
  const lines: Line[] = [];
  for (const section of sections) {
    const indent = "  ".repeat(Math.min(section.depth, 4));
    lines.push({
      text: `${indent}${section.title}`,
      style: HEADING,
      before: lines.length ? 18 : 0,
    });
    let paragraph: string[] = [];
    const flush = () => {
      const text = plainText(paragraph.join(" "));
      for (const [i, text_] of wrap(text, BODY).entries())
        lines.push({ text: text_, style: BODY, before: i === 0 ? 6 : 0 });
      paragraph = [];
    };
    let fenced = false;
    for (const raw of section.markdown.split("\n")) {
      if (/^\s*(```|~~~)/.test(raw)) {
        flush();
        fenced = !fenced;
        continue;
      }
      if (fenced) {
        lines.push({ text: raw.replace(/\t/g, "  "), style: BODY, before: 0 });
        continue;
      }
      const heading = atxHeading(raw);
      // `s`: the item's text takes the rest of the line whatever it holds, with no backtracking.
      const item = /^\s*(?:[-*+]|\d+[.)])\s+(.*)$/s.exec(raw);
      if (heading) {
        flush();
        // The page's own title heads it already: a leading `# Title` equal to it is not repeated.
        const text = plainText(heading.text);
        if (heading.level === 1 && text === section.title) continue;
        lines.push({ text, style: SUBHEADING, before: 10 });
      } else if (item) {
        flush();
        for (const [i, text] of wrap(plainText(item[1]!), BODY).entries())
          lines.push({ text: `${i === 0 ? "•" : " "} ${text}`, style: BODY, before: 0 });
      } else if (raw.trim() === "") flush();
      else paragraph.push(raw.trim().replace(/^>\s?/, ""));
    }
    flush();
  }
  return lines;
}

/**
 * A string as a PDF literal in WinAnsiEncoding: `\`, `(` and `)` escaped; characters the
 * encoding lacks become `?` (the bullet is WinAnsi's 0x95).
 */
function literal(text: string): string {
  let out = "";
  for (const char of text) {
    const code = char === "•" ? 0x95 : char.codePointAt(0)!;
    if (char === "\\" || char === "(" || char === ")") out += `\\${char}`;
    else if (code >= 0x20 && code <= 0x7e) out += char;
    else if ((code >= 0xa0 && code <= 0xff) || code === 0x95) out += `\\${code.toString(8)}`;
    else out += "?";
  }
  return `(${out})`;
}

/** The content streams of the PDF's pages: lines placed top to bottom, a new page when full. */
function pageStreams(lines: readonly Line[]): string[] {
  const pages: string[][] = [[]];
  let y = PAGE.height - PAGE.margin;
  for (const line of lines) {
    const drop = line.before + line.style.leading;
    if (y - drop < PAGE.margin && pages.at(-1)!.length > 0) {
      pages.push([]);
      y = PAGE.height - PAGE.margin;
    }
    y -= pages.at(-1)!.length === 0 ? line.style.leading : drop;
    pages
      .at(-1)!
      .push(
        `BT /${line.style.font} ${line.style.size} Tf ${PAGE.margin} ${y} Td ${literal(line.text)} Tj ET`,
      );
  }
  return pages.map((ops) => ops.join("\n"));
}

/** The PDF document of `sections`, titled `title`. */
export function pdfDocument(title: string, sections: readonly PdfSection[]): Uint8Array {
  const streams = pageStreams(layout(sections));
  // Objects: 1 catalog, 2 page tree, 3 and 4 fonts, 5 info, then a page and its stream each.
  const pageIds = streams.map((_, i) => 6 + 2 * i);
  const objects: string[] = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pageIds.length} >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
    `<< /Title ${literal(title)} /Producer (docs-workspace emulator) >>`,
  ];
  for (const [i, stream] of streams.entries()) {
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`,
    );
    const bytes = Buffer.byteLength(stream, "latin1");
    objects.push(`<< /Length ${bytes} >>\nstream\n${stream}\nendstream`);
  }
  let body = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  for (const [i, object] of objects.entries()) {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  }
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, "latin1"));
}

/** What a temporary PDF URL names: a revision (they never change), and the pages printed. */
export interface PdfLink {
  spaceId: string;
  revisionId: string;
  /** A page of the revision: with `only`, that page alone; else that page and those below it. */
  page?: string;
  only: boolean;
  /** When the URL stops working, in seconds since the epoch (the service's: one hour). */
  expires: number;
}

/** How long a PDF URL works, in seconds (the hosted service's "The URL will work for 1h"). */
export const PDF_LINK_TTL = 3600;

/** The signature that makes a PDF URL unforgeable: HMAC-SHA256 with the organization's key. */
export function pdfLinkSignature(key: string, link: PdfLink): string {
  const fields = [
    link.spaceId,
    link.revisionId,
    link.page ?? "",
    link.only ? "1" : "0",
    link.expires,
  ];
  return createHmac("sha256", key).update(JSON.stringify(fields)).digest("base64url");
}

/** Whether `signature` is the one `link` carries, compared in constant time. */
export function validPdfLink(key: string, link: PdfLink, signature: string): boolean {
  const expected = Buffer.from(pdfLinkSignature(key, link));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
