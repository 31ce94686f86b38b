import { createRequire } from "node:module";
import type * as grpcJs from "@grpc/grpc-js";
import type * as engineGrpc from "@pulumi/pulumi/proto/engine_grpc_pb";
import type * as enginePb from "@pulumi/pulumi/proto/engine_pb";
import type * as pluginPb from "@pulumi/pulumi/proto/plugin_pb";
import type * as providerGrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import type * as providerPb from "@pulumi/pulumi/proto/provider_pb";
import type * as emptyPb from "google-protobuf/google/protobuf/empty_pb";
import type * as structPb from "google-protobuf/google/protobuf/struct_pb";

/**
 * The gRPC runtime and Pulumi's published provider stubs, loaded from where `@pulumi/pulumi` (our
 * peer dependency) finds them: the stubs require `@grpc/grpc-js` and `google-protobuf` from there,
 * so the server is built with the very modules the messages were generated against, and the
 * package needs no dependency of its own on either.
 */
export interface Grpc {
  grpc: typeof grpcJs;
  service: typeof providerGrpc.ResourceProviderService;
  pb: typeof providerPb;
  plugin: typeof pluginPb;
  empty: typeof emptyPb;
  struct: typeof structPb;
  /** The engine's service, which the plugin logs warnings through. */
  engine: { client: typeof engineGrpc.EngineClient; pb: typeof enginePb };
}

let loaded: Grpc | undefined;

export function loadGrpc(): Grpc {
  if (loaded !== undefined) return loaded;
  const fromPulumi = createRequire(require.resolve("@pulumi/pulumi/package.json"));
  const grpc = fromPulumi("@grpc/grpc-js") as typeof grpcJs;
  const services = fromPulumi("./proto/provider_grpc_pb") as typeof providerGrpc;
  loaded = {
    grpc,
    service: services.ResourceProviderService,
    pb: fromPulumi("./proto/provider_pb") as typeof providerPb,
    plugin: fromPulumi("./proto/plugin_pb") as typeof pluginPb,
    empty: fromPulumi("google-protobuf/google/protobuf/empty_pb") as typeof emptyPb,
    struct: fromPulumi("google-protobuf/google/protobuf/struct_pb") as typeof structPb,
    engine: {
      client: (fromPulumi("./proto/engine_grpc_pb") as typeof engineGrpc).EngineClient,
      pb: fromPulumi("./proto/engine_pb") as typeof enginePb,
    },
  };
  return loaded;
}

export type Struct = structPb.Struct;
export type Pb = typeof providerPb;
