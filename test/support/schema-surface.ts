/**
 * What a program written against a release's SDKs relies on in the package schema: each named
 * type (an enum's values, an object's properties and their types), each resource's inputs and
 * outputs, each function's inputs and outputs. Descriptions and defaults are left out: they
 * change no program.
 */

interface TypeRef {
  type?: string;
  $ref?: string;
  items?: TypeRef;
  additionalProperties?: TypeRef;
  oneOf?: TypeRef[];
}
interface Properties {
  properties?: Record<string, TypeRef>;
}
interface PackageSchema {
  types: Record<string, Properties & { enum?: { value: string }[] }>;
  resources: Record<string, Properties & { inputProperties?: Record<string, TypeRef> }>;
  functions: Record<string, { inputs?: Properties; outputs?: Properties }>;
}

/** An entry of the surface: its path (`types.X.font`, `resources.Y.inputs.z`) and what it is. */
export type Surface = Record<string, string>;

/** A property's type, as one line: `string`, `#/types/...`, `array<...>`, `map<...>`. */
function typeOf(ref: TypeRef): string {
  if (ref.$ref !== undefined) return ref.$ref;
  if (ref.oneOf !== undefined) return `oneOf<${ref.oneOf.map(typeOf).join("|")}>`;
  if (ref.type === "array") return `array<${typeOf(ref.items ?? {})}>`;
  if (ref.type === "object" && ref.additionalProperties !== undefined)
    return `map<${typeOf(ref.additionalProperties)}>`;
  return ref.type ?? "any";
}

function add(out: Surface, prefix: string, properties: Record<string, TypeRef> = {}): void {
  for (const [name, ref] of Object.entries(properties)) out[`${prefix}.${name}`] = typeOf(ref);
}

export function surfaceOf(schema: PackageSchema): Surface {
  const out: Surface = {};
  for (const [token, type] of Object.entries(schema.types)) {
    if (type.enum !== undefined) {
      for (const { value } of type.enum) out[`types.${token}.enum.${value}`] = "value";
    } else add(out, `types.${token}`, type.properties);
  }
  for (const [token, resource] of Object.entries(schema.resources)) {
    add(out, `resources.${token}.inputs`, resource.inputProperties);
    add(out, `resources.${token}.outputs`, resource.properties);
  }
  for (const [token, fn] of Object.entries(schema.functions)) {
    add(out, `functions.${token}.inputs`, fn.inputs?.properties);
    add(out, `functions.${token}.outputs`, fn.outputs?.properties);
  }
  return out;
}
