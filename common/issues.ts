// Neutral ground between the provider and the emulator, which imports nothing from `provider/`:
// both phrase validation failures the same way, so a limit reads alike from either side.
import type { z } from "zod";

/** One validation failure, phrased for a person: `path` names the property, `reason` the limit. */
export interface Issue {
  path: string;
  reason: string;
}

/** Renders a zod path the way our users write it: `position.before.space`, `sections[2]`. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === "number") return `${out}[${key}]`;
    return out === "" ? String(key) : `${out}.${String(key)}`;
  }, "");
}

function unit(origin: string | undefined, n: number | bigint): string {
  switch (origin) {
    case "string":
      return `${n} character${n === 1 ? "" : "s"}`;
    case "array":
    case "set":
      return `${n} item${n === 1 ? "" : "s"}`;
    default:
      return `${n}`;
  }
}

function describe(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case "too_big":
      return issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint"
        ? `must be at most ${issue.maximum}`
        : `must be at most ${unit(issue.origin, issue.maximum)}`;
    case "too_small":
      if (issue.origin === "string" && issue.minimum === 1) return "must not be empty";
      return issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint"
        ? `must be at least ${issue.minimum}`
        : `must be at least ${unit(issue.origin, issue.minimum)}`;
    case "invalid_type":
      return issue.input === undefined ? "is required" : `must be ${article(issue.expected)}`;
    case "invalid_value":
      // A missing enum (`role: RoleLevel.nullable()`) fails as a value, not a type.
      if (issue.input === undefined) return "is required";
      return issue.values.length === 1
        ? `must be ${JSON.stringify(issue.values[0])}`
        : `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
    case "invalid_format":
      if (issue.format === "regex") return `must match the pattern ${issue.pattern ?? ""}`.trim();
      if (issue.format === "url") return "must be a URL";
      return `must be a valid ${issue.format}`;
    case "unrecognized_keys":
      return `has unknown field${issue.keys.length === 1 ? "" : "s"} ${issue.keys.join(", ")}`;
    case "invalid_union": {
      const allowed = unionValues(issue.errors);
      return allowed
        ? `must be one of ${allowed.map((v) => JSON.stringify(v)).join(", ")}`
        : "does not match any allowed form";
    }
    default:
      return issue.message;
  }
}

/**
 * The values a union of literals, enums and null accepts, when every branch is one of those:
 * `"admin", "read", "inherit", null` rather than "does not match any allowed form".
 */
function unionValues(branches: readonly (readonly z.core.$ZodIssue[])[]): unknown[] | undefined {
  const values: unknown[] = [];
  for (const branch of branches) {
    const [first] = branch;
    if (branch.length !== 1 || first === undefined) return undefined;
    if (first.code === "invalid_value") values.push(...first.values);
    else if (first.code === "invalid_type" && first.expected === "null") values.push(null);
    else return undefined;
  }
  return values.length > 0 ? values : undefined;
}

function article(expected: string): string {
  if (expected === "array") return "an array";
  if (expected === "object") return "an object";
  if (expected === "int") return "an integer";
  return `a ${expected}`;
}

/**
 * `schema.safeParse` with the input kept in each issue: zod 4 leaves it out by default, and
 * without it a wrong type cannot be told from a missing value ("must be a boolean" against "is
 * required"). The input is only inspected, never printed, so no value reaches a message.
 */
export function validate<S extends z.ZodType>(
  schema: S,
  value: unknown,
): { success: true; data: z.output<S> } | { success: false; issues: Issue[] } {
  const result = schema.safeParse(value, { reportInput: true });
  return result.success
    ? { success: true, data: result.data }
    : { success: false, issues: describeIssues(result.error) };
}

/** Turns zod's issues into our phrasing: `{ path: "title", reason: "must be at most 50 characters" }`. */
export function describeIssues(error: z.ZodError, prefix: readonly PropertyKey[] = []): Issue[] {
  return error.issues.map((issue) => ({
    path: formatPath([...prefix, ...issue.path]) || "body",
    reason: describe(issue),
  }));
}

/** `title must be at most 50 characters; emoji must be a string`. */
export function issuesMessage(issues: readonly Issue[]): string {
  return issues.map((i) => `${i.path} ${i.reason}`).join("; ");
}
