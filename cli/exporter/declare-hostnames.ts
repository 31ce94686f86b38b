import type { Declarer } from "./declarations";
import type { Inventory } from "./inventory";

/**
 * Custom hostnames are never declared (docs/api-decisions.md, "Custom hostnames"): a hostname
 * serves one site or organization of the whole service, so a copy could not take the source's,
 * and an export that declared it would move it. The notes name each one, and what to do.
 */
export function noteCustomHostnames(program: Declarer, inventory: Inventory): void {
  const remedy = program.clone
    ? "declare a CustomHostname with a hostname of the copy's own to give it one"
    : "declare a CustomHostname with adoptId set to it to manage it from this program";
  for (const [hostname, target] of hostnamesInUse(inventory)) {
    program.notes.push(
      `Custom hostname ${hostname} (${target}) is not declared: hostnames are not cloned, one serves a single site or organization; ${remedy}.`,
    );
  }
}

/** Each custom hostname in use, by hostname, with what it serves (`site Docs`). */
export function hostnamesInUse(inventory: Inventory): [hostname: string, target: string][] {
  const used: [string, string][] = inventory.sites
    .filter(({ site }) => site.hostname)
    .map(({ site }) => [site.hostname!, `site ${site.title}`]);
  const org = inventory.organization;
  if (org.customHostname) used.push([org.customHostname, `organization ${org.title}`]);
  return used.sort(([a], [b]) => a.localeCompare(b));
}
