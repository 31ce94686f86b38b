import { canonicalEntries, translationGlossary } from "pulumi-docs-workspace/tools";
import type { Value } from "./code";
import type { Declarer } from "./declarations";
import type { Inventory } from "./inventory";

/**
 * The translation glossary, when it holds entries (an empty one is the service's default: nothing
 * to declare). Its entries are written as the resource reads them back, sorted, so the export's
 * first `up` shows no change; a clone copies them, terms being no organization's own.
 */
export function declareGlossary(program: Declarer, inventory: Inventory): void {
  if (inventory.glossary.length === 0) return;
  program.declare(
    translationGlossary,
    { id: inventory.organization.id, title: "translation glossary" },
    { entries: canonicalEntries(inventory.glossary.map((e) => e.translations)) as Value },
  );
}
