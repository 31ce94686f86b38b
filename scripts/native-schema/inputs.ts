import { z } from "zod";
import * as collections from "../../provider/api/collections";
import * as common from "../../provider/api/common";
import * as openapi from "../../provider/api/openapi-specs";
import * as organizations from "../../provider/api/organizations";
import * as people from "../../provider/api/people";
import * as shareLinks from "../../provider/api/share-links";
import * as siteCustomization from "../../provider/api/site-customization";
import * as siteSections from "../../provider/api/site-sections";
import * as siteSpaces from "../../provider/api/site-spaces";
import * as sites from "../../provider/api/sites";
import * as spaces from "../../provider/api/spaces";
import * as translations from "../../provider/api/translations";
import * as team from "../../provider/resources/team";
import { ANY, pascal, type Property, type TypeSpec, type TypeTable } from "./spec";

/**
 * Resource inputs as the schema types them, from the zod declarations check validates with: zod's
 * JSON Schema of each input object, mapped to Pulumi's types. A zod enum becomes an enum type and
 * an object an object type, each named after the declaration it comes from (`RoleLevel`,
 * `AdaptiveContent`), else after the property (`SiteAdaptiveContent`). What Pulumi's types cannot
 * carry (lengths, patterns, ranges, constants) is written into the description.
 */

type Json = z.core.JSONSchema._JSONSchema;
type JsonObject = z.core.JSONSchema.JSONSchema;

/** The exported zod declarations of the API and resource modules, by their export names. */
function namedDeclarations(): z.core.$ZodRegistry<{ id: string }> {
  const registry = z.registry<{ id: string }>();
  const modules = [
    common,
    collections,
    openapi,
    organizations,
    people,
    shareLinks,
    siteSections,
    siteCustomization,
    siteSpaces,
    sites,
    spaces,
    translations,
    team,
  ];
  for (const module of modules) {
    for (const [name, value] of Object.entries(module)) {
      if (value instanceof z.ZodType && !registry.has(value)) registry.add(value, { id: name });
    }
  }
  return registry;
}

const registry = namedDeclarations();

/** A converted value: its type, and what the description should add about it. */
interface Converted {
  type: TypeSpec;
  notes: string[];
  default?: string | number | boolean;
}

const IDENTIFIER = /^[A-Za-z][A-Za-z0-9]*$/;

class InputConverter {
  constructor(
    private readonly table: TypeTable,
    private readonly defs: Record<string, Json>,
  ) {}

  convert(json: Json, hint: string, named?: string): Converted {
    if (typeof json === "boolean") return { type: ANY, notes: [] };
    if (json.$ref !== undefined) {
      const name = json.$ref.replace(/^#\/\$defs\//, "");
      const target = this.defs[name];
      if (target === undefined) throw new Error(`native schema: no definition ${json.$ref}`);
      return { ...this.convert(target, hint, name), ...defaultOf(json) };
    }
    if (json.anyOf !== undefined) return this.union(json.anyOf, hint, named);
    const base = defaultOf(json);
    if (json.enum !== undefined || json.const !== undefined) {
      const values = (json.enum ?? [json.const]).map(String);
      if (values.length === 1)
        return { type: { type: "string" }, notes: [`Always \`${values[0]}\`.`] };
      return { type: this.enumType(values, named ?? hint), notes: [], ...base };
    }
    switch (json.type) {
      case "string":
        return { type: { type: "string" }, notes: stringNotes(json), ...base };
      case "integer":
      case "number":
        return { type: { type: json.type }, notes: rangeNotes(json), ...base };
      case "boolean":
        return { type: { type: "boolean" }, notes: [], ...base };
      case "array": {
        const items = this.convert(json.items as Json, `${hint}Item`);
        const notes = json.maxItems === undefined ? [] : [`At most ${json.maxItems} items.`];
        return { type: { type: "array", items: items.type }, notes };
      }
      case "object":
        return { type: this.objectType(json, named ?? hint), notes: [] };
      default:
        return { type: ANY, notes: [] };
    }
  }

  /** `anyOf`: `null` means optional; strings make one enum, objects one object, else any value. */
  private union(options: Json[], hint: string, named?: string): Converted {
    const resolved = options
      .map((o) => this.resolve(o))
      .filter((o) => !(typeof o === "object" && o.type === "null"));
    if (resolved.length === 1) {
      const only = options.find((o) => !(typeof o === "object" && o.type === "null"))!;
      return this.convert(only, hint, named);
    }
    const strings = resolved
      .map((o) => (typeof o === "object" ? (o.enum ?? [o.const]) : []))
      .flat();
    if (strings.length > 0 && strings.every((s) => typeof s === "string")) {
      return { type: this.enumType(strings as string[], named ?? hint), notes: [] };
    }
    if (resolved.every((o) => typeof o === "object" && o.type === "object" && o.properties)) {
      const objects = resolved as (JsonObject & { properties: Record<string, Json> })[];
      const merged: Json = {
        type: "object",
        properties: Object.assign({}, ...objects.map((o) => o.properties)),
      };
      const keys = objects.map((o) =>
        Object.keys(o.properties)
          .map((k) => `\`${k}\``)
          .join(" and "),
      );
      return {
        type: this.objectType(merged, named ?? hint),
        notes: [`Exactly one of ${keys.join(", or ")}.`],
      };
    }
    return { type: ANY, notes: [] };
  }

  private resolve(json: Json): Json {
    if (typeof json === "object" && json.$ref !== undefined) {
      return this.resolve(this.defs[json.$ref.replace(/^#\/\$defs\//, "")] ?? {});
    }
    return json;
  }

  private enumType(values: string[], name: string): TypeSpec {
    return this.table.define(name, { type: "string", enum: values.map((value) => ({ value })) });
  }

  /** An object of named properties, or a map; anything else (a JSON Schema document) is any value. */
  private objectType(json: JsonObject, name: string): TypeSpec {
    const properties = json.properties ?? {};
    const keys = Object.keys(properties);
    if (keys.length === 0) {
      const values = json.additionalProperties;
      if (typeof values !== "object") return { type: "object", additionalProperties: ANY };
      return { type: "object", additionalProperties: this.convert(values, `${name}Value`).type };
    }
    if (!keys.every((k) => IDENTIFIER.test(k))) return ANY;
    const object = propertiesOf(this, properties, json.required ?? [], name);
    const required = Object.keys(object).filter((k) => object[k]!.required);
    return this.table.define(name, {
      type: "object",
      properties: Object.fromEntries(Object.entries(object).map(([k, p]) => [k, p.spec])),
      ...(required.length > 0 ? { required } : {}),
    });
  }
}

function propertiesOf(
  converter: InputConverter,
  properties: Record<string, Json>,
  required: readonly string[],
  owner: string,
  descriptions: Readonly<Record<string, string | undefined>> = {},
): Record<string, Property> {
  const out: Record<string, Property> = {};
  for (const [key, json] of Object.entries(properties)) {
    const { type, notes, default: fallback } = converter.convert(json, pascal(owner, key));
    const doc = descriptions[key];
    // A limit the TSDoc already states ("at most 50 characters") is not repeated.
    const stated = (note: string) =>
      doc?.includes(/\d+ (characters|items)/.exec(note)?.[0] ?? "\0");
    const description = [doc, ...notes.filter((n) => !stated(n))]
      .filter((p) => p !== undefined)
      .join("\n\n");
    out[key] = {
      spec: {
        ...type,
        ...(description === "" ? {} : { description }),
        ...(fallback === undefined ? {} : { default: fallback }),
      },
      required: required.includes(key),
    };
  }
  return out;
}

/** A default zod declares (`.default("member")`), when the schema can carry it. */
function defaultOf(json: JsonObject): { default?: string | number | boolean } {
  const value = json.default;
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean"
    ? { default: value }
    : {};
}

function stringNotes(json: JsonObject): string[] {
  const { minLength: min, maxLength: max } = json;
  const notes: string[] = [];
  if (min !== undefined && min > 1 && max !== undefined) notes.push(`${min} to ${max} characters.`);
  else if (max !== undefined)
    notes.push(`At most ${max} characters${min === 1 ? ", not empty" : ""}.`);
  else if (min !== undefined && min > 1) notes.push(`At least ${min} characters.`);
  if (json.format === "email") notes.push("An e-mail address.");
  else if (json.format === "uri") notes.push("An http or https URL.");
  else if (json.pattern !== undefined) notes.push(`Matches \`${json.pattern}\`.`);
  return notes;
}

function rangeNotes(json: JsonObject): string[] {
  const { minimum: min, maximum: max } = json;
  // zod's integers carry the safe-integer range: no limit of the API.
  if (min === undefined || max === undefined || max >= Number.MAX_SAFE_INTEGER) return [];
  return [`From ${min} to ${max}.`];
}

/**
 * The input properties of one resource (`owner` names its types), each with its description
 * followed by the limits its declaration states.
 */
export function inputProperties(
  table: TypeTable,
  owner: string,
  inputs: z.ZodObject,
  descriptions: Readonly<Record<string, string | undefined>>,
): Record<string, Property> {
  const json = z.toJSONSchema(inputs, { io: "input", unrepresentable: "any", metadata: registry });
  const converter = new InputConverter(table, (json.$defs ?? {}) as Record<string, Json>);
  return propertiesOf(
    converter,
    (json.properties ?? {}) as Record<string, Json>,
    json.required ?? [],
    owner,
    descriptions,
  );
}
