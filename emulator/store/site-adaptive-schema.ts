import type { Store } from "./index";
import { writeSiteAdaptiveSchema } from "./sites";

/**
 * A site's adaptive schema (§2.4) is kept on the site's own row (`sites.adaptive_schema`, the
 * document as JSON, and `adaptive_schema_updated_at`): it has no table of its own.
 */
export function writeAdaptiveSchema(store: Store, siteId: string, jsonSchema: unknown): void {
  writeSiteAdaptiveSchema(store, siteId, JSON.stringify(jsonSchema));
}
