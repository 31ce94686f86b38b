import { z } from "zod";
import { listAll, segment, type ApiClient } from "../client";
import { Language, open } from "./common";

/** §2.12's rich document, as the provider sends and reads it: blocks kept as given. */
export const Block = z.looseObject({
  object: z.literal("block"),
  type: z.string().min(1),
  key: z.string().optional(),
  isVoid: z.boolean().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
  nodes: z.array(z.unknown()).optional(),
});
export const InstructionsDocument = z.object({
  object: z.literal("document"),
  data: z.looseObject({ schemaVersion: z.number().int().optional() }),
  nodes: z.array(Block),
});
export type InstructionsDocument = z.infer<typeof InstructionsDocument>;

/**
 * Plain text as §2.12's document: one paragraph per line, each holding the line as one text leaf
 * (the hosted service's example shape). Blank lines separate nothing more.
 */
export function textDocument(text: string): InstructionsDocument {
  return {
    object: "document",
    data: {},
    nodes: text
      .split(/\r?\n/)
      .filter((line) => line.trim() !== "")
      .map((line) => ({
        object: "block" as const,
        type: "paragraph",
        data: {},
        nodes: [{ object: "text", leaves: [{ object: "leaf", text: line, marks: [] }] }],
      })),
  };
}

/** Instructions as a program writes them: plain text (one paragraph per line) or a document. */
export const Instructions = z.union([z.string().min(1), InstructionsDocument]);
export type Instructions = z.infer<typeof Instructions>;

/** The document the API takes: plain text becomes paragraphs (§2.12); none is an empty one. */
export function documentOf(instructions: Instructions | null | undefined): InstructionsDocument {
  if (instructions === null || instructions === undefined) return textDocument("");
  return typeof instructions === "string" ? textDocument(instructions) : instructions;
}

export const TranslationStatus = z.enum(["pending", "running", "completed"]);

const count = z.number();
/** A Translation as the provider reads it (§2.12). */
export const Translation = z.object({
  id: z.string(),
  status: open(TranslationStatus),
  source: z.object({ space: z.string(), language: open(Language) }),
  language: open(Language),
  instructions: z.unknown().optional(),
  result: z.object({ space: z.string(), revision: z.string() }).nullish(),
  createdAt: z.string(),
  updatedAt: z.string(),
  stats: z
    .object({
      runs: count,
      totalWords: count,
      totalPages: count,
      totalDuration: count,
      latestRunDuration: count,
      latestPages: count,
      latestWords: count,
    })
    .partial()
    .optional(),
});
export type Translation = z.infer<typeof Translation>;

const translations = (organizationId: string) =>
  `/v1/orgs/${segment("organizationId", organizationId)}/translations`;
const byId = (organizationId: string, id: string) =>
  `${translations(organizationId)}/${segment("translationId", id)}`;

export function createTranslation(
  client: ApiClient,
  organizationId: string,
  body: {
    source: { space: string; language: string };
    language: string;
    instructions: InstructionsDocument;
  },
): Promise<Translation> {
  return client.request("POST", translations(organizationId), { body, schema: Translation });
}

export function listTranslations(client: ApiClient, organizationId: string) {
  return listAll(client, translations(organizationId), Translation, { limit: 1000 });
}

export function getTranslation(client: ApiClient, organizationId: string, id: string) {
  return client.get(byId(organizationId, id), Translation);
}

export function putInstructions(
  client: ApiClient,
  organizationId: string,
  id: string,
  instructions: InstructionsDocument,
): Promise<Translation> {
  return client.request("PUT", byId(organizationId, id), {
    body: { instructions },
    schema: Translation,
  });
}

/** Starts a run; a second one supersedes the first, so it is safe to send twice. */
export function runTranslation(client: ApiClient, organizationId: string, id: string) {
  return client.request("POST", `${byId(organizationId, id)}/run`, { idempotent: true });
}

export function deleteTranslation(client: ApiClient, organizationId: string, id: string) {
  return client.request("DELETE", byId(organizationId, id));
}
