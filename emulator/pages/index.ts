import { adminPages } from "./admin";
import { changeRequestPages } from "./change-requests";
import { contentPages, spacePageRoutes } from "./content";
import type { Route } from "../http/route";
import type { PageContext } from "./context";
import { pdfPages } from "./pdf";
import { peoplePages } from "./people";
import { searchPages } from "./search";
import { openApiSpecPages } from "./openapi-specs";
import { sitePages } from "./sites";
import { workspacePages } from "./workspace";

export type { PageContext } from "./context";

/**
 * The read-only HTML app pages under `/app`, at the `urls.app` the API hands out: what `up`
 * made, what the provider sent, and the faults in force. Plain server HTML, no script.
 */
export const pageRoutes: readonly Route<PageContext>[] = [
  ...workspacePages,
  ...sitePages,
  ...peoplePages,
  ...openApiSpecPages,
  ...adminPages,
  ...contentPages,
  ...pdfPages,
  ...searchPages,
  ...changeRequestPages,
  // Last: a page's path would otherwise take every other URL under its space.
  ...spacePageRoutes,
];
