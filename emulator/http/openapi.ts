import { z } from "zod";
import { namedSchemas } from "../render/common";
import type { Route, RouteGroup } from "./route";

/**
 * The emulator's own OpenAPI 3.1 document, generated from its route declarations (paths,
 * parameters, bodies, responses) and zod's JSON Schema output: nothing in it is written by hand,
 * so it cannot drift from what the emulator serves.
 */

type JsonSchema = Record<string, unknown>;

const pascal = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

/** Converts every schema of a registry at once, so shared ones become `$ref`s between them. */
function components(
  entries: Iterable<[z.ZodType, string]>,
  io: "input" | "output",
): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [schema, id] of entries) if (!registry.has(schema)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    io,
    target: "draft-2020-12",
    unrepresentable: "any",
    uri: (id) => `#/components/schemas/${id}`,
  });
  const out: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    const { $schema: _schema, $id: _id, ...rest } = schema as JsonSchema;
    out[id] = rest;
  }
  return out;
}

/** `/app` and `/` make `/app`, as Hono serves it. */
export function fullPath(prefix: string, path: string): string {
  return path === "/" && prefix !== "" ? prefix : `${prefix}${path}`;
}

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

function parameters(route: Route<unknown>) {
  const path = [...route.path.matchAll(/\{(\w+)(\+?)\}/g)].map(([, name, rest]) => ({
    name,
    in: "path",
    required: true,
    ...(rest ? { description: "The rest of the path: it may hold `/`" } : {}),
    schema: { type: "string" },
  }));
  const shape = route.query instanceof z.ZodObject ? route.query.shape : {};
  const query = Object.entries(shape as Record<string, z.ZodType>).map(([name, schema]) => {
    const { $schema: _s, ...json } = z.toJSONSchema(schema, {
      io: "input",
      unrepresentable: "any",
    }) as JsonSchema;
    return { name, in: "query", required: !schema.safeParse(undefined).success, schema: json };
  });
  return [...path, ...query];
}

export interface DocumentInfo {
  title: string;
  version: string;
  description: string;
}

export function openApiDocument(groups: readonly RouteGroup<unknown>[], info: DocumentInfo) {
  const outputs = new Map<z.ZodType, string>(namedSchemas);
  const inputs = new Map<z.ZodType, string>();
  /** The bodies of the workspace API, which ignores unknown fields (route.ts, mountRoutes). */
  const open = new Set<string>();
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Set<string>();

  for (const group of groups) {
    tags.add(group.tag);
    for (const route of group.routes) {
      const responses: Record<string, unknown> = {};
      for (const [status, spec] of Object.entries(route.responses)) {
        if (spec.schema !== undefined) {
          if (!outputs.has(spec.schema))
            outputs.set(spec.schema, `${pascal(route.operationId)}Response${status}`);
          responses[status] = {
            description: spec.description,
            content: { "application/json": { schema: ref(outputs.get(spec.schema)!) } },
          };
        } else if (spec.html) {
          responses[status] = {
            description: spec.description,
            content: { "text/html": { schema: { type: "string" } } },
          };
        } else if (spec.bytes) {
          responses[status] = {
            description: spec.description,
            content: {
              "application/octet-stream": { schema: { type: "string", format: "binary" } },
            },
          };
        } else responses[status] = { description: spec.description };
      }
      responses.default = {
        description:
          "An error: bad input (400), no or an unknown token (401), not permitted (403), not found (404), a conflict (409), a body over the limit (413), rate limited (429)",
        content: { "application/json": { schema: ref("Error") } },
      };
      let requestBody: unknown;
      if (route.body !== undefined) {
        // A body schema shared by routes (the move of collections and spaces) is one component.
        if (!inputs.has(route.body)) inputs.set(route.body, `${pascal(route.operationId)}Body`);
        const id = inputs.get(route.body)!;
        if (group.prefix === "/v1") open.add(id);
        const type = route.form ? "application/x-www-form-urlencoded" : "application/json";
        requestBody = { required: false, content: { [type]: { schema: ref(id) } } };
      }
      // OpenAPI writes a parameter holding `/` as any other: `{name}`.
      const path = fullPath(group.prefix, route.path).replace(/\{(\w+)\+\}/g, "{$1}");
      paths[path] ??= {};
      paths[path][route.method] = {
        operationId: route.operationId,
        summary: route.summary,
        tags: [group.tag],
        parameters: parameters(route),
        ...(requestBody !== undefined ? { requestBody } : {}),
        responses,
        security: group.security === "bearer" ? [{ bearer: [] }] : [],
      };
    }
  }

  return {
    openapi: "3.1.0" as const,
    info,
    tags: [...tags].map((name) => ({ name })),
    paths,
    components: {
      schemas: { ...components(outputs, "output"), ...inputComponents(inputs, open) },
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
    },
  };
}

/** The request bodies' schemas; those of `open` take unknown keys at any depth. */
function inputComponents(inputs: Map<z.ZodType, string>, open: ReadonlySet<string>) {
  return Object.fromEntries(
    Object.entries(components(inputs, "input")).map(([id, schema]) => [
      id,
      open.has(id) ? withoutClosedObjects(schema) : schema,
    ]),
  );
}

/** `schema` with every `additionalProperties: false` left out: objects that take unknown keys. */
function withoutClosedObjects(schema: JsonSchema): JsonSchema {
  const open = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(open);
    if (typeof value !== "object" || value === null) return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key, v]) => !(key === "additionalProperties" && v === false))
        .map(([key, v]) => [key, open(v)]),
    );
  };
  return open(schema) as JsonSchema;
}
