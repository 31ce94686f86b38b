import {
  translationGlossary,
  type TranslationGlossaryArgs,
} from "../../resources/translation-glossary";
import { dynamicClass } from "../resource-class";

/**
 * The translation glossary of an organization: the terms translations must use, per language.
 * **One per organization**, never two in one stack or across stacks: each would remove the
 * other's entries at every `up`. Creating it takes the glossary over and makes it hold exactly
 * the declared entries; deleting it empties the glossary (the service's default). Import it by
 * the organization's id.
 *
 * @example
 * ```ts
 * new TranslationGlossary("glossary", {
 *   entries: [
 *     { en: "Workspace", fr: "Espace de travail" },
 *     { en: "Space", fr: "Espace", de: "Bereich" },
 *   ],
 * });
 * ```
 */
export class TranslationGlossary extends dynamicClass(
  translationGlossary,
).withArgs<TranslationGlossaryArgs>() {}
