import { z } from "zod";
import { ApiError, listAll, segment, type ApiClient } from "../client";
import { open, Urls } from "./common";

/** §2.12's slug pattern, at most 100 characters (docs/api-decisions.md). */
export const SpecSlug = z
  .string()
  .min(1)
  .max(100)
  .regex(
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
    "must be lowercase letters and digits in words joined by single hyphens",
  );

/** GAPS.md: a spec's source is a URL it is fetched from, or its text inline. */
export const SpecSource = z.union([
  z.strictObject({ url: z.url({ protocol: /^https?$/ }).max(2048) }),
  z.strictObject({ text: z.string().min(1) }),
]);
export type SpecSource = z.infer<typeof SpecSource>;

export const SpecVisibility = z.enum(["private", "public"]);
export const ProcessingState = z.enum(["pending", "progress", "complete"]);
export type ProcessingState = z.infer<typeof ProcessingState>;

/** An OpenAPISpec as the provider reads it (§2.12): only what it uses is required. */
export const OpenApiSpec = z.object({
  id: z.string(),
  slug: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  sourceURL: z.string().nullish(),
  processingState: open(ProcessingState),
  visibility: open(SpecVisibility).nullish(),
  lastVersion: z.string().nullish(),
  lastProcessedAt: z.string().nullish(),
  lastProcessErrorCode: z.string().nullish(),
  urls: Urls.optional(),
});
export type OpenApiSpec = z.infer<typeof OpenApiSpec>;

/** A version's raw content: the text as submitted, and its format. */
export const RawContent = z.object({ text: z.string(), format: z.string().optional() });

export const SpecCreate = z.object({ slug: SpecSlug, source: SpecSource });
export const SpecPatch = z.object({ visibility: SpecVisibility }).partial();

const specs = (organizationId: string) =>
  `/v1/orgs/${segment("organizationId", organizationId)}/openapi`;
const bySlug = (organizationId: string, slug: string) =>
  `${specs(organizationId)}/${segment("specSlug", slug)}`;

export function listSpecs(client: ApiClient, organizationId: string): Promise<OpenApiSpec[]> {
  return listAll(client, specs(organizationId), OpenApiSpec, { limit: 1000 });
}

export function getSpec(client: ApiClient, organizationId: string, slug: string) {
  return client.get(bySlug(organizationId, slug), OpenApiSpec);
}

/**
 * The text of the spec's latest version, as given or fetched; undefined when the service keeps
 * none for it (a 404: no version yet, or a legacy one).
 */
export async function getLatestSpecText(
  client: ApiClient,
  organizationId: string,
  slug: string,
): Promise<string | undefined> {
  try {
    const raw = await client.get(
      `${bySlug(organizationId, slug)}/versions/latest/content/raw`,
      RawContent,
    );
    return raw.text;
  } catch (error) {
    if (error instanceof ApiError && error.isNotFound) return undefined;
    throw error;
  }
}

export function createSpec(
  client: ApiClient,
  organizationId: string,
  body: z.infer<typeof SpecCreate>,
): Promise<OpenApiSpec> {
  return client.request("POST", specs(organizationId), { body, schema: OpenApiSpec });
}

/** Gives the spec a new source (PUT: idempotent, retried like any PUT); it is processed again. */
export function putSpecSource(
  client: ApiClient,
  organizationId: string,
  slug: string,
  source: SpecSource,
): Promise<OpenApiSpec> {
  return client.request("PUT", bySlug(organizationId, slug), {
    body: { source },
    schema: OpenApiSpec,
  });
}

export function updateSpec(
  client: ApiClient,
  organizationId: string,
  slug: string,
  body: z.infer<typeof SpecPatch>,
): Promise<OpenApiSpec> {
  return client.request("PATCH", bySlug(organizationId, slug), { body, schema: OpenApiSpec });
}

export function deleteSpec(client: ApiClient, organizationId: string, slug: string) {
  return client.request("DELETE", bySlug(organizationId, slug));
}
