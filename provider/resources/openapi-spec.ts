import { z } from "zod";
import * as api from "../api/openapi-specs";
import { publicUrls } from "../api/common";
import { ApiError } from "../client";
import type { Context } from "../context";
import { defineResource, resourceInputs } from "../lifecycle/define";
import type { ArgsInputs, Input, WorkspaceArgs } from "../lifecycle/define";
import { pollUntil } from "../lifecycle/polling";

/** How long `up` waits for processing unless `processingTimeoutSeconds` says otherwise. */
export const DEFAULT_PROCESSING_TIMEOUT_SECONDS = 300;

/** What each processing error code of the service means, for the message that names it. */
const ERROR_MEANINGS: Readonly<Record<string, string>> = {
  FETCH_TIMEOUT: "the service timed out fetching the source URL",
  FETCH_ERROR: "the service could not fetch the source URL",
  PARSE_ERROR: "the source is not an OpenAPI document the service can read",
};

interface WaitSettings {
  organizationId: string;
  slug: string;
  waitForProcessing?: boolean | null;
  processingTimeoutSeconds?: number | null;
}

/**
 * Polls the spec until its processing is `complete` (§2.12), and fails with the service's error
 * code when processing failed. With `waitForProcessing: false`, answers `spec` as it is.
 */
export async function waitForProcessing(
  { client }: Context,
  settings: WaitSettings,
  spec: api.OpenApiSpec,
): Promise<api.OpenApiSpec> {
  if (settings.waitForProcessing === false) return spec;
  const timeout = settings.processingTimeoutSeconds ?? DEFAULT_PROCESSING_TIMEOUT_SECONDS;
  let current = spec;
  const done = await pollUntil({
    what: `OpenAPI spec ${settings.slug} to finish processing`,
    timeoutMs: timeout * 1000,
    remedy: "raise processingTimeoutSeconds, or set waitForProcessing to false",
    probe: async () => {
      // The answer that started the work shows it pending: look again before deciding.
      current = await api.getSpec(client, settings.organizationId, settings.slug);
      return current.processingState === "complete"
        ? { done: true, value: current }
        : { done: false, state: current.processingState };
    },
  });
  const code = done.lastProcessErrorCode;
  if (code) {
    const meaning = ERROR_MEANINGS[code] ?? "see the spec's page in the app";
    const source = done.sourceURL ? ` (${done.sourceURL})` : "";
    throw new Error(
      `OpenAPI spec ${settings.slug}: processing failed with ${code}: ${meaning}${source}`,
    );
  }
  return done;
}

/** A spec as the resource reads it: with its latest version's text when its source is text. */
const SpecRead = api.OpenApiSpec.extend({ text: z.string().optional() });
type SpecRead = z.infer<typeof SpecRead>;

/**
 * What the source output holds: the URL the service reports, else the latest version's text
 * when it was read, else the text last sent (an answer to a create or a PUT carries no text).
 */
function sourceOf(spec: SpecRead, known: api.SpecSource | null): api.SpecSource | null {
  if (spec.sourceURL) return { url: spec.sourceURL };
  if (spec.text !== undefined) return { text: spec.text };
  return known && "text" in known ? known : null;
}

/**
 * Reads the spec and, when it is declared (or was last sent) with a text source, or with none
 * known, the text of its
 * latest version: a text changed out of band then shows as drift, and taking over a spec that
 * already holds the declared text writes nothing.
 */
async function readSpec(
  { client }: Context,
  organizationId: string,
  slug: string,
  source: api.SpecSource | null | undefined,
): Promise<SpecRead> {
  const spec = await api.getSpec(client, organizationId, slug);
  // A source not known (an import) may be a text too: read it.
  if (spec.sourceURL || !spec.lastVersion || (source && !("text" in source))) return spec;
  const text = await api.getLatestSpecText(client, organizationId, slug);
  return text === undefined ? spec : { ...spec, text };
}

export const openApiSpec = defineResource({
  kind: "openapi-spec",
  type: "OpenApiSpec",
  inputs: resourceInputs({
    slug: api.SpecSlug,
    source: api.SpecSource,
    visibility: api.SpecVisibility.optional(),
    waitForProcessing: z.boolean().optional(),
    processingTimeoutSeconds: z.number().int().min(1).max(3600).optional(),
  }),
  replaceOnChange: ["organizationId", "slug"],
  // Waiting is how `up` behaves, not a property of the spec: changing it changes nothing.
  createOnly: ["waitForProcessing", "processingTimeoutSeconds"],
  // A new slug is a new spec: the old one goes first, so the same document is never published
  // under two slugs, even for a moment.
  deleteBeforeReplace: () => true,
  response: SpecRead,
  createBody: api.SpecCreate,
  patchBody: api.SpecPatch,
  outputs: {
    /** The URL the spec is fetched from, or the text last sent (the service does not report it). */
    source: (spec, known) => sourceOf(spec, known.source),
    waitForProcessing: (_, known) => known.waitForProcessing ?? null,
    processingTimeoutSeconds: (_, known) => known.processingTimeoutSeconds ?? null,
    /** The service's id of the spec (the resource's id is its slug, how the API addresses it). */
    specId: (spec) => spec.id,
    /**
     * `pending`, `progress` or `complete`. After `up` with `waitForProcessing` it is `complete`;
     * without, it is as the last answer showed it, and a refresh reads it again.
     */
    processingState: (spec) => spec.processingState,
    /** The id of the latest version: a new one after each change of source. */
    lastVersion: (spec) => spec.lastVersion ?? null,
    lastProcessedAt: (spec) => spec.lastProcessedAt ?? null,
    /** The service's error code of the last processing (`FETCH_TIMEOUT`, ...), or `null`. */
    lastProcessErrorCode: (spec) => spec.lastProcessErrorCode ?? null,
    createdAt: (spec) => spec.createdAt,
    updatedAt: (spec) => spec.updatedAt,
    /** `location`, `app`, and `published` while the spec is public. */
    urls: (spec) => publicUrls(spec.urls, ["location", "app", "published"]),
  },
  idOf: (spec) => spec.slug,
  create: ({ client }, inputs, body) => api.createSpec(client, inputs.organizationId, body),
  settle: (ctx, _id, spec, inputs) => waitForProcessing(ctx, inputs, spec),
  read: (ctx, slug, olds) => readSpec(ctx, olds.organizationId, slug, olds.source),
  patch: ({ client }, slug, olds, body) => api.updateSpec(client, olds.organizationId, slug, body),
  delete: ({ client }, slug, olds) => api.deleteSpec(client, olds.organizationId, slug),
  operations: [
    {
      input: "source",
      // A PUT of the new source: processed again, and waited for like a create.
      run: async (ctx, slug, news) =>
        waitForProcessing(
          ctx,
          news,
          await api.putSpecSource(ctx.client, news.organizationId, slug, news.source),
        ),
    },
  ],
  naturalKey: {
    describe: "slug in its organization",
    guard: "createdAt",
    find: async ({ client }, inputs) => {
      try {
        const spec = await api.getSpec(client, inputs.organizationId, inputs.slug);
        return [{ id: spec.slug, createdAt: spec.createdAt }];
      } catch (error) {
        if (error instanceof ApiError && error.isNotFound) return [];
        throw error;
      }
    },
  },
});

type Inputs = ArgsInputs<typeof openApiSpec>;

/** The arguments of an {@link OpenApiSpec}. */
export interface OpenApiSpecArgs extends WorkspaceArgs {
  /**
   * The organization that owns the spec; defaults to the workspace's organization. A change
   * replaces the spec.
   * @example "org_engineering"
   */
  organizationId?: Input<Inputs["organizationId"]>;
  /**
   * How the spec is referenced, unique in its organization: lowercase letters and digits in
   * words joined by single hyphens, at most 100 characters. A change replaces the spec, the old
   * one deleted first.
   * @example "payments-api"
   */
  slug: Input<Inputs["slug"]>;
  /**
   * Where the spec comes from: `{ url }` (http or https, at most 2048 characters), fetched by
   * the service, or `{ text }`, the document inline. A change is processed into a new version.
   * @example { url: "https://api.example.com/openapi.yaml" }
   */
  source: Input<Inputs["source"]>;
  /**
   * `private` (members only) or `public` (anyone with the link, at `urls.published`). Omitted:
   * left as it is (a new spec is private).
   * @example "public"
   */
  visibility?: Input<Inputs["visibility"]>;
  /**
   * Whether `up` waits for the service to process a new source (default `true`): it then fails
   * with the service's error code (`FETCH_TIMEOUT`, `FETCH_ERROR`, `PARSE_ERROR`) when
   * processing fails, and a failed create leaves no spec behind. A change is no change.
   * @example false
   */
  waitForProcessing?: Input<Inputs["waitForProcessing"]>;
  /**
   * How long `up` waits for processing, in seconds, 1 to 3600 (default 300). A change is no change.
   * @example 900
   */
  processingTimeoutSeconds?: Input<Inputs["processingTimeoutSeconds"]>;
  /**
   * The slug of an existing spec to take over instead of creating one.
   * @example "payments-api"
   */
  adoptId?: Input<Inputs["adoptId"]>;
}
