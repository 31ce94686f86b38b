import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import { Language } from "../api/common";
import { deleteSpace } from "../api/spaces";
import * as api from "../api/translations";
import type { Context } from "../context";
import { defineResource, Id, resourceInputs } from "../lifecycle/define";
import type { ArgsInputs, Input, WorkspaceArgs } from "../lifecycle/define";
import { pollUntil } from "../lifecycle/polling";

/** How long `up` waits for a run unless `runTimeoutSeconds` says otherwise. */
export const DEFAULT_RUN_TIMEOUT_SECONDS = 600;

/** Polls the translation until its run is `completed`. */
async function waitForRun(
  { client }: Context,
  settings: { organizationId: string; runTimeoutSeconds?: number | null },
  id: string,
): Promise<api.Translation> {
  return pollUntil({
    what: `translation ${id} to finish its run`,
    timeoutMs: (settings.runTimeoutSeconds ?? DEFAULT_RUN_TIMEOUT_SECONDS) * 1000,
    remedy: "raise runTimeoutSeconds",
    probe: async () => {
      const t = await api.getTranslation(client, settings.organizationId, id);
      return t.status === "completed" ? { done: true, value: t } : { done: false, state: t.status };
    },
  });
}

export const translation = defineResource({
  kind: "translation",
  type: "Translation",
  exporter: { owns: [{ output: "resultSpaceId", type: "Space" }] },
  inputs: resourceInputs({
    spaceId: Id,
    sourceLanguage: Language,
    language: Language,
    instructions: api.Instructions.optional(),
    runOnChange: z.boolean().optional(),
    runTimeoutSeconds: z.number().int().min(1).max(3600).optional(),
  }),
  rules: (inputs) =>
    inputs.language === inputs.sourceLanguage
      ? [{ property: "language", reason: `must differ from sourceLanguage (${inputs.language})` }]
      : [],
  replaceOnChange: ["organizationId", "spaceId", "sourceLanguage", "language"],
  // How `up` behaves, not a property of the translation: changing it changes nothing.
  createOnly: ["runOnChange", "runTimeoutSeconds"],
  response: api.Translation,
  createBody: z.object({ language: Language, instructions: api.Instructions }).partial(),
  outputs: {
    spaceId: (t) => t.source.space,
    sourceLanguage: (t) => t.source.language,
    /** As declared (text or document) while the service holds that document; else its document. */
    instructions: (t, known) =>
      isDeepStrictEqual(api.documentOf(known.instructions), t.instructions)
        ? (known.instructions ?? null)
        : ((t.instructions as api.InstructionsDocument | undefined) ?? null),
    runOnChange: (_, known) => known.runOnChange ?? null,
    runTimeoutSeconds: (_, known) => known.runTimeoutSeconds ?? null,
    /** `pending`, `running` or `completed`: `completed` after `up`, which waits for the run. */
    status: (t) => t.status,
    /** The space holding the translated content, made by the first run. */
    resultSpaceId: (t) => t.result?.space ?? null,
    /**
     * The revision the latest run produced. Edits to the result space do not change it: only a
     * new run does, so a refresh shows no change for activity in the space.
     */
    resultRevision: (t) => t.result?.revision ?? null,
    /** Runs, words and pages counted by the service. */
    stats: (t) => t.stats ?? null,
    createdAt: (t) => t.createdAt,
    updatedAt: (t) => t.updatedAt,
  },
  create: ({ client }, inputs) =>
    api.createTranslation(client, inputs.organizationId, {
      source: { space: inputs.spaceId, language: inputs.sourceLanguage },
      language: inputs.language,
      instructions: api.documentOf(inputs.instructions),
    }),
  // The first run starts with the create: its result space exists once `up` is done.
  settle: (ctx, id, _t, inputs) => waitForRun(ctx, inputs, id),
  read: ({ client }, id, olds) => api.getTranslation(client, olds.organizationId, id),
  // The result space is this resource's making and nobody else's: it goes with it.
  delete: async ({ client }, id, olds) => {
    await api.deleteTranslation(client, olds.organizationId, id);
    const result = (olds as { resultSpaceId?: string | null }).resultSpaceId;
    if (result) await deleteSpace(client, result);
  },
  naturalKey: {
    describe: "source space and target language",
    guard: "createdAt",
    find: async ({ client }, inputs) =>
      (await api.listTranslations(client, inputs.organizationId)).filter(
        (t) => t.source.space === inputs.spaceId && t.language === inputs.language,
      ),
  },
  operations: [
    {
      input: "instructions",
      run: async (ctx, id, news) => {
        const put = await api.putInstructions(
          ctx.client,
          news.organizationId,
          id,
          api.documentOf(news.instructions),
        );
        if (news.runOnChange === false) return put;
        await api.runTranslation(ctx.client, news.organizationId, id);
        return waitForRun(ctx, news, id);
      },
    },
  ],
});

type Inputs = ArgsInputs<typeof translation>;

/** The arguments of a {@link Translation}. */
export interface TranslationArgs extends WorkspaceArgs {
  /**
   * The organization of the source space; defaults to the workspace's organization. A change
   * replaces the translation.
   * @example "org_engineering"
   */
  organizationId?: Input<Inputs["organizationId"]>;
  /**
   * The space to translate. A change replaces the translation.
   * @example handbook.id
   */
  spaceId: Input<Inputs["spaceId"]>;
  /**
   * The language the source space is written in. A change replaces the translation.
   * @example "en"
   */
  sourceLanguage: Input<Inputs["sourceLanguage"]>;
  /**
   * The language to translate into, other than `sourceLanguage`. A change replaces the
   * translation (and its result space).
   * @example "fr"
   */
  language: Input<Inputs["language"]>;
  /**
   * Instructions for the translator: plain text (one paragraph per line) or a full §2.12
   * document. A change is sent, and runs the translation again unless `runOnChange` is false.
   * @example "Keep product names in English."
   */
  instructions?: Input<Inputs["instructions"]>;
  /**
   * Whether a change of instructions runs the translation again (default `true`). A change is no
   * change.
   * @example false
   */
  runOnChange?: Input<Inputs["runOnChange"]>;
  /**
   * How long `up` waits for a run, in seconds, 1 to 3600 (default 600). A change is no change.
   * @example 1800
   */
  runTimeoutSeconds?: Input<Inputs["runTimeoutSeconds"]>;
  /**
   * The id of an existing translation to take over instead of creating one.
   * @example "trn_4f2a"
   */
  adoptId?: Input<Inputs["adoptId"]>;
}
