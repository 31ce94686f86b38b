import { z } from "zod";
import { hasRole } from "../auth";
import type { OpenApiSpecRow, SpecVersionRow } from "../store/openapi-specs";
import { named, present, timestamp, url } from "./common";

/** §2.12's slug pattern; at most 100 characters (the hosted service's limit). */
export const SPEC_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const specSlug = z.string().min(1).max(100).regex(SPEC_SLUG);

export const processingState = z.enum(["pending", "progress", "complete"]);
/** The hosted service's error codes; §2.12 names `FETCH_TIMEOUT`. */
export const processErrorCode = z.enum(["FETCH_TIMEOUT", "FETCH_ERROR", "PARSE_ERROR"]);
export const specVisibility = z.enum(["private", "public"]);

export const OpenApiSpecJson = named(
  "OpenAPISpec",
  z.strictObject({
    object: z.literal("openapi-spec"),
    id: z.string(),
    createdAt: timestamp,
    updatedAt: timestamp,
    slug: specSlug,
    sourceURL: url.optional(),
    processingState,
    visibility: specVisibility,
    lastVersion: z.string().optional(),
    lastProcessedAt: timestamp.optional(),
    lastProcessErrorCode: processErrorCode.optional(),
    lastProcessedErrorCount: z.number().int().min(0),
    permissions: z.strictObject({ view: z.boolean(), edit: z.boolean() }),
    urls: z.strictObject({ location: url, app: url, published: url.optional() }),
  }),
);
export type OpenApiSpecJson = z.input<typeof OpenApiSpecJson>;

export const OpenApiSpecVersionJson = named(
  "OpenAPISpecVersion",
  z.strictObject({
    object: z.literal("openapi-spec-version"),
    id: z.string(),
    createdAt: timestamp,
    url: url.max(2048),
    urls: z.strictObject({ location: url }),
  }),
);
export type OpenApiSpecVersionJson = z.input<typeof OpenApiSpecVersionJson>;

/**
 * §2.12's version content, `{ filesystem, url }`, with the hosted service's `urls` beside it
 * (its document has `urls.source` and `urls.public` where §2.12 has `url`): both readers work
 * (docs/api-decisions.md). The filesystem holds the spec's entrypoint file by name: the emulator
 * keeps one file per version.
 */
export const SpecContentJson = named(
  "OpenAPISpecContent",
  z.strictObject({
    filesystem: z.strictObject({
      entrypoint: z.string(),
      files: z.record(z.string(), z.string()),
    }),
    url,
    urls: z.strictObject({ source: url.max(2048), public: url.max(2048).nullable() }),
  }),
);

/** The hosted service's raw content: the entrypoint's text exactly as given. */
export const SpecRawContentJson = named(
  "OpenAPISpecRawContent",
  z.strictObject({ text: z.string(), format: z.enum(["json", "yaml"]) }),
);

export const specLocation = (origin: string, spec: OpenApiSpecRow) =>
  `${origin}/v1/orgs/${spec.organizationId}/openapi/${spec.slug}`;

export const specAppUrl = (origin: string, spec: OpenApiSpecRow) =>
  `${origin}/app/o/${spec.organizationId}/openapi/${spec.slug}`;

export function renderSpec(
  origin: string,
  spec: OpenApiSpecRow,
  role: string | null,
): OpenApiSpecJson {
  return {
    object: "openapi-spec",
    id: spec.id,
    createdAt: spec.createdAt,
    updatedAt: spec.updatedAt,
    slug: spec.slug,
    ...("url" in spec.source ? { sourceURL: spec.source.url } : {}),
    processingState: spec.processingState,
    visibility: spec.visibility,
    ...present("lastVersion", spec.lastVersion),
    ...present("lastProcessedAt", spec.lastProcessedAt),
    ...present("lastProcessErrorCode", spec.lastProcessErrorCode),
    lastProcessedErrorCount: spec.lastProcessErrorCode === null ? 0 : 1,
    permissions: { view: true, edit: hasRole(role, "create") },
    urls: {
      location: specLocation(origin, spec),
      app: specAppUrl(origin, spec),
      // The hosted service defines it only for a public spec: anyone with the link reads it.
      ...(spec.visibility === "public" ? { published: `${specAppUrl(origin, spec)}/public` } : {}),
    },
  };
}

const versionLocation = (origin: string, spec: OpenApiSpecRow, version: SpecVersionRow) =>
  `${specLocation(origin, spec)}/versions/${version.id}`;

/** Where a version's text is: the URL it was fetched from, or its raw content in the API. */
const versionUrl = (origin: string, spec: OpenApiSpecRow, version: SpecVersionRow) =>
  version.sourceUrl ?? `${versionLocation(origin, spec, version)}/content/raw`;

export function renderSpecVersion(
  origin: string,
  spec: OpenApiSpecRow,
  version: SpecVersionRow,
): OpenApiSpecVersionJson {
  return {
    object: "openapi-spec-version",
    id: version.id,
    createdAt: version.createdAt,
    url: versionUrl(origin, spec, version),
    urls: { location: versionLocation(origin, spec, version) },
  };
}

export const entrypointName = (version: SpecVersionRow) => `openapi.${version.format}`;

export function renderSpecContent(origin: string, spec: OpenApiSpecRow, version: SpecVersionRow) {
  const entrypoint = entrypointName(version);
  const source = versionUrl(origin, spec, version);
  // The service's `public`: null for a private spec; for a public one, the source URL of a
  // fetched version, else the spec's public page (its "proxy URL for stored specs").
  const published = version.sourceUrl ?? `${specAppUrl(origin, spec)}/public`;
  return {
    filesystem: { entrypoint, files: { [entrypoint]: version.text } },
    url: source,
    urls: { source, public: spec.visibility === "public" ? published : null },
  };
}
