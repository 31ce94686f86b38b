import type { Fixture } from "./conformance-fixtures";

/** The translation glossary's part of the conformance suite (conformance.test.ts). */
export const glossaryFixtures: Record<string, Fixture> = {
  "translation-glossary": {
    // Terms unique to each test, so that every create has something to write.
    inputs: (_, n) => ({
      entries: [
        { en: `Workspace ${n}`, fr: `Espace de travail ${n}` },
        { en: `Space ${n}`, de: `Bereich ${n}` },
      ],
    }),
    path: (s) => `/v1/orgs/${s.org}/translations-glossary`,
    limits: [
      {
        args: { entries: [{ xx: "Nope" }] },
        property: "entries[0].xx",
        reason: /^is not a language: one of en, fr/,
      },
      {
        args: { entries: [{}] },
        property: "entries[0]",
        reason: "must name at least one language",
      },
      {
        args: { entries: [{ en: "x".repeat(256) }] },
        property: "entries[0].en",
        reason: "must be at most 255 characters",
      },
      {
        args: {
          entries: [
            { en: "A", fr: "B" },
            { fr: "B", en: "A" },
          ],
        },
        property: "entries[1]",
        reason: "repeats entries[0]",
      },
      { args: { adoptId: "another-org" }, property: "adoptId", reason: /organization's id/ },
    ],
    drift: {
      method: "PUT",
      body: () => ({ operations: [{ type: "insert", translations: { en: "Made by hand" } }] }),
      property: "entries",
    },
    gone: { skip: "the glossary is the organization's: it is gone only with its organization" },
    partial: { skip: "one PUT writes the whole batch: no second request follows it" },
  },
};
