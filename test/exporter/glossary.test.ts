import { buildProgram } from "../../cli/exporter/program";
import { inventoryOf } from "../support/inventory";

/** The translation glossary in an export: declared when it holds entries, as the resource reads them. */
const inventory = (glossary: { id: string; translations: Record<string, string> }[]) =>
  inventoryOf({ glossary });

test("a glossary with entries is declared once, by the organization's id, its entries sorted as read back", () => {
  const { declarations, source } = buildProgram(
    inventory([
      { id: "g2", translations: { fr: "Espace", en: "Space" } },
      { id: "g1", translations: { en: "Workspace", de: "Arbeitsbereich" } },
    ]),
  );
  const glossary = declarations.filter((d) => d.type === "TranslationGlossary");
  expect(glossary).toHaveLength(1);
  expect(glossary[0]).toMatchObject({ id: "org1", adoptId: "org1" });
  expect(glossary[0]!.args).toEqual({
    entries: [
      { de: "Arbeitsbereich", en: "Workspace" },
      { en: "Space", fr: "Espace" },
    ],
  });
  expect(source).toContain('new TranslationGlossary("translation-glossary", { entries: [');
});

test("an empty glossary, the service's default, is not declared", () => {
  const { declarations } = buildProgram(inventory([]));
  expect(declarations.map((d) => d.type)).not.toContain("TranslationGlossary");
});
