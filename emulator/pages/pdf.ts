import { z } from "zod";
import { bytes, page } from "../http/route";
import { pdfDocument, validPdfLink, type PdfLink, type PdfSection } from "../pdf";
import { findRevision, pagesOf, type PageRow } from "../store/content";
import { organizationKey } from "../store/members";
import { findSpace } from "../store/spaces";
import { missing, missingAnswer, pageRoute } from "./context";
import { html, layout } from "./html";

/**
 * The pages a PDF prints, with their depth below the first: every page of the revision; with
 * `page`, that page and those below it; with `only`, that page alone.
 */
function printed(pages: readonly PageRow[], link: PdfLink): PdfSection[] {
  const depth = new Map<string | null, number>([[null, -1]]);
  for (const p of pages) depth.set(p.id, depth.get(p.parentId)! + 1);
  let chosen = pages;
  if (link.page !== undefined) {
    const below = new Set([link.page]);
    chosen = pages.filter((p) => {
      if (p.id === link.page) return true;
      if (link.only || !below.has(p.parentId!)) return false;
      below.add(p.id);
      return true;
    });
  }
  const top = Math.min(...chosen.map((p) => depth.get(p.id)!));
  return chosen.map((p) => ({
    title: p.title,
    depth: depth.get(p.id)! - top,
    markdown: p.markdown,
  }));
}

const refused = (status: 403 | 410, message: string) =>
  page(
    status,
    layout(
      "PDF",
      html`<h1>PDF</h1>
        <p class="empty">${message}</p>`,
    ),
  );

/**
 * A change request's content as a PDF, at the temporary URL its `pdf` operation gave (§4.6): the
 * URL is signed by the organization's key and works for one hour. No token, as the other app
 * pages: the signature is what makes the URL work.
 */
export const pdfPages = [
  pageRoute({
    method: "get",
    path: "/pdf/{spaceId}/{revisionId}",
    operationId: "downloadPdf",
    summary: "A change request's content as a PDF, at the temporary URL its pdf operation gave",
    query: z.looseObject({
      page: z.string().optional(),
      only: z.enum(["true", "false"]).optional(),
      expires: z.string().regex(/^\d+$/),
      signature: z.string(),
    }),
    responses: {
      200: { description: "The PDF", bytes: true as const },
      403: { description: "A URL the emulator did not sign", html: true as const },
      404: missingAnswer,
      410: { description: "A URL past its hour", html: true as const },
    },
    handler({ params, query }, ctx) {
      const space = findSpace(ctx.store, params.spaceId);
      const revision = findRevision(ctx.store, params.revisionId);
      if (!space || !revision || revision.spaceId !== space.id)
        return missing(`revision ${params.revisionId} of space ${params.spaceId}`);
      const link: PdfLink = {
        spaceId: space.id,
        revisionId: revision.id,
        ...(query.page === undefined ? {} : { page: query.page }),
        only: query.only === "true",
        expires: Number(query.expires),
      };
      if (!validPdfLink(organizationKey(ctx.store, space.organizationId), link, query.signature))
        return refused(403, "This PDF URL was not made by the emulator's pdf operation.");
      if (Date.parse(ctx.store.now()) / 1000 > link.expires)
        return refused(410, "This PDF URL worked for one hour, and that hour is over.");
      const sections = printed(pagesOf(ctx.store, revision.id), link);
      return bytes(
        200,
        pdfDocument(space.title, sections),
        "application/pdf",
        `${space.title}.pdf`,
      );
    },
  }),
];
