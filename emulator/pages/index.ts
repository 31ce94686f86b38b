import { adminPages } from "./admin";
import { changeRequestPages } from "./change-requests";
import { contentPages, spacePageRoutes } from "./content";
import type { Route } from "../http/route";
import type { PageContext } from "./context";
import { glossaryPages } from "./translation-glossary";
import { pdfPages } from "./pdf";
import { peoplePages } from "./people";
import { searchPages } from "./search";
import { loginPages, logoutPages } from "./login";
import { openApiSpecPages, publicOpenApiSpecPages } from "./openapi-specs";
import { sitePages } from "./sites";
import { workspacePages } from "./workspace";

export type { PageContext } from "./context";

/**
 * The pages that need no login: the login itself, and what a link alone opens (a PDF's signed
 * URL, a public OpenAPI spec).
 */
export const publicPageRoutes: readonly Route<PageContext>[] = [
  ...loginPages,
  ...logoutPages,
  ...pdfPages,
  ...publicOpenApiSpecPages,
];

/**
 * The read-only HTML app pages under `/app`, at the `urls.app` the API hands out: what `up`
 * made, what the provider sent, and the faults in force. Plain server HTML, no script. They show
 * what the viewer's token may read (pages/login.ts).
 */
export const privatePageRoutes: readonly Route<PageContext>[] = [
  ...workspacePages,
  ...sitePages,
  ...peoplePages,
  ...glossaryPages,
  ...openApiSpecPages,
  ...adminPages,
  ...contentPages,
  ...searchPages,
  ...changeRequestPages,
  // Last: a page's path would otherwise take every other URL under its space.
  ...spacePageRoutes,
];

export const pageRoutes: readonly Route<PageContext>[] = [
  ...publicPageRoutes,
  ...privatePageRoutes,
];
