import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { configureProvider, handlersFor, writes, callApi } from "../support/provider";

let emu: TestEmulator;
const schemas = handlersFor("site-adaptive-schema");
let siteId: string;

const api = (method: string, path: string, body?: unknown) => callApi(emu, method, path, body);

const schemaPath = () => `/v1/orgs/${emu.organizationId}/sites/${siteId}/adaptive-schema`;

const claims = {
  type: "object",
  properties: {
    beta: { type: "boolean", description: "In the beta programme" },
    unsigned: {
      type: "object",
      properties: { staff: { type: "boolean", description: "Works here" } },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
};

beforeAll(async () => {
  emu = await startTestEmulator();
  await configureProvider(emu);
  siteId = (await api("POST", `/v1/orgs/${emu.organizationId}/sites`, { title: "Adaptive" })).body
    .id as string;
});
afterAll(() => emu.close());
beforeEach(() => emu.clearRequests());

describe("SiteAdaptiveSchema", () => {
  test("create is one PUT; the id is the site's", async () => {
    const { id, outs } = await schemas.create({ siteId, jsonSchema: claims });
    expect(id).toBe(siteId);
    expect(outs).toMatchObject({ siteId, jsonSchema: claims });
    expect((await writes(emu)).map((r) => [r.method, r.body])).toEqual([
      ["PUT", { jsonSchema: claims }],
    ]);
    expect((await api("GET", schemaPath())).body.jsonSchema).toEqual(claims);
  });

  test("check validates the draft-07 shape with no request sent, naming each property path", async () => {
    const result = await schemas.check({
      siteId,
      jsonSchema: {
        type: "object",
        properties: {
          beta: { type: "string" },
          unsigned: { type: "object", properties: { staff: { type: "number" } } },
        },
        additionalProperties: true,
        title: "extra",
      },
    });
    expect(result.failures).toEqual(
      expect.arrayContaining([
        { property: "jsonSchema", reason: "has unknown field title" },
        { property: "jsonSchema.properties.beta.type", reason: 'must be "boolean"' },
        {
          property: "jsonSchema.properties.unsigned.properties.staff.type",
          reason: 'must be "boolean"',
        },
        { property: "jsonSchema.properties.unsigned.additionalProperties", reason: "is required" },
        { property: "jsonSchema.additionalProperties", reason: "must be false" },
      ]),
    );
    expect(result.failures).toHaveLength(5);
    // Claim names are checked once the shape is right: they become `visitor.claims.<name>`.
    const named = await schemas.check({
      siteId,
      jsonSchema: {
        type: "object",
        properties: { "not-an-identifier": { type: "boolean" } },
        additionalProperties: false,
      },
    });
    expect(named.failures).toEqual([
      {
        property: "jsonSchema.properties.not-an-identifier",
        reason: "must be named by an identifier matching ^[A-Za-z_$][A-Za-z0-9_$]*$",
      },
    ]);
    expect(await emu.requests()).toEqual([]);
  });

  test("a claim without a description is refused at check, unless the state already holds that schema", async () => {
    const undescribed = {
      type: "object",
      properties: {
        beta: { type: "boolean" },
        unsigned: {
          type: "object",
          properties: { staff: { type: "boolean" } },
          additionalProperties: false,
        },
      },
      additionalProperties: false,
    };
    const refused = await schemas.check({ siteId, jsonSchema: undescribed });
    expect(refused.failures).toEqual([
      {
        property: "jsonSchema.properties.beta.description",
        reason: "is required: the service refuses a visitor claim without a description",
      },
      {
        property: "jsonSchema.properties.unsigned.properties.staff.description",
        reason: "is required: the service refuses a visitor claim without a description",
      },
    ]);
    // A schema release 0.1.0 wrote without descriptions stays valid while the program keeps it.
    const kept = await schemas.check(
      { siteId, jsonSchema: undescribed },
      {
        siteId,
        jsonSchema: undescribed,
      },
    );
    expect(kept.failures).toBeUndefined();
    expect(await emu.requests()).toEqual([]);
  });

  test("diff replaces on siteId", async () => {
    const { id, outs } = await schemas.create({ siteId, jsonSchema: claims });
    expect(await schemas.diff(id, outs, { siteId: "other", jsonSchema: claims })).toEqual({
      changes: true,
      replaces: ["siteId"],
      deleteBeforeReplace: false,
    });
  });

  test("adoptId must name the site itself, and takes it over with one PUT", async () => {
    const refused = await schemas.check({ siteId, jsonSchema: claims, adoptId: "another" });
    expect(refused.failures).toEqual([
      {
        property: "adoptId",
        reason: `must be the site's id (${siteId}): a SiteAdaptiveSchema's id is its site's`,
      },
    ]);
    await api("PUT", schemaPath(), {
      jsonSchema: { type: "object", properties: {}, additionalProperties: false },
    });
    await emu.clearRequests();
    const adopted = await schemas.create({ siteId, jsonSchema: claims, adoptId: siteId });
    expect(adopted.id).toBe(siteId);
    expect((await writes(emu)).map((r) => r.method)).toEqual(["PUT"]);
  });

  test("delete resets the schema to an empty one, and deleting twice is fine", async () => {
    const { id, outs } = await schemas.create({ siteId, jsonSchema: claims });
    await schemas.delete(id, outs);
    await schemas.delete(id, outs);
    expect((await api("GET", schemaPath())).body.jsonSchema).toEqual({
      type: "object",
      properties: {},
      additionalProperties: false,
    });
  });
});
