import { isDeepStrictEqual } from "node:util";
import type { Collection } from "pulumi-docs-workspace/tools";
import {
  textDocument,
  type InstructionsDocument,
  type Translation,
} from "pulumi-docs-workspace/tools";
import { collection } from "pulumi-docs-workspace/tools";
import { openApiSpec } from "pulumi-docs-workspace/tools";
import { space } from "pulumi-docs-workspace/tools";
import { translation } from "pulumi-docs-workspace/tools";
import { code, type Value } from "./code";
import { byTitle, skip, type Declarer } from "./declarations";
import type { Inventory } from "./inventory";
import { titles } from "./titles";

/** Collections, parents first. */
export function declareCollections(program: Declarer, inventory: Inventory): void {
  const collections = new Map(inventory.collections.map((c) => [c.id, c]));
  const depth = (c: Collection): number => {
    let d = 0;
    for (let p = c.parent; p && collections.has(p) && d < collections.size; d++) {
      p = collections.get(p)!.parent;
    }
    return d;
  };
  for (const c of [...inventory.collections]
    .sort(byTitle((c) => c.title))
    .sort((a, b) => depth(a) - depth(b))) {
    program.declare(collection, c, {
      title: c.title,
      description: c.description ?? undefined,
      defaultLevel: c.defaultLevel ?? (c.defaultLevel === null ? null : undefined),
      parent: program.ref(c.parent),
      permissions: skip(
        "each grant is declared apart (CollectionPermission, additive), after the teams it names",
      ),
    });
  }
}

/** Spaces; a translation's result space is its translation's. */
export function declareSpaces(program: Declarer, inventory: Inventory): void {
  const results = new Map(
    inventory.translations.filter((t) => t.result).map((t) => [t.result!.space, t]),
  );
  for (const s of [...inventory.spaces].sort(byTitle((s) => s.title))) {
    if (results.has(s.id)) continue;
    program.declare(space, s, {
      title: s.title,
      emoji: s.emoji || undefined,
      parent: program.ref(s.parent),
      editMode: (s.editMode ?? undefined) as Value | undefined,
      defaultLevel: s.defaultLevel === "inherit" ? undefined : s.defaultLevel,
      language: s.language ?? undefined,
      permissions: skip(
        "each grant is declared apart (SpacePermission, additive), after the teams it names",
      ),
    });
  }
}

/** A space's title, or its id when the inventory does not hold it. */
export const spaceTitleIn = (inventory: Inventory) => (id: string) =>
  inventory.spaces.find((s) => s.id === id)?.title ?? id;

/** Translations, each with its result space: references to that space are its output. */
export function declareTranslations(program: Declarer, inventory: Inventory): void {
  const spaceTitle = spaceTitleIn(inventory);
  for (const t of [...inventory.translations].sort(
    byTitle((t) => `${spaceTitle(t.source.space)} ${t.language}`),
  )) {
    const declared = program.declare(
      translation,
      { id: t.id, title: titles.translation(spaceTitle(t.source.space), t.language) },
      {
        spaceId: program.ref(t.source.space),
        sourceLanguage: t.source.language,
        language: t.language,
        instructions: instructionsOf(t),
        runOnChange: skip("how up behaves, not a property of the translation"),
        runTimeoutSeconds: skip("how up behaves, not a property of the translation"),
      },
    );
    if (t.result && program.declared(declared)) {
      program.referTo(t.result.space, code(`${declared.variable}.resultSpaceId`));
      declared.comments.push(
        `Its result space (${spaceTitle(t.result.space)}, ${t.language}) is its own: not declared apart.`,
      );
    }
  }
}

/** OpenAPI specs, by slug; one whose text is not readable yet is a note. */
export function declareSpecs(program: Declarer, inventory: Inventory): void {
  for (const { spec, text } of [...inventory.specs].sort(byTitle((s) => s.spec.slug))) {
    const source = spec.sourceURL ? { url: spec.sourceURL } : text ? { text } : undefined;
    if (source === undefined) {
      program.notes.push(
        `OpenAPI spec ${spec.slug}: its source is text and it has no version to read it from yet; export again once it is processed.`,
      );
      continue;
    }
    program.declare(
      openApiSpec,
      { id: spec.slug, title: spec.slug },
      {
        slug: spec.slug,
        source,
        visibility: spec.visibility ?? undefined,
        waitForProcessing: skip("how up behaves, not a property of the spec"),
        processingTimeoutSeconds: skip("how up behaves, not a property of the spec"),
      },
    );
  }
}

/** The translation's instructions as the provider reads them back: none when empty. */
function instructionsOf(t: Translation): Value | undefined {
  return documentValue(t.instructions as InstructionsDocument | null | undefined);
}

/** Instructions (a translation's, a site agent's) as a program declares them: none when empty. */
export function documentValue(
  document: InstructionsDocument | null | undefined,
): Value | undefined {
  if (document === undefined || document === null) return undefined;
  if (isDeepStrictEqual(document, textDocument(""))) return undefined;
  // The service stores the document as JSON, and may answer its keys in another order than it
  // was given: sorted, two organizations holding the same document write the same program.
  return sortedKeys(document) as Value;
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, sortedKeys((value as Record<string, unknown>)[k])]),
  );
}
