import type { Context } from "hono";
import type { z } from "zod";
import { issuesMessage, validate } from "../common/issues";
import { badRequest } from "./errors";

/**
 * Parses a JSON body against `schema`. Invalid JSON and every schema failure answer 400 with a
 * message naming the field and the limit, never a 500. An absent body is read as `{}`, since
 * most of the API's bodies are optional.
 */
export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const text = await c.req.text();
  let raw: unknown = {};
  if (text.trim() !== "") {
    try {
      raw = JSON.parse(text);
    } catch {
      throw badRequest("request body must be valid JSON");
    }
  }
  return parseOrThrow(schema, raw);
}

/** Parses the query string against `schema` (values arrive as strings). */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return parseOrThrow(schema, c.req.query());
}

export function parseOrThrow<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const result = validate(schema, raw);
  if (!result.success) throw badRequest(issuesMessage(result.issues));
  return result.data;
}
