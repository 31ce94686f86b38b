import type { Context, Hono } from "hono";
import type { ContentfulStatusCode, StatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { parseOrThrow, withoutUnknownFields } from "../validation";
import { bodyOf, formOf, type BodyEnv } from "./body";

/**
 * A route is declared once, as data: its method and path, the zod schemas of its query and body,
 * the statuses it answers with their schemas, and its handler. The same declaration mounts the
 * route on Hono, validates its input, types its handler's input and result, and becomes its entry
 * in `/openapi.json` and in the fuzz test: a new route needs no wiring beyond its family's list.
 */

export type Method = "get" | "post" | "put" | "patch" | "delete";

/** The `{name}` parameters of an OpenAPI-style path; `{name+}` is one that may hold `/`. */
export type PathParams<P extends string> = P extends `${string}{${infer K}}${infer Rest}`
  ? (K extends `${infer Name}+` ? Name : K) | PathParams<Rest>
  : never;

/** One answer a route may give: JSON matching `schema`, HTML, bytes (a file), or no body. */
export interface ResponseSpec {
  description: string;
  schema?: z.ZodType;
  html?: true;
  bytes?: true;
}
export type Responses = { [status: number]: ResponseSpec };

/**
 * What a handler returns: one of its declared statuses, with the body that status declares, and
 * any headers of its own (a redirect's `location`, a login's `set-cookie`).
 */
export type Result<R extends Responses> = {
  [S in keyof R & number]: (R[S] extends { schema: z.ZodType }
    ? { status: S; body: z.input<R[S]["schema"]> }
    : R[S] extends { html: true }
      ? { status: S; html: string }
      : { status: S }) & { headers?: Record<string, string> };
}[keyof R & number];

/** A handler's validated input. */
export interface Input<P extends string, Q, B> {
  params: Record<PathParams<P>, string>;
  query: Q;
  body: B;
}

const noQuery = z.looseObject({});

export interface RouteDef<
  C,
  P extends string,
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends Responses,
> {
  method: Method;
  /** Relative to the group's prefix, with `{name}` parameters: `/orgs/{organizationId}/sites`. */
  path: P;
  /** A stable name for client generators: `listSites`. */
  operationId: string;
  summary: string;
  /** Query parameters, read as strings; unknown ones are ignored. */
  query?: Q;
  /** The JSON body; an absent body is read as `{}`. */
  body?: B;
  /** The body is an HTML form's (`application/x-www-form-urlencoded`), not JSON. */
  form?: true;
  responses: R;
  handler(
    input: Input<P, z.output<Q>, z.output<B>>,
    ctx: C,
  ): NoInfer<Result<R>> | Promise<NoInfer<Result<R>>>;
}

/** A declared route with its types erased, as groups, the OpenAPI generator and tests see it. */
export interface Route<C = unknown> {
  method: Method;
  path: string;
  operationId: string;
  summary: string;
  query?: z.ZodType;
  body?: z.ZodType;
  form?: true;
  responses: Responses;
  handler(input: Input<string, unknown, unknown>, ctx: C): ResultShape | Promise<ResultShape>;
}

type ResultShape = {
  status: number;
  body?: unknown;
  html?: string;
  bytes?: Uint8Array;
  contentType?: string;
  headers?: Record<string, string>;
};

/**
 * Declares routes for one kind of context: `routes<ApiContext>()` for the workspace API. The
 * curried form lets TypeScript infer each route's schemas while the context is given once.
 */
export function routesFor<C>() {
  return function route<
    P extends string,
    R extends Responses,
    Q extends z.ZodType = typeof noQuery,
    B extends z.ZodType = z.ZodUndefined,
  >(def: RouteDef<C, P, Q, B, R>): Route<C> {
    return def as unknown as Route<C>;
  };
}

/** Routes served under one prefix, with one way of building their context. */
export interface RouteGroup<C> {
  /** `/v1`, `/_emulator`, `/app`. */
  prefix: string;
  /** For the OpenAPI document: who may call these routes. */
  security: "bearer" | "none";
  tag: string;
  routes: readonly Route<C>[];
}

/**
 * `/orgs/{organizationId}` as Hono writes it: `/orgs/:organizationId`; a `{name+}` parameter
 * takes the rest of the path, slashes included (`:name{.+}`).
 */
export function honoPath(path: string): string {
  return path.replace(/\{(\w+)\+\}/g, ":$1{.+}").replace(/\{(\w+)\}/g, ":$1");
}

/**
 * A request's query for its schema: a key given once is a string, a key given more than once
 * (`authors=a&authors=b`, how OpenAPI's default `form` style sends an array) is an array of
 * them, so a route that takes one value refuses the repeat (400) rather than keeping the first.
 */
function queryOf(all: Record<string, string[]>): Record<string, string | string[]> {
  return Object.fromEntries(
    Object.entries(all).map(([key, values]) => [key, values.length === 1 ? values[0]! : values]),
  );
}

/**
 * Mounts a group's routes on `app` (already scoped to the prefix), each validating its input.
 * `ignoreUnknownFields` (the workspace API) drops the body fields a route does not declare before
 * validating it, at any depth; otherwise (the admin API, the app's forms) they are a 400.
 */
export function mountRoutes<C, E extends BodyEnv>(
  app: Hono<E>,
  routes: readonly Route<C>[],
  context: (c: Context<E>) => C,
  options: { ignoreUnknownFields?: boolean } = {},
): void {
  for (const route of routes) {
    const querySchema = route.query ?? noQuery;
    // Most requests carry no query: its parse, done once, serves them all.
    let noQueryInput: { value: unknown } | undefined;
    const readQuery = (c: Context<E>) => {
      if (c.req.url.includes("?")) return parseOrThrow(querySchema, queryOf(c.req.queries()));
      noQueryInput ??= { value: parseOrThrow(querySchema, {}) };
      return noQueryInput.value;
    };
    const readBody = async (c: Context<E>, schema: z.ZodType) => {
      const raw = route.form ? await formOf(c) : bodyOf(c as unknown as Context<BodyEnv>);
      return parseOrThrow(
        schema,
        options.ignoreUnknownFields ? withoutUnknownFields(schema, raw) : raw,
      );
    };
    app.on(route.method.toUpperCase(), honoPath(route.path), async (c) => {
      const input = {
        params: c.req.param() as Record<string, string>,
        query: readQuery(c),
        body: route.body === undefined ? undefined : await readBody(c, route.body),
      };
      const result = await route.handler(input, context(c));
      for (const [name, value] of Object.entries(result.headers ?? {})) c.header(name, value);
      if (result.html !== undefined)
        return c.html(result.html, result.status as ContentfulStatusCode);
      if (result.bytes !== undefined)
        return c.body(
          result.bytes as Uint8Array<ArrayBuffer>,
          result.status as ContentfulStatusCode,
          {
            "content-type": result.contentType ?? "application/octet-stream",
          },
        );
      if ("body" in result) return c.json(result.body, result.status as ContentfulStatusCode);
      return c.body(null, result.status as StatusCode);
    });
  }
}

/** A JSON answer; its status stays a literal type, checked against the declared responses. */
export function json<const S extends number, B>(status: S, body: B): { status: S; body: B } {
  return { status, body };
}

/** An answer with no body: 204, 205. */
export function empty<const S extends number>(status: S): { status: S } {
  return { status };
}

/**
 * A file's bytes, with its content type, served as an attachment named `filename`: a browser
 * saves it rather than rendering it on the emulator's origin (an SVG's script, an HTML file).
 */
export function bytes<const S extends number>(
  status: S,
  content: Uint8Array,
  contentType: string,
  filename: string,
): { status: S; bytes: Uint8Array; contentType: string; headers: Record<string, string> } {
  return {
    status,
    bytes: content,
    contentType,
    headers: { "content-disposition": contentDisposition(filename) },
  };
}

/** `attachment; filename="name"`, with `filename*` for a name beyond printable ASCII (RFC 6266). */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return ascii === filename
    ? `attachment; filename="${filename}"`
    : `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** A redirect to `location` (a 303 after a form), with any further headers (`set-cookie`). */
export function redirect<const S extends number>(
  status: S,
  location: string,
  headers: Record<string, string> = {},
): { status: S; headers: Record<string, string> } {
  return { status, headers: { ...headers, location } };
}

/** An HTML page. */
export function page<const S extends number>(status: S, html: string): { status: S; html: string } {
  return { status, html };
}
