/**
 * The one error type of the client. Built in one place (`ApiError.from*`), with one message
 * format: `[PATCH] /v1/spaces/s1: 400 title must be at most 50 characters`. The message holds the
 * method, the path (never the query string, which can carry a share key) and the API's own
 * message; it never holds a header, so never the token.
 */
/** Where a client's token was configured: its stack config key and its environment variable. */
export interface TokenSource {
  config: string;
  env: string;
}

export class ApiError extends Error {
  override readonly name = "ApiError";

  constructor(
    /** The HTTP status; 0 when no response arrived (connection refused, reset, timed out) or none was sent. */
    readonly status: number,
    /** The API's error code from `{ error: { code } }`, or our own for client-side failures. */
    readonly code: string | number | undefined,
    /** `""` when no request was made (`fromInvalidId`): the message is then the detail alone. */
    readonly method: string,
    readonly path: string,
    /** The API's own message, without the `[METHOD] path: status` prefix. */
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(
      method === "" ? detail : `[${method}] ${path}: ${status === 0 ? "" : `${status} `}${detail}`,
      options,
    );
  }

  /** An id that is no single path segment (`segment`): refused before any request is made. */
  static fromInvalidId(property: string, id: string): ApiError {
    const shown = JSON.stringify(id.length > 100 ? `${id.slice(0, 100)}…` : id);
    return new ApiError(
      0,
      "invalid_id",
      "",
      "",
      `${property} ${shown} is not an id: an id is one path segment (not empty, "." or "..", no "/", "\\" or control character); nothing was sent`,
    );
  }

  /**
   * An error response: the API's error body when it sent one, else the status text. A 401 also
   * says where the refused token came from (`tokenFrom`, a config key and a variable: never the
   * token) and how to set another.
   */
  static fromResponse(
    method: string,
    path: string,
    status: number,
    body: unknown,
    tokenFrom?: TokenSource,
  ): ApiError {
    const error = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
    const message = typeof error?.message === "string" ? error.message : statusText(status);
    const code =
      typeof error?.code === "string" || typeof error?.code === "number" ? error.code : status;
    const hint =
      status === 401 && tokenFrom !== undefined
        ? `: the API token from ${tokenFrom.config} (or the environment variable ${tokenFrom.env}) was refused; set a valid one with \`pulumi config set --secret ${tokenFrom.config} <token>\` or ${tokenFrom.env}`
        : "";
    return new ApiError(status, code, method, path, `${message}${hint}`);
  }

  /** No response at all: the connection failed or the request timed out. */
  static fromNetwork(method: string, path: string, cause: unknown): ApiError {
    const reason = networkReason(cause);
    return new ApiError(0, "network_error", method, path, `request failed: ${reason}`, { cause });
  }

  /** A successful status whose body does not match the API's schema. */
  static fromInvalidResponse(method: string, path: string, status: number, problem: string) {
    return new ApiError(
      status,
      "invalid_response",
      method,
      path,
      `response does not match the API: ${problem}`,
    );
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }
}

function statusText(status: number): string {
  const texts: Record<number, string> = {
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    409: "Conflict",
    429: "Too Many Requests",
    500: "Internal Server Error",
    502: "Bad Gateway",
    503: "Service Unavailable",
    504: "Gateway Timeout",
  };
  return texts[status] ?? "request failed";
}

function networkReason(cause: unknown): string {
  let current: unknown = cause;
  // Node's fetch nests the socket error (ECONNRESET, ECONNREFUSED) under one or two `cause`s.
  // Duck-typed rather than `instanceof Error`: the errors may come from another realm.
  for (let depth = 0; depth < 4 && typeof current === "object" && current !== null; depth++) {
    const { code, name } = current as { code?: unknown; name?: unknown };
    if (typeof code === "string" && code.startsWith("E")) return code;
    if (name === "TimeoutError" || name === "AbortError") return "timed out";
    current = (current as { cause?: unknown }).cause;
  }
  return "connection failed";
}
