/**
 * The parts of a Pulumi package schema the generator writes (pkg/codegen/schema/schema.go of
 * Pulumi v3.248.0: TypeSpec, PropertySpec, ObjectTypeSpec, ComplexTypeSpec), and the table of
 * named types that resources, lookups and the provider's configuration share.
 */

export interface TypeSpec {
  type?: "string" | "integer" | "number" | "boolean" | "array" | "object";
  $ref?: string;
  items?: TypeSpec;
  additionalProperties?: TypeSpec;
}

export interface PropertySpec extends TypeSpec {
  description?: string;
  default?: string | number | boolean;
  defaultInfo?: { environment: string[] };
  secret?: boolean;
  replaceOnChanges?: boolean;
}

export interface ObjectTypeSpec {
  description?: string;
  type: "object";
  properties: Record<string, PropertySpec>;
  required?: string[];
}

export interface EnumTypeSpec {
  description?: string;
  type: "string";
  enum: { value: string }[];
}

export type ComplexTypeSpec = ObjectTypeSpec | EnumTypeSpec;

/** A property spec with what a parent object needs to know: whether it is required. */
export interface Property {
  spec: PropertySpec;
  required: boolean;
}

/** `pulumi.json#/Any`: a value the schema does not type further. */
export const ANY: TypeSpec = { $ref: "pulumi.json#/Any" };

/**
 * The named object and enum types of the package (`docs-workspace:index:<Name>`). A name is given
 * once: the same name asked for a different shape is a mistake of the declarations, reported.
 */
export class TypeTable {
  private readonly specs = new Map<string, ComplexTypeSpec>();

  constructor(private readonly namespace: string) {}

  token(name: string): string {
    return `${this.namespace}:index:${name}`;
  }

  /** Declares a named type and answers a reference to it. */
  define(name: string, spec: ComplexTypeSpec): TypeSpec {
    const known = this.specs.get(name);
    if (known !== undefined && JSON.stringify(known) !== JSON.stringify(spec)) {
      throw new Error(`native schema: the type ${name} is declared with two different shapes`);
    }
    this.specs.set(name, spec);
    return { $ref: `#/types/${this.token(name)}` };
  }

  has(name: string): boolean {
    return this.specs.has(name);
  }

  /** Whether `name` is free, or already holds exactly `spec`. */
  fits(name: string, spec: ComplexTypeSpec): boolean {
    const known = this.specs.get(name);
    return known === undefined || JSON.stringify(known) === JSON.stringify(spec);
  }

  /** Every type by token, sorted. */
  toJSON(): Record<string, ComplexTypeSpec> {
    return Object.fromEntries(
      [...this.specs.keys()].sort().map((name) => [this.token(name), this.specs.get(name)!]),
    );
  }
}

/** `siteSpace` -> `SiteSpace`; `members` of `Team` -> `TeamMembers`. */
export function pascal(...words: string[]): string {
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("");
}

/** Joins description paragraphs, leaving out the empty ones. */
export function paragraphs(...parts: (string | undefined)[]): string | undefined {
  const text = parts
    .map((p) => p?.trim())
    .filter((p): p is string => p !== undefined && p !== "")
    .join("\n\n");
  return text === "" ? undefined : text;
}
