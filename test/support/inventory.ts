import type { Inventory } from "../../cli/exporter/inventory";

/**
 * An export's inventory that holds nothing but `parts`, over an organization "Acme": for tests of
 * the program the exporter writes from one kind, without reading a workspace.
 */
export function inventoryOf(parts: Record<string, unknown> = {}): Inventory {
  return {
    organization: { id: "org1", title: "Acme", emailDomains: [] },
    collections: [],
    spaces: [],
    sites: [],
    members: [],
    teams: [],
    samlProviders: [],
    customFonts: [],
    inviteLinks: [],
    specs: [],
    translations: [],
    glossary: [],
    integrations: [],
    permissions: [],
    ...parts,
  } as unknown as Inventory;
}
