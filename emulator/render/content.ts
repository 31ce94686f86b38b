import { z } from "zod";
import type { FileRow, GitCommit, PageRow, RevisionRow } from "../store/content";
import { ChangeRequestJson } from "./change-requests";
import { listOf, named, present, timestamp, url } from "./common";

/** Where a revision's pages are seen: its space, or a change request of it (§4.5, §4.7). */
export interface ContentScope {
  origin: string;
  organizationId: string;
  spaceId: string;
  /** The change request's number, when the content is a change request's. */
  changeRequest?: number;
}

/** The app page of a space's content, or of a change request's. */
export function contentAppUrl(scope: ContentScope): string {
  const space = `${scope.origin}/app/o/${scope.organizationId}/s/${scope.spaceId}`;
  return scope.changeRequest === undefined ? space : `${space}/cr/${scope.changeRequest}`;
}

/** The hosted service's RevisionPageLayoutOptions: every option it lists is required. */
const pageLayout = z.strictObject({
  width: z.literal("default"),
  cover: z.boolean(),
  coverSize: z.literal("hero"),
  coverMask: z.literal("none"),
  title: z.boolean(),
  description: z.boolean(),
  tableOfContents: z.boolean(),
  outline: z.boolean(),
  pagination: z.boolean(),
  metadata: z.boolean(),
  tags: z.boolean(),
  actions: z.boolean(),
  anchors: z.boolean(),
});

/** §2.11's Page, a document page: the only kind the emulator keeps (docs/api-decisions.md). */
export const PageJson = named(
  "RevisionPageDocument",
  z.strictObject({
    id: z.string(),
    title: z.string().min(1),
    emoji: z.string().optional(),
    createdAt: timestamp,
    updatedAt: timestamp,
    kind: z.literal("sheet"),
    type: z.literal("document"),
    // The service's page is a Document: `markdown` or `document` is required, in trees too.
    markdown: z.string(),
    urls: z.strictObject({ app: url }),
    slug: z.string().max(100),
    path: z.string(),
    description: z.string().optional(),
    get pages(): z.ZodArray<typeof PageJson> {
      return z.array(PageJson);
    },
    layout: pageLayout,
    tags: z.array(z.string()),
    hidden: z.boolean(),
    noIndex: z.boolean(),
    noRobotsIndex: z.boolean(),
  }),
);
export type PageJson = z.input<typeof PageJson>;

export const FileJson = named(
  "RevisionFile",
  z.strictObject({
    id: z.string(),
    name: z.string(),
    contentType: z.string(),
    downloadURL: url,
    size: z.number().int().min(0),
  }),
);

/** §2.11's `createdByService` and the hosted service's `createdByGitBook`, the same value. */
const GitCommitJson = z.strictObject({
  oid: z.string(),
  message: z.string(),
  createdByService: z.boolean(),
  createdByGitBook: z.boolean(),
  url: z.string().optional(),
  ref: z.string().optional(),
});

const revisionFields = {
  object: z.literal("revision"),
  id: z.string(),
  parents: z.array(z.string()),
  pages: z.array(PageJson),
  files: z.array(FileJson),
  reusableContents: z.array(z.never()),
  tags: z.array(z.never()),
  variables: z.record(z.string(), z.string()),
  createdAt: timestamp,
  git: GitCommitJson.optional(),
  urls: z.strictObject({ app: url }),
};

/** The service's Revision: a merge names the change request it merged (`mergedFrom`). */
export const RevisionJson = named(
  "Revision",
  z.union([
    z.strictObject({ ...revisionFields, type: z.enum(["edits", "update"]) }),
    z.strictObject({ ...revisionFields, type: z.literal("merge"), mergedFrom: ChangeRequestJson }),
  ]),
);
export type RevisionJson = z.input<typeof RevisionJson>;

export const PagesJson = named("RevisionPages", z.strictObject({ pages: z.array(PageJson) }));

const LAYOUT: z.input<typeof pageLayout> = {
  width: "default",
  cover: false,
  coverSize: "hero",
  coverMask: "none",
  title: true,
  description: true,
  tableOfContents: true,
  outline: true,
  pagination: true,
  metadata: true,
  tags: true,
  actions: true,
  anchors: true,
};

/**
 * One page with `children` as its subtree. Its Markdown goes with it everywhere, trees included:
 * the row already holds it, and the service's page requires a body (docs/api-decisions.md).
 */
export function renderPage(scope: ContentScope, page: PageRow, children: PageJson[]): PageJson {
  return {
    id: page.id,
    title: page.title,
    ...present("emoji", page.emoji),
    createdAt: page.createdAt,
    updatedAt: page.updatedAt,
    kind: "sheet",
    type: "document",
    markdown: page.markdown,
    urls: { app: `${contentAppUrl(scope)}/${page.path}` },
    slug: page.slug,
    path: page.path,
    ...present("description", page.description),
    pages: children,
    layout: LAYOUT,
    tags: [],
    hidden: false,
    noIndex: false,
    noRobotsIndex: false,
  };
}

/**
 * The page tree of a revision (pages in `pagesOf` order: parents first, siblings in order), or
 * the subtree below the page `parentId`.
 */
export function renderPageTree(
  scope: ContentScope,
  pages: readonly PageRow[],
  parentId: string | null = null,
): PageJson[] {
  const children = new Map<string | null, PageJson[]>();
  for (const page of [...pages].reverse()) {
    const json = renderPage(scope, page, children.get(page.id) ?? []);
    children.set(page.parentId, [json, ...(children.get(page.parentId) ?? [])]);
  }
  return children.get(parentId) ?? [];
}

export function renderFile(scope: ContentScope, revisionId: string, file: FileRow) {
  return {
    id: file.id,
    name: file.name,
    contentType: file.contentType,
    downloadURL: `${scope.origin}/app/files/${revisionId}/${file.id}/${encodeURIComponent(file.name)}`,
    size: file.size,
  };
}

/**
 * A revision as §2.11 shows it. `revision` is undefined for a space whose content was never
 * written: an empty revision with that id, created with the space.
 */
export function renderRevision(
  scope: ContentScope,
  id: string,
  revision: RevisionRow | undefined,
  createdAt: string,
  pages: readonly PageRow[],
  files: readonly FileRow[],
  mergedFrom: ChangeRequestJson | undefined,
): RevisionJson {
  const git: GitCommit | null = revision?.git ?? null;
  const fields = {
    object: "revision" as const,
    id,
    parents: revision?.parents ?? [],
    pages: renderPageTree(scope, pages),
    files: files.map((f) => renderFile(scope, id, f)),
    reusableContents: [],
    tags: [],
    variables: {},
    createdAt: revision?.createdAt ?? createdAt,
    ...(git !== null ? { git: { ...git, createdByGitBook: git.createdByService } } : {}),
    urls: { app: contentAppUrl(scope) },
  };
  const type = revision?.type ?? "edits";
  if (type !== "merge") return { ...fields, type };
  // Only a merge writes a merge revision, and it records the change request it merged.
  if (mergedFrom === undefined)
    throw new Error(`merge revision ${id} has no merged change request`);
  return { ...fields, type, mergedFrom };
}

export const FileList = listOf("RevisionFileList", FileJson);

/** §2.11's link item, with the pages it is written on. */
export const LinkJson = named(
  "ContentLink",
  z.strictObject({
    status: z.enum(["ok", "broken", "in-app"]),
    relation: z.literal("reference"),
    targetReference: z.union([
      z.strictObject({
        kind: z.literal("page"),
        page: z.string(),
        organization: z.string(),
        space: z.string(),
      }),
      z.strictObject({
        kind: z.literal("file"),
        file: z.string(),
        organization: z.string(),
        space: z.string(),
      }),
      z.strictObject({ kind: z.literal("url"), url: z.string() }),
    ]),
    sources: z.array(z.strictObject({ kind: z.literal("page"), page: z.string() })),
  }),
);
export type LinkJson = z.input<typeof LinkJson>;

export const LinkList = named(
  "ContentLinkList",
  z.strictObject({
    next: z.strictObject({ page: z.string() }).optional(),
    count: z.number().int().min(0),
    items: z.array(LinkJson),
    stats: z.strictObject({
      total: z.number().int().min(0),
      broken: z.strictObject({
        total: z.number().int().min(0),
        changeRequest: z.number().int().min(0),
      }),
    }),
  }),
);

/** §2.11's file backlink: a page of the revision that links the file. */
export const BacklinkJson = named(
  "FileBacklink",
  z.strictObject({
    kind: z.literal("page"),
    organization: z.string(),
    space: z.string(),
    versionContext: z.strictObject({ type: z.literal("revision"), revision: z.string() }),
    page: z.string(),
    file: z.string(),
  }),
);
export const BacklinkList = listOf("FileBacklinkList", BacklinkJson);
