import { PolicyPack, type PolicyResource, type ReportViolation } from "@pulumi/policy";

/**
 * Guardrails for documentation workspaces, on the native provider's types: each resource a
 * program of any language declares is `docs-workspace:index:<Type>`, so a policy names the kind
 * it governs. Dynamic resources cannot be told apart this way (every one is
 * `pulumi-nodejs:dynamic:Resource`).
 */

const SPACE = "docs-workspace:index:Space";
const SITE = "docs-workspace:index:Site";
/** What puts a space on a site: a site space, or a section (which makes its site space). */
const PLACEMENTS = ["docs-workspace:index:SiteSpace", "docs-workspace:index:SiteSection"];

/** The resources a property of `resource` takes its value from, when the program wires it. */
function sourcesOf(resource: PolicyResource, property: string): PolicyResource[] {
  return resource.propertyDependencies[property] ?? [];
}

/**
 * Why `space` would be public, or undefined: a SiteSpace or SiteSection of this program puts it
 * on a site published with `visibility: public`. A space's visibility follows what publishes it
 * (no request sets it on the space), and those are inputs, known at preview before anything
 * exists; the space's own `visibility` output is not known until then, and reading a value the
 * preview does not know fails the policy. Only the program's wiring is followed (the property
 * dependencies), never ids, which a preview does not know either.
 */
function publicReason(space: PolicyResource, all: PolicyResource[]): string | undefined {
  for (const placement of all.filter((r) => PLACEMENTS.includes(r.type))) {
    if (!sourcesOf(placement, "spaceId").some((r) => r.urn === space.urn)) continue;
    const sites = sourcesOf(placement, "siteId").filter((r) => r.type === SITE);
    const site = sites.find((s) => s.props.visibility === "public" && s.props.published === true);
    if (site === undefined) continue;
    const kind = placement.type.slice(placement.type.lastIndexOf(":") + 1);
    return `${kind} "${placement.name}" publishes it on site "${site.name}", which is public`;
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
