import { PolicyPack, type PolicyResource, type ReportViolation } from "@pulumi/policy";

/**
 * Guardrails for documentation workspaces, on the native provider's types: each resource a
 * program of any language declares is `docs-workspace:index:<Type>`, so a policy names the kind
 * it governs. Dynamic resources cannot be told apart this way (every one is
 * `pulumi-nodejs:dynamic:Resource`).
 */

const SPACE = "docs-workspace:index:Space";
const SITE = "docs-workspace:index:Site";
const SITE_SPACE = "docs-workspace:index:SiteSpace";

/** The resources a property of `resource` takes its value from, when the program wires it. */
function sourcesOf(resource: PolicyResource, property: string): PolicyResource[] {
  return resource.propertyDependencies[property] ?? [];
}

/**
 * Why `space` is or would be public, or undefined: the service reports it public, or a SiteSpace
 * of this program puts it on a site published with `visibility: public`. A space's visibility
 * is set by what publishes it (no request sets it on the space itself), so the second reason is
 * the one a preview sees before anything exists.
 */
function publicReason(space: PolicyResource, all: PolicyResource[]): string | undefined {
  if (space.props.visibility === "public") return "the service reports its visibility as public";
  for (const siteSpace of all.filter((r) => r.type === SITE_SPACE)) {
    const publishes =
      sourcesOf(siteSpace, "spaceId").some((r) => r.urn === space.urn) ||
      (space.props.id !== undefined && siteSpace.props.spaceId === space.props.id);
    if (!publishes) continue;
    const sites = sourcesOf(siteSpace, "siteId").filter((r) => r.type === SITE);
    const site = sites.find((s) => s.props.visibility === "public" && s.props.published === true);
    if (site)
      return `SiteSpace "${siteSpace.name}" publishes it on site "${site.name}", which is public`;
  }
  return undefined;
}

new PolicyPack("docs-workspace", {
  policies: [
    {
      name: "no-public-space",
      description:
        "No space may be public: publish it on an unlisted, share-link or visitor-auth site instead.",
      enforcementLevel: "mandatory",
      validateStack: (stack, reportViolation: ReportViolation) => {
        for (const space of stack.resources.filter((r) => r.type === SPACE)) {
          const reason = publicReason(space, stack.resources);
          if (reason)
            reportViolation(`Space "${space.name}" would be public: ${reason}.`, space.urn);
        }
      },
    },
  ],
});
