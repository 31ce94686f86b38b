import { openApiSpec, type OpenApiSpecArgs } from "../../resources/openapi-spec";
import { dynamicClass } from "../resource-class";

/**
 * An OpenAPI specification, processed by the service into versions. `up` waits until a new
 * source is processed (see `waitForProcessing`), so the outputs show the version it made.
 *
 * When the outcome of its create is unknown (no answer, or 502, 503, 504), the provider looks for
 * the object the create made by its slug in its organization, made since the create was sent, and
 * takes it, or creates it again; a create an interrupted run left pending is recovered the same way.
 *
 * @example
 * ```ts
 * const payments = new OpenApiSpec("payments", {
 *   slug: "payments-api",
 *   source: { url: "https://api.example.com/openapi.yaml" },
 *   visibility: "public",
 * });
 * export const version = payments.lastVersion;
 * ```
 */
export class OpenApiSpec extends dynamicClass(openApiSpec).withArgs<OpenApiSpecArgs>() {}
