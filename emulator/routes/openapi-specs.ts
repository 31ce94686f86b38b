import { z } from "zod";
import { apiRoute, type ApiContext } from "../context";
import { conflict, notFound } from "../errors";
import { empty, json } from "../http/route";
import { processSpec } from "../jobs/openapi-specs";
import { pageOf, pageQuery, slicePage } from "../pagination";
import { listOf } from "../render/common";
import { parseOrThrow } from "../validation";
import {
  OpenApiSpecJson,
  OpenApiSpecVersionJson,
  renderSpec,
  renderSpecContent,
  renderSpecVersion,
  specSlug,
  SpecContentJson,
  SpecRawContentJson,
  specVisibility,
} from "../render/openapi-specs";
import {
  deleteSpec,
  findSpecBySlug,
  findSpecVersion,
  insertSpec,
  listSpecs,
  listSpecVersions,
  replaceSpecSource,
  setSpecVisibility,
  type SpecSource,
} from "../store/openapi-specs";

/**
 * GAPS.md: `{ url }` or `{ text }`. A URL is http(s), at most 2048 characters (§8), with no
 * credentials: a fetch cannot send them from the URL, and the spec's `sourceURL` is answered to
 * every reader of the organization (docs/api-decisions.md, "Credentials in source URLs").
 */
const source = z.union([
  z.strictObject({
    url: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .refine(
        (value) => !/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(value),
        "must carry no credentials (user:password@): serve the document where no login is needed, or send it as text",
      ),
  }),
  z.strictObject({ text: z.string().min(1) }),
]);

const base = "/orgs/{organizationId}/openapi";
const SpecList = listOf("OpenAPISpecList", OpenApiSpecJson);
const VersionList = listOf("OpenAPISpecVersionList", OpenApiSpecVersionJson);
const specAnswer = { description: "The spec", schema: OpenApiSpecJson };
const versionAnswer = { description: "The version", schema: OpenApiSpecVersionJson };

/** The spec `params.specSlug` of the organization, once the caller's role is checked. */
function requireSpec(
  ctx: ApiContext,
  params: { organizationId: string; specSlug: string },
  minimum: "member" | "create" = "member",
) {
  const role = ctx.requireRole(params.organizationId, minimum);
  const spec = findSpecBySlug(ctx.store, params.organizationId, params.specSlug);
  if (spec === undefined) throw notFound(`OpenAPI spec ${params.specSlug}`);
  return { spec, role };
}

/** The version `versionId` names: `latest` is the spec's last one. */
function requireVersion(
  ctx: ApiContext,
  params: { organizationId: string; specSlug: string; versionId?: string },
) {
  const { spec } = requireSpec(ctx, params);
  const id = params.versionId ?? "latest";
  const version =
    id === "latest"
      ? spec.lastVersion === null
        ? undefined
        : findSpecVersion(ctx.store, spec.id, spec.lastVersion)
      : findSpecVersion(ctx.store, spec.id, id);
  if (version === undefined) throw notFound(`version ${id} of OpenAPI spec ${spec.slug}`);
  return { spec, version };
}

const sameSource = (a: SpecSource, b: SpecSource) =>
  "text" in a && "text" in b && a.text === b.text;

/** §4.13 OpenAPI specs: their processing runs in the background (jobs/openapi-specs.ts). */
export const openApiSpecRoutes = [
  apiRoute({
    method: "get",
    path: base,
    operationId: "listOpenAPISpecs",
    summary: "An organization's OpenAPI specs",
    query: pageQuery,
    responses: { 200: { description: "A page of specs", schema: SpecList } },
    handler({ params, query }, ctx) {
      const role = ctx.requireRole(params.organizationId, "member");
      const page = slicePage(pageOf(query), listSpecs(ctx.store, params.organizationId));
      return json(200, { ...page, items: page.items.map((s) => renderSpec(ctx.origin, s, role)) });
    },
  }),

  apiRoute({
    method: "post",
    path: base,
    operationId: "createOpenAPISpec",
    summary: "Create a spec from a URL or inline text; it is processed in the background",
    body: z.strictObject({ slug: specSlug, source }),
    responses: {
      201: { description: "The new spec, processing pending", schema: OpenApiSpecJson },
    },
    handler({ params, body }, ctx) {
      const role = ctx.requireRole(params.organizationId, "create");
      if (findSpecBySlug(ctx.store, params.organizationId, body.slug) !== undefined)
        throw conflict(
          `an OpenAPI spec with slug ${body.slug} already exists in this organization`,
        );
      const spec = insertSpec(ctx.store, params.organizationId, body.slug, body.source);
      processSpec(ctx.store, ctx.background, spec.id);
      return json(201, renderSpec(ctx.origin, spec, role));
    },
  }),

  apiRoute({
    method: "get",
    path: `${base}/{specSlug}`,
    operationId: "getOpenAPISpecBySlug",
    summary: "A spec, with where its processing is",
    responses: { 200: specAnswer },
    handler({ params }, ctx) {
      const { spec, role } = requireSpec(ctx, params);
      return json(200, renderSpec(ctx.origin, spec, role));
    },
  }),

  apiRoute({
    method: "put",
    path: `${base}/{specSlug}`,
    operationId: "createOrUpdateOpenAPISpecBySlug",
    summary:
      "Create the spec, or give it a new source: a URL is fetched again, a changed text processed",
    body: z.strictObject({ source }),
    responses: {
      200: { description: "The spec, updated", schema: OpenApiSpecJson },
      201: { description: "The spec, created", schema: OpenApiSpecJson },
    },
    handler({ params, body }, ctx) {
      const role = ctx.requireRole(params.organizationId, "create");
      // The slug of a spec PUT creates is checked as the create's body checks it.
      const { slug } = parseOrThrow(z.object({ slug: specSlug }), { slug: params.specSlug });
      const current = findSpecBySlug(ctx.store, params.organizationId, slug);
      if (current === undefined) {
        const spec = insertSpec(ctx.store, params.organizationId, slug, body.source);
        processSpec(ctx.store, ctx.background, spec.id);
        return json(201, renderSpec(ctx.origin, spec, role));
      }
      // The same text again is no change; a URL is fetched again, as what it serves may have moved on.
      if (sameSource(current.source, body.source))
        return json(200, renderSpec(ctx.origin, current, role));
      const spec = replaceSpecSource(ctx.store, current.id, body.source);
      processSpec(ctx.store, ctx.background, spec.id);
      return json(200, renderSpec(ctx.origin, spec, role));
    },
  }),

  apiRoute({
    method: "patch",
    path: `${base}/{specSlug}`,
    operationId: "updateOpenAPISpecBySlug",
    summary: "Make a spec public or private",
    body: z.strictObject({ visibility: specVisibility }),
    responses: { 200: specAnswer },
    handler({ params, body }, ctx) {
      const { spec, role } = requireSpec(ctx, params, "create");
      return json(
        200,
        renderSpec(ctx.origin, setSpecVisibility(ctx.store, spec.id, body.visibility), role),
      );
    },
  }),

  apiRoute({
    method: "delete",
    path: `${base}/{specSlug}`,
    operationId: "deleteOpenAPISpecBySlug",
    summary: "Delete a spec and its versions; its processing stops",
    responses: {
      204: { description: "The spec did not exist" },
      205: { description: "The spec has been deleted" },
    },
    handler({ params }, ctx) {
      const role = ctx.roleIn(params.organizationId);
      const spec = findSpecBySlug(ctx.store, params.organizationId, params.specSlug);
      if (role === undefined || spec === undefined) return empty(204);
      ctx.requireRole(params.organizationId, "create");
      deleteSpec(ctx.store, spec.id);
      return empty(205);
    },
  }),

  apiRoute({
    method: "get",
    path: `${base}/{specSlug}/versions`,
    operationId: "listOpenAPISpecVersions",
    summary: "A spec's versions, newest first",
    query: pageQuery,
    responses: { 200: { description: "A page of versions", schema: VersionList } },
    handler({ params, query }, ctx) {
      const { spec } = requireSpec(ctx, params);
      const page = slicePage(pageOf(query), listSpecVersions(ctx.store, spec.id));
      return json(200, {
        ...page,
        items: page.items.map((v) => renderSpecVersion(ctx.origin, spec, v)),
      });
    },
  }),

  ...(["latest", "{versionId}"] as const).flatMap((which) => {
    const path = `${base}/{specSlug}/versions/${which}` as const;
    const latest = which === "latest";
    const suffix = latest ? "LatestOpenAPISpecVersion" : "OpenAPISpecVersionById";
    return [
      apiRoute({
        method: "get",
        path,
        operationId: `get${suffix}`,
        summary: latest ? "A spec's latest version" : "A version of a spec",
        responses: { 200: versionAnswer },
        handler({ params }, ctx) {
          const { spec, version } = requireVersion(ctx, params);
          return json(200, renderSpecVersion(ctx.origin, spec, version));
        },
      }),
      apiRoute({
        method: "get",
        path: `${path}/content`,
        operationId: `get${suffix}Content`,
        summary: "A version's content: its files, and where its text is",
        responses: { 200: { description: "The content", schema: SpecContentJson } },
        handler({ params }, ctx) {
          const { spec, version } = requireVersion(ctx, params);
          return json(200, renderSpecContent(ctx.origin, spec, version));
        },
      }),
      apiRoute({
        method: "get",
        path: `${path}/content/raw`,
        operationId: `get${suffix}ContentRaw`,
        summary: "A version's text exactly as given or fetched",
        responses: { 200: { description: "The raw content", schema: SpecRawContentJson } },
        handler({ params }, ctx) {
          const { version } = requireVersion(ctx, params);
          return json(200, { text: version.text, format: version.format });
        },
      }),
    ];
  }),
];
