import { ApiError } from "./error";

/**
 * An id as one segment of a request's path, percent-encoded. An id comes from the program's
 * inputs, from the state or from the service's answers, any of which may be hostile: `..` would
 * be normalized away with the segment before it (`DELETE /v1/orgs/o/sites/..` is the
 * organization), so an id that is not a single plain segment is refused, naming the path
 * parameter it stands for, before any request is built.
 */
export function segment(property: string, id: string): string {
  // eslint-disable-next-line no-control-regex
  if (id === "" || id === "." || id === ".." || /[/\\\u0000-\u001f\u007f]/.test(id))
    throw ApiError.fromInvalidId(property, id);
  return encodeURIComponent(id);
}
