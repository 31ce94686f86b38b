import { shareLink } from "pulumi-docs-workspace/tools";
import { site } from "pulumi-docs-workspace/tools";
import { siteAdaptiveSchema } from "pulumi-docs-workspace/tools";
import { siteSection } from "pulumi-docs-workspace/tools";
import { siteSectionGroup } from "pulumi-docs-workspace/tools";
import { siteSpace } from "pulumi-docs-workspace/tools";
import { code, type Value } from "./code";
import { declareCustomization } from "./declare-customization";
import { byTitle, skip, type Declarer } from "./declarations";
import { spaceTitleIn } from "./declare-content";
import { declareExternalLinks } from "./declare-external-links";
import { declareRedirectsAndAuth } from "./declare-redirects";
import { declareSiteAgent, declareSiteChannels, declareSiteMcpServers } from "./declare-site-agent";
import { declareSiteContextConnections } from "./declare-context-connections";
import type { Inventory, SiteInventory } from "./inventory";
import { titles } from "./titles";

/** Sites, by title, each with what lives in it: sections, site spaces, groups, share links. */
export function declareSites(program: Declarer, inventory: Inventory): void {
  const spaceTitle = spaceTitleIn(inventory);
  for (const s of [...inventory.sites].sort(byTitle((s) => s.site.title))) {
    const siteRef = declareSite(program, s);
    const madeWith = declareSections(program, s, siteRef);
    declareSiteSpaces(program, s, siteRef, madeWith, spaceTitle);
    declareGroupsAndLinks(program, s, siteRef);
    declareExternalLinks(program, s, siteRef, [...new Set(madeWith.values())]);
    declareCustomization(program, s, siteRef);
    declareRedirectsAndAuth(program, s, siteRef);
    declareSiteAgent(program, s, siteRef);
    declareSiteMcpServers(program, s, siteRef);
    declareSiteChannels(program, s, siteRef);
    declareSiteContextConnections(program, s, siteRef);
  }
}

/** The site, and its visitor schema when it has one; answers the reference to the site's id. */
function declareSite(program: Declarer, { site: s, adaptiveSchema }: SiteInventory): Value {
  program.declare(site, s, {
    title: s.title,
    type: s.type,
    visibility: s.visibility,
    basename: s.basename ?? undefined,
    published: s.published,
    adaptiveContent: s.adaptiveContent ?? undefined,
    agentsContext: s.agentsContext ?? undefined,
    proxy: s.proxy?.origin?.replace(/^https?:\/\//, "") ?? undefined,
    defaultSiteSpace: skip(
      "names a site space, made after the site: the program would depend on itself; the service's default stands",
    ),
    defaultSiteSection: skip(
      "names a section, made after the site: the program would depend on itself; the service's default stands",
    ),
    permissions: skip(
      "each grant is declared apart (SitePermission, additive), after the teams it names",
    ),
  });
  const siteRef = program.ref(s.id)!;

  const properties = (adaptiveSchema.jsonSchema.properties ?? {}) as Record<string, unknown>;
  if (Object.keys(properties).length > 0) {
    program.declare(
      siteAdaptiveSchema,
      { id: s.id, title: titles.siteAdaptiveSchema(s.title) },
      {
        siteId: siteRef,
        jsonSchema: adaptiveSchema.jsonSchema as Value,
      },
      { refAs: "siteId" },
    );
    // The schema's id is its site's: references to the site stay on the site.
    program.referTo(s.id, siteRef);
  }
  return siteRef;
}

/** The site's sections; answers each declared section's first site space: the one the API made with it. */
function declareSections(
  program: Declarer,
  { site: s, sections }: SiteInventory,
  siteRef: Value,
): Map<string, string> {
  const madeWith = new Map<string, string>();
  for (const section of [...sections].sort(byTitle((x) => x.title))) {
    const first = section.siteSpaces?.[0];
    const spaceId = first?.space?.id;
    if (first === undefined || !spaceId) {
      program.notes.push(
        `Section ${section.title} of site ${s.title} holds no space: the provider makes a section with its first space, so it is not declared.`,
      );
      continue;
    }
    const sectionDeclared = program.declare(siteSection, section, {
      siteId: siteRef,
      spaceId: program.ref(spaceId),
      title: section.title,
      icon: section.icon ?? undefined,
      path: section.path,
      description: section.description || undefined,
      condition: section.condition ?? undefined,
      defaultSiteSpace: skip(
        "names a site space, made after the section: the program would depend on itself; the service's default stands",
      ),
      sectionGroupId: skip("the section's group lists it (SiteSectionGroup.sections)"),
    });
    if (program.declared(sectionDeclared)) madeWith.set(first.id, sectionDeclared.variable);
  }
  return madeWith;
}

/** The site's site spaces; in a clone, the one a section was made with is taken over. */
function declareSiteSpaces(
  program: Declarer,
  { site: s, sections, siteSpaces }: SiteInventory,
  siteRef: Value,
  madeWith: Map<string, string>,
  spaceTitle: (id: string) => string,
): void {
  const sectionTitle = (id: string | null | undefined) =>
    sections.find((x) => x.id === id)?.title ?? "";
  for (const siteSpaceObject of [...siteSpaces].sort(
    byTitle((x) => `${sectionTitle(x.section)} ${spaceTitle(x.space?.id ?? "")}`),
  )) {
    const spaceId = siteSpaceObject.space?.id;
    if (!spaceId) continue;
    const section = madeWith.get(siteSpaceObject.id);
    program.declare(
      siteSpace,
      { id: siteSpaceObject.id, title: titles.siteSpace(spaceTitle(spaceId), s.title) },
      {
        siteId: siteRef,
        sectionId: program.ref(siteSpaceObject.section),
        spaceId: program.ref(spaceId),
        path: siteSpaceObject.path,
        condition: siteSpaceObject.condition ?? undefined,
        hidden: siteSpaceObject.hidden,
      },
      section === undefined || !program.clone
        ? {}
        : {
            adoptId: code(`${section}.siteSpaceId`),
            comments: ["The site space its section was made with: taken over, not made."],
          },
    );
  }
}

/** The site's section groups, then its share links. */
function declareGroupsAndLinks(
  program: Declarer,
  { site: s, groups, shareLinks }: SiteInventory,
  siteRef: Value,
): void {
  for (const group of [...groups].sort(byTitle((g) => g.title))) {
    program.declare(siteSectionGroup, group, {
      siteId: siteRef,
      title: group.title,
      icon: group.icon ?? undefined,
      sections: group.sections.map((id) => program.ref(id)!),
    });
  }

  for (const link of [...shareLinks].sort(byTitle((l) => l.name ?? ""))) {
    program.declare(
      shareLink,
      { id: link.id, title: titles.shareLink(link.name, s.title) },
      { siteId: siteRef, name: link.name ?? "", active: link.active },
    );
  }
}
