import { siteExternalLink } from "pulumi-docs-workspace/tools";
import type { Value } from "./code";
import { byTitle, type Declarer } from "./declarations";
import type { SiteInventory } from "./inventory";
import { titles } from "./titles";

/**
 * The external links of the site's navigation, by title, each in its group. A link needs a site
 * with sections: it follows the first section the program declares, which no argument names.
 * Their order among their siblings is not declared (the resource does not keep it).
 */
export function declareExternalLinks(
  program: Declarer,
  { site: s, externalLinks }: SiteInventory,
  siteRef: Value,
  sectionVariables: readonly string[],
): void {
  if (externalLinks.length === 0) return;
  if (program.clone && sectionVariables.length === 0)
    program.notes.push(
      `The external links of site ${s.title} need a section in the site, and the program declares none: declare one before them.`,
    );
  const first = sectionVariables.slice(0, 1);
  for (const link of [...externalLinks].sort(byTitle((l) => `${l.title} ${l.url}`))) {
    program.declare(
      siteExternalLink,
      { id: link.id, title: titles.siteExternalLink(s.title, link.title) },
      {
        siteId: siteRef,
        title: link.title,
        url: link.url,
        description: link.description ?? undefined,
        icon: link.icon ?? undefined,
        localizedTitle: link.localizedTitle ?? undefined,
        localizedDescription: link.localizedDescription ?? undefined,
        draft: link.draft || undefined,
        condition: link.condition ?? undefined,
        sectionGroupId: program.ref(link.sectionGroup),
      },
      { dependsOn: first },
    );
  }
}
