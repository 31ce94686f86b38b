import type { z } from "zod";
import type { DefinedResource } from "pulumi-docs-workspace/tools";
import { definitions } from "pulumi-docs-workspace/tools";
import { code, kebabCase, Names, type Value } from "./code";

/** An input the exporter leaves out on purpose, and why: the reason is the documentation. */
export class Skipped {
  constructor(readonly reason: string) {}
}
export const skip = (reason: string) => new Skipped(reason);

type AnyResource = DefinedResource<z.ZodObject, unknown>;
type InputsOf<D> = D extends DefinedResource<infer S, unknown> ? z.input<S> : never;

/**
 * What the exporter writes for each input of a resource: a value (left out when undefined), or
 * a reason it never writes it. Typed by the resource's schema, so an input added to a resource
 * is a compile error here until the exporter handles it or says why it does not.
 */
export type ArgumentsOf<D> = {
  [K in Exclude<keyof InputsOf<D>, keyof typeof COMMON_INPUTS>]-?: Value | undefined | Skipped;
};

/** Every input every resource takes, which the exporter never writes itself. */
export const COMMON_INPUTS = {
  organizationId: "the program's configured organization (docs-workspace:organizationId)",
  adoptId: "written for every resource but in --clone, with the object's id",
  workspace:
    "the program reads one organization: its stack's default workspace (docs-workspace:apiUrl, apiToken, organizationId)",
} as const;

/** One resource of the generated program. */
export interface Declaration {
  /** The resource class: `Space`. */
  type: string;
  variable: string;
  /** The resource's name in the stack: the variable in kebab case. */
  name: string;
  /** The object's id in the service. */
  id: string;
  /** What the object is called: its title, label, name or slug. */
  title: string;
  args: Record<string, Value | undefined>;
  /** `adoptId`: the object's id, or a reference (the site space a section made). */
  adoptId?: Value | undefined;
  comments: string[];
  /** Variables of resources it must follow that no argument refers to (a site's first section). */
  dependsOn?: string[];
}

/** A secret the program reads from stack config, because the export cannot write it. */
export interface SecretConfig {
  key: string;
  description: string;
}

export interface ExportOptions {
  /** Without `adoptId`: a copy of the workspace in another organization. */
  clone?: boolean;
  /**
   * Declares only the objects it selects (by resource class and id); references to the others
   * are their ids, with a comment saying so.
   */
  only?: (type: string, id: string) => boolean;
}

/** What `declare` takes besides the arguments: another `adoptId`, comments, the output referred to. */
export interface DeclareExtra {
  /** The object's id by default (none in a clone); given as `undefined`, none: a kind found otherwise. */
  adoptId?: Value | undefined;
  comments?: string[];
  refAs?: string;
  /** Variables of declared resources it must follow that no argument refers to. */
  dependsOn?: string[];
}

/** Names every generated program holds besides its variables. */
export const RESERVED_NAMES = ["pulumi", "config", ...definitions.map((d) => d.type)];

/** Orders by a text: the order declarations of one kind come in. */
export const byTitle =
  <T>(title: (item: T) => string) =>
  (a: T, b: T) =>
    title(a) < title(b) ? -1 : title(a) > title(b) ? 1 : 0;

/**
 * The program as it is declared, one resource after the other: its declarations in order, the
 * secrets and notes they need, the variable names taken, and the expression that names each
 * declared object's id, which later declarations refer to.
 */
export class Declarer {
  readonly declarations: Declaration[] = [];
  readonly secrets: SecretConfig[] = [];
  /** Objects the export cannot declare, and why. */
  readonly notes: string[] = [];
  readonly clone: boolean;
  private readonly names = new Names(RESERVED_NAMES);
  /** Stack config keys of the secrets the program reads. */
  private readonly secretKeys = new Names();
  /** The expression that names each object's id, by its id. */
  private readonly refs = new Map<string, Value>();

  constructor(private readonly options: ExportOptions) {
    this.clone = options.clone ?? false;
    if (options.only) {
      this.notes.push(
        "Objects your stack manages already are named here by their ids: replace each with its variable.",
      );
    }
  }

  /** The expression that names the object's id: its variable's output, or the id itself. */
  ref(id: string | null | undefined): Value | undefined {
    return id === null || id === undefined ? undefined : (this.refs.get(id) ?? id);
  }

  /** Refers to the object of `id` by `value` from now on. */
  referTo(id: string, value: Value): void {
    this.refs.set(id, value);
  }

  /** Whether the declaration is in the program (`only` may have left it out). */
  declared(declaration: Declaration): boolean {
    return this.declarations.includes(declaration);
  }

  /** A secret the program reads from stack config: its key, named after `title`. */
  secret(title: string, kind: string, description: string): string {
    const key = this.secretKeys.take(title, kind);
    this.secrets.push({ key, description });
    return key;
  }

  declare<D extends AnyResource>(
    definition: D,
    object: { id: string; title: string },
    args: ArgumentsOf<D>,
    extra: DeclareExtra = {},
  ): Declaration {
    const variable = this.names.take(object.title, definition.type);
    const declaration: Declaration = {
      type: definition.type,
      variable,
      name: kebabCase(variable),
      id: object.id,
      title: object.title,
      args: written(definition, args),
      adoptId: "adoptId" in extra ? extra.adoptId : this.clone ? undefined : object.id,
      comments: extra.comments ?? [],
      ...(extra.dependsOn?.length ? { dependsOn: extra.dependsOn } : {}),
    };
    if (this.options.only && !this.options.only(definition.type, object.id)) return declaration;
    this.refs.set(object.id, code(`${variable}.${extra.refAs ?? "id"}`));
    this.declarations.push(declaration);
    return declaration;
  }
}

/** The arguments the program writes: every input but the common and the skipped ones. */
function written<D extends AnyResource>(
  definition: D,
  args: ArgumentsOf<D>,
): Record<string, Value | undefined> {
  const values: Record<string, Value | undefined> = {};
  const entries = args as Record<string, Value | undefined | Skipped>;
  for (const key of Object.keys(definition.inputs.shape)) {
    if (key in COMMON_INPUTS) continue;
    if (!(key in entries)) {
      throw new Error(
        `the exporter does not know the input ${key} of ${definition.type}: write it, or say why it is skipped`,
      );
    }
    const value = entries[key];
    if (!(value instanceof Skipped)) values[key] = value;
  }
  return values;
}
