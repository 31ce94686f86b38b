import type { z } from "zod";
import { routeGroups } from "../../emulator/index";
import { fullPath } from "../../emulator/http/openapi";
import { honoPath, type Route } from "../../emulator/http/route";
import { ErrorJson } from "../../emulator/render/common";
import { describeIssues, issuesMessage } from "../../common/issues";

/**
 * Checks an answer of the emulator against its own route declarations, the ones `/openapi.json`
 * is generated from: a success must be a status the route declares, with a body its schema
 * accepts (the schemas are strict, so an extra field fails too); an error must be the API's
 * error body. Every in-process test calls through this, so every answer a test sees is checked.
 */
interface Matcher {
  method: string;
  pattern: RegExp;
  route: Route<unknown>;
  path: string;
}

let matchers: Matcher[] | undefined;

function routeMatchers(): Matcher[] {
  matchers ??= routeGroups().flatMap((group) =>
    group.routes.map((route) => {
      const path = fullPath(group.prefix, route.path);
      const source = honoPath(path)
        .split("/")
        .map((segment) =>
          segment.startsWith(":")
            ? segment.endsWith("{.+}")
              ? ".+"
              : "[^/]+"
            : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
        )
        .join("/");
      return {
        method: route.method.toUpperCase(),
        pattern: new RegExp(`^${source}/?$`),
        route: route as Route<unknown>,
        path,
      };
    }),
  );
  return matchers;
}

/** The declared route serving `method` and `pathname`, if any. */
export function routeFor(method: string, pathname: string): Matcher | undefined {
  // Hono matches static segments before parameters; so does a sort by the parameter count.
  const candidates = routeMatchers().filter((m) => m.method === method && m.pattern.test(pathname));
  candidates.sort((a, b) => a.path.split("{").length - b.path.split("{").length);
  return candidates[0];
}

function parse(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : issuesMessage(describeIssues(result.error));
}

/** Why an answer breaks the declarations, or undefined when it keeps them. */
export function conformanceProblem(
  method: string,
  url: string,
  status: number,
  contentType: string | null,
  text: string,
): string | undefined {
  const { pathname } = new URL(url);
  const where = `${method} ${pathname} answered ${status}`;
  if (status >= 400) {
    if (!contentType?.startsWith("application/json")) {
      // The app pages answer a person with a page, also for a missing object.
      const page = pathname.startsWith("/app") && contentType?.startsWith("text/html");
      return page ? undefined : `${where} with ${contentType}, not the API's error body`;
    }
    const problem = parse(ErrorJson, JSON.parse(text));
    return problem && `${where}, not the API's error body: ${problem}`;
  }
  const matched = routeFor(method, pathname);
  if (matched === undefined) return `${where}, but no declared route serves it`;
  const spec = matched.route.responses[status];
  if (spec === undefined) return `${where}, a status ${matched.path} does not declare`;
  if (spec.html) return contentType?.startsWith("text/html") ? undefined : `${where} without HTML`;
  if (spec.bytes) return contentType === null ? `${where} without a content type` : undefined;
  if (spec.schema === undefined) return text === "" ? undefined : `${where} with a body`;
  const problem = parse(spec.schema, JSON.parse(text));
  return problem && `${where}, a body its schema refuses: ${problem}`;
}
