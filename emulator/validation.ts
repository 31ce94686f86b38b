import type { z } from "zod";
import { issuesMessage, validate } from "../common/issues";
import { badRequest } from "./errors";

/**
 * Parses input (a body, a query) against `schema`. Every failure answers 400 with a message
 * naming the field and the limit, phrased as the provider phrases it (`common/issues.ts`).
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const result = validate(schema, raw);
  if (!result.success) throw badRequest(issuesMessage(result.issues));
  return result.data;
}
