import type { RedirectDestination, SitePublishingAuth } from "pulumi-docs-workspace/tools";
import { siteRedirect } from "pulumi-docs-workspace/tools";
import { siteVisitorAuth } from "pulumi-docs-workspace/tools";
import type { Value } from "./code";
import { byTitle, skip, type Declarer } from "./declarations";
import type { SiteInventory } from "./inventory";
import { titles } from "./titles";

/** Whether a site's visitor authentication is the service's default: then nothing declares it. */
export function defaultVisitorAuth(auth: SitePublishingAuth): boolean {
  return auth.backend === "custom" && !auth.fallbackURL && !auth.logoutURL;
}

/** A destination with the site's sections and site spaces named by the program's references. */
function destinationOf(program: Declarer, to: Record<string, unknown>): Value {
  const destination = to as RedirectDestination;
  switch (destination.kind) {
    case "site-section":
      return { kind: "site-section", siteSectionId: program.ref(destination.siteSectionId)! };
    case "site-space":
      return { kind: "site-space", siteSpaceId: program.ref(destination.siteSpaceId)! };
    case "site-page":
      return {
        kind: "site-page",
        siteSpaceId: program.ref(destination.siteSpaceId)!,
        pageId: destination.pageId,
      };
    default:
      return destination as Value;
  }
}

/**
 * The site's live redirects, by source, and its visitor authentication when it is not the
 * default. The private key is never written: it is the service's, an output of the resource.
 */
export function declareRedirectsAndAuth(
  program: Declarer,
  { site: s, redirects, visitorAuth }: SiteInventory,
  siteRef: Value,
): void {
  for (const redirect of [...redirects].sort(byTitle((r) => r.source))) {
    if (redirect.destination.kind === "site-page" && program.clone) {
      program.notes.push(
        `Redirect ${redirect.source} of site ${s.title} leads to a page by its id, which a copy of the space does not keep: check its pageId.`,
      );
    }
    program.declare(
      siteRedirect,
      { id: redirect.id, title: titles.siteRedirect(s.title, redirect.source) },
      {
        siteId: siteRef,
        source: redirect.source,
        destination: destinationOf(program, redirect.destination),
        permanent: redirect.permanent ?? undefined,
      },
    );
  }
  if (defaultVisitorAuth(visitorAuth)) return;
  program.declare(
    siteVisitorAuth,
    { id: s.id, title: titles.siteVisitorAuth(s.title) },
    {
      siteId: siteRef,
      backend: visitorAuth.backend,
      fallbackURL: visitorAuth.fallbackURL ?? undefined,
      logoutURL: visitorAuth.logoutURL ?? undefined,
      rotation: skip("a trigger of the program's own: the service keeps no value of it"),
    },
    { refAs: "siteId" },
  );
  // The settings' id is their site's: references to the site stay on the site.
  program.referTo(s.id, siteRef);
}
