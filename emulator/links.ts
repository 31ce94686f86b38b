import { linksOf, resolveLink } from "./markdown";

/**
 * The links of a revision (§2.11 link items), computed from its pages' Markdown: a link to a
 * page or file of the revision is `ok`, a path that names none is `broken`, a URL into the
 * emulator's app is `in-app`, any other URL is `ok` (the emulator does not fetch the web).
 * Pure: the routes give it the revision's rows.
 */

export type LinkTargetRef =
  { kind: "page"; page: string } | { kind: "file"; file: string } | { kind: "url"; url: string };

export interface RevisionLink {
  status: "ok" | "broken" | "in-app";
  target: LinkTargetRef;
  /** The pages it is written on, in the revision's order. */
  sources: string[];
}

interface PageLike {
  id: string;
  parentId: string | null;
  path: string;
  markdown: string;
}

/** Every distinct link target of `pages`, in the order first written, with where it appears. */
export function revisionLinks(
  pages: readonly PageLike[],
  files: readonly { id: string; name: string }[],
  appRoot: string,
): RevisionLink[] {
  const byPath = new Map(pages.map((p) => [p.path, p.id]));
  const byName = new Map(files.map((f) => [f.name, f.id]));
  const parents = new Set(pages.map((p) => p.parentId));
  const links = new Map<string, RevisionLink>();
  for (const page of pages) {
    // A page with children is a folder's README (content-tree.ts): its links start in the folder.
    const from = parents.has(page.id) ? `${page.path}/README` : page.path;
    for (const written of linksOf(page.markdown)) {
      const link = classify(from, written, byPath, byName, appRoot);
      const key = JSON.stringify(link.target);
      const known = links.get(key);
      if (known === undefined) links.set(key, { ...link, sources: [page.id] });
      else if (!known.sources.includes(page.id)) known.sources.push(page.id);
    }
  }
  return [...links.values()];
}

function classify(
  pagePath: string,
  written: string,
  byPath: ReadonlyMap<string, string>,
  byName: ReadonlyMap<string, string>,
  appRoot: string,
): Omit<RevisionLink, "sources"> {
  const target = resolveLink(pagePath, written);
  if (target.kind === "url") {
    const inApp = target.url.startsWith(`${appRoot}/`) || target.url === appRoot;
    return { status: inApp ? "in-app" : "ok", target: target };
  }
  const page = byPath.get(target.path);
  if (page !== undefined) return { status: "ok", target: { kind: "page", page } };
  const file = byName.get(target.path.split("/").at(-1) ?? "");
  if (file !== undefined) return { status: "ok", target: { kind: "file", file } };
  return { status: "broken", target: { kind: "url", url: written } };
}

/** The counts of a links list (§2.11 `stats`). */
export function linkStats(links: readonly RevisionLink[], brokenInChangeRequests: number) {
  return {
    total: links.length,
    broken: {
      total: links.filter((l) => l.status === "broken").length,
      changeRequest: brokenInChangeRequests,
    },
  };
}
