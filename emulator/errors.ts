import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * The emulator's one exception type. Routes throw it; the app's error handler turns it into the
 * API's error body, `{ "error": { "code": <status>, "message": "<text>" } }` (GAPS.md).
 */
export class HttpError extends Error {
  override readonly name = "HttpError";

  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function errorBody(status: number, message: string) {
  return { error: { code: status, message } };
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (what: string) => new HttpError(404, `${what} not found`);
export const conflict = (message: string) => new HttpError(409, message);
