import { translation, type TranslationArgs } from "../../resources/translation";
import { dynamicClass } from "../resource-class";

/**
 * A translation of a space into another language. `up` waits for its run, so `resultSpaceId`
 * names the translated space once it is done; destroying the translation deletes that space too.
 *
 * When the outcome of its create is unknown (no answer, or 502, 503, 504), the provider looks for
 * the translation of its space into its language made since the create was sent, and takes it,
 * or creates it again; a create an interrupted run left pending is recovered the same way.
 *
 * @example
 * ```ts
 * const french = new Translation("handbook-fr", {
 *   spaceId: handbook.id,
 *   sourceLanguage: "en",
 *   language: "fr",
 *   instructions: "Keep product names in English.",
 * });
 * export const frenchSpace = french.resultSpaceId;
 * ```
 */
export class Translation extends dynamicClass(translation).withArgs<TranslationArgs>() {}
