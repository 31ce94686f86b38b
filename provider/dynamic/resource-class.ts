import * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import { CONFIG_NAMESPACE } from "../config";
import type { ArgsOf, DefinedResource } from "../lifecycle/define";
import { warnUnknownConfigOnce } from "../unknown-config";
import { providerText } from "./shim";

/** A Resource class of the dynamic door: its instances carry every output as a `pulumi.Output`. */
export interface ResourceClass<A, O> {
  new (
    name: string,
    args: A,
    opts?: pulumi.CustomResourceOptions,
  ): pulumi.CustomResource & { readonly [K in keyof O]: pulumi.Output<O[K]> };
  /** The properties it registers: every input (absent ones as undefined), then every output. */
  props(args: A): pulumi.Inputs;
}

/**
 * The dynamic door's class for a defined resource, which a TypeScript program constructs:
 * `class Space extends dynamicClass(space).withArgs<SpaceArgs>() {}`. It registers what
 * `pulumi.dynamic.Resource` registers (the type `pulumi-nodejs:dynamic/docs-workspace:<Type>`,
 * served by the engine's Node.js dynamic-provider host), with the kind's one-line `__provider`
 * text (./shim.ts) in place of a serialized provider object. The definition itself never loads
 * this room, so the runtime that text requires reaches the definitions without coming back here.
 */
export function dynamicClass<S extends z.ZodObject, O>(defined: DefinedResource<S, O>) {
  return {
    /** The class, checked against the Args interface `A` (see {@link ArgsOf}). */
    withArgs<A extends ArgsOf<z.input<S>, A>>(): ResourceClass<A, O> {
      return classOf<A, O>(defined);
    },
  };
}

function classOf<A, O>(defined: DefinedResource<z.ZodObject, unknown>): ResourceClass<A, O> {
  const inputKeys = Object.keys(defined.inputs.shape);
  // The definition's own outputs, in its order: every output that is not an input.
  const outputKeys = defined.outputs.filter((k) => !inputKeys.includes(k));
  const props = (args: A): pulumi.Inputs => ({
    ...Object.fromEntries(inputKeys.map((k) => [k, undefined])),
    ...args,
    ...Object.fromEntries(outputKeys.map((k) => [k, undefined])),
  });
  const type = `pulumi-nodejs:dynamic/${CONFIG_NAMESPACE}:${defined.type}`;
  const provider = providerText(defined.kind);
  const secrets = defined.secretOutputs;
  class Resource extends pulumi.CustomResource {
    static props = props;
    constructor(name: string, args: A, opts?: pulumi.CustomResourceOptions) {
      const options =
        secrets.length === 0
          ? opts
          : {
              ...opts,
              additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), ...secrets],
            };
      // Registering takes four promises per property (every output is one), and the SDK stamps
      // each with a stack trace for its leak report, which ts-node's source maps make costly:
      // measured, half of a 1,000-space program's CPU (bench/cli.ts). None is taken here; the
      // resource's own source position is (the SDK raises the limit for it), and an error the
      // SDK throws gets its stack back, from the program's call.
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 0;
      try {
        super(type, name, { ...props(args), __provider: provider }, options);
      } catch (error) {
        Error.stackTraceLimit = limit;
        if (error instanceof Error) Error.captureStackTrace(error, Resource);
        throw error;
      } finally {
        Error.stackTraceLimit = limit;
      }
      warnUnknownConfigOnce();
    }
  }
  return Resource as unknown as ResourceClass<A, O>;
}
