import { z } from "zod";
import { routeGroups } from "../../emulator/index";
import { fullPath } from "../../emulator/http/openapi";
import { parseOrThrow, withoutUnknownFields } from "../../emulator/validation";
import {
  adminHeaders,
  apiClient,
  createTestEmulator,
  type TestEmulator,
} from "../support/emulator";

/**
 * One rule for unknown fields in the workspace API's request bodies (issue 36, item 7;
 * docs/api-decisions.md, "Request bodies with unknown fields"): the hosted service's document
 * leaves `additionalProperties` open on every request body the emulator serves, so a field the
 * route does not know is ignored, at any depth, never a 400, on every route of the table (the
 * admin API and the app's forms keep refusing them).
 */

const apiRoutes = routeGroups()
  .filter((g) => g.prefix === "/v1")
  .flatMap((g) => g.routes.map((r) => ({ route: r, path: fullPath(g.prefix, r.path) })));

/** What validating `body` as the workspace API does answers: the value, or the 400's message. */
function answer(schema: z.ZodType, body: unknown): unknown {
  try {
    return parseOrThrow(schema, withoutUnknownFields(schema, body));
  } catch (error) {
    return (error as Error).message;
  }
}

test("on every route of the table, an unknown field in the body is never what the answer is about", async () => {
  const t = await createTestEmulator();
  try {
    const api = apiClient(t.url, t.token, t.fetch);
    const withBody = apiRoutes.filter(({ route }) => route.body !== undefined && !route.form);
    expect(withBody.length).toBeGreaterThan(50);
    const named: string[] = [];
    for (const { route, path } of withBody) {
      // The body is read before the ids are looked up: each answer is its validation's, or a 404.
      const at = path.replace(/\{(\w+)\+?\}/g, "zz-missing");
      const res = await api(route.method.toUpperCase(), at, { zzUnknownField: { nested: 1 } });
      if (res.text.includes("zzUnknownField")) named.push(`${route.method.toUpperCase()} ${path}`);
    }
    expect(named).toEqual([]);
  } finally {
    await t.close();
  }
});

test("a field one branch of a union knows is kept, so its wrong value still fails", () => {
  const favicon = z.union([
    z.strictObject({ icon: z.strictObject({ light: z.url(), dark: z.url() }) }),
    z.strictObject({ emoji: z.string() }),
    z.strictObject({}),
  ]);
  expect(
    withoutUnknownFields(favicon, { icon: { light: "x", dark: "y", extra: 1 }, other: 2 }),
  ).toEqual({
    icon: { light: "x", dark: "y" },
  });
  // Not taken as the empty form: `icon` is known, and its value is wrong.
  expect(answer(favicon, { icon: { light: "x", dark: "y" } })).toBe(
    "body does not match any allowed form",
  );
  expect(
    withoutUnknownFields(z.record(z.string(), z.strictObject({ a: z.number() })), {
      k: { a: 1, b: 2 },
    }),
  ).toEqual({
    k: { a: 1 },
  });
  expect(withoutUnknownFields(z.looseObject({ a: z.number() }), { a: 1, b: 2 })).toEqual({
    a: 1,
    b: 2,
  });
});

describe("unknown fields over HTTP", () => {
  let t: TestEmulator;
  beforeAll(async () => {
    t = await createTestEmulator();
  });
  afterAll(async () => {
    await t.close();
  });

  test("POST collections and POST sections both ignore a field they do not know", async () => {
    const api = apiClient(t.url, t.token, t.fetch);
    const org = `/v1/orgs/${t.organizationId}`;
    const collection = await api("POST", `${org}/collections`, {
      title: "Handbook",
      description: "not a field of the create body",
    });
    expect([collection.status, collection.body.title, "description" in collection.body]).toEqual([
      201,
      "Handbook",
      false,
    ]);
    const space = await api("POST", `${org}/spaces`, { title: "Guide", colour: "red" });
    expect(space.status).toBe(201);
    const site = await api("POST", `${org}/sites`, { title: "Docs" });
    const section = await api("POST", `${org}/sites/${site.body.id}/sections`, {
      spaceId: space.body.id,
      title: "Guides",
      path: "not-taken-at-create",
    });
    expect(section.status).toBe(201);
    expect(section.body.path).not.toBe("not-taken-at-create");
  });

  test("an unknown field inside a known object is ignored too: a move's position", async () => {
    const api = apiClient(t.url, t.token, t.fetch);
    const org = `/v1/orgs/${t.organizationId}`;
    const a = await api("POST", `${org}/spaces`, { title: "A" });
    const b = await api("POST", `${org}/spaces`, { title: "B" });
    const moved = await api("POST", `/v1/spaces/${b.body.id}/move`, {
      position: { before: { type: "space", space: a.body.id, note: "x" } },
    });
    expect(moved.status).toBe(200);
  });

  test("/openapi.json says so: no workspace API body closes its objects, the admin API's do", async () => {
    const doc = (await (await t.fetch(`${t.url}/openapi.json`)).json()) as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: { $ref: string } }> } }>
      >;
      components: { schemas: Record<string, unknown> };
    };
    const bodies = (prefix: string) =>
      Object.entries(doc.paths)
        .filter(([path]) => path.startsWith(prefix))
        .flatMap(([, ops]) => Object.values(ops))
        .flatMap((op) => Object.values(op.requestBody?.content ?? {}))
        .map((c) => JSON.stringify(doc.components.schemas[c.schema.$ref.split("/").pop()!]));
    expect(bodies("/v1/").length).toBeGreaterThan(50);
    expect(bodies("/v1/").filter((b) => b.includes('"additionalProperties":false'))).toEqual([]);
    expect(bodies("/_emulator/").some((b) => b.includes('"additionalProperties":false'))).toBe(
      true,
    );
  });

  test("the admin API still refuses an unknown field", async () => {
    const res = await t.fetch(`${t.url}/_emulator/faults`, {
      method: "POST",
      headers: adminHeaders(t.adminToken, {}),
      body: JSON.stringify({
        method: "GET",
        path: "/v1/orgs",
        status: 503,
        count: 1,
        colour: "red",
      }),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("colour");
  });

  test("a known field still gets its 400, with or without unknown ones beside it", async () => {
    const api = apiClient(t.url, t.token, t.fetch);
    const res = await api("POST", `/v1/orgs/${t.organizationId}/collections`, {
      title: "x".repeat(51),
      description: "ignored",
    });
    expect(res.status).toBe(400);
    expect(res.text).toContain("title");
    expect(res.text).not.toContain("description");
  });
});
