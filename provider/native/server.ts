import type * as grpcJs from "@grpc/grpc-js";
import * as fs from "node:fs";
import * as path from "node:path";
import { errorText } from "../../common/error-text";
import { SECRET_CONFIG_KEYS } from "../config";
import type { PropertyChange } from "../lifecycle/compare";
import { unknownConfigWarnings } from "../unknown-config";
import { checkConfig, configure, diffConfig } from "./configure";
import { EngineLog } from "./engine-log";
import { loadGrpc, type Pb } from "./grpc";
import { invoke } from "./invokes";
import { fromStruct, toStruct } from "./marshal";
import { MixingGuard, nameOf } from "./mixing";
import * as resources from "./resources";
import { packageSchemaText } from "./schema";

/**
 * The plugin's gRPC service: Pulumi's ResourceProvider protocol on the published stubs. Each
 * method unpacks its request, calls the configuration (configure.ts), the resources
 * (resources.ts) or the lookups (invokes.ts), and packs the answer; a thrown error is answered as
 * the call's error with its message (an ApiError's or a ConfigError's, which never hold a token).
 */

type Method = grpcJs.handleUnaryCall<unknown, unknown>;

/** A unary method from an async function; a rejection becomes the call's error. */
function unary<Req>(run: (request: Req) => Promise<unknown> | unknown): Method {
  return (call, callback) => {
    Promise.resolve()
      .then(() => run(call.request as Req))
      .then(
        (response) => callback(null, response),
        (error: unknown) => {
          const { status, Metadata } = loadGrpc().grpc;
          callback({ code: status.UNKNOWN, details: errorText(error), metadata: new Metadata() });
        },
      );
  };
}

/** The package's version, from its package.json: never a second constant. */
function packageVersion(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const file = path.join(dir, "package.json");
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, "utf8")) as { name?: string; version?: string };
      if (pkg.name === "pulumi-docs-workspace" && pkg.version) return pkg.version;
    }
    if (path.dirname(dir) === dir)
      throw new Error("the package.json of pulumi-docs-workspace is missing");
  }
}

function failures(pb: Pb, list: { property: string; reason: string }[]) {
  return list.map((f) => new pb.CheckFailure().setProperty(f.property).setReason(f.reason));
}

/** Configuration: CheckConfig, DiffConfig, Configure. */
function configMethods(pb: Pb, log: EngineLog) {
  return {
    checkConfig: unary(async (req: InstanceType<Pb["CheckRequest"]>) => {
      const news = fromStruct(req.getNews());
      for (const warning of unknownConfigWarnings(Object.keys(news.props))) {
        await log.warn(req.getUrn(), warning);
      }
      // What holds a token is answered secret, however it came (an explicit provider's plain
      // argument, a workspaces object): the engine keeps the provider's inputs in its state.
      const secrets = [...news.secrets, ...SECRET_CONFIG_KEYS];
      return new pb.CheckResponse()
        .setInputs(toStruct(news.props, secrets))
        .setFailuresList(failures(pb, checkConfig(news.props)));
    }),
    diffConfig: unary((req: InstanceType<Pb["DiffRequest"]>) => {
      const changed = diffConfig(fromStruct(req.getOlds()).props, fromStruct(req.getNews()).props);
      const res = new pb.DiffResponse()
        .setChanges(
          changed.length > 0
            ? pb.DiffResponse.DiffChanges.DIFF_SOME
            : pb.DiffResponse.DiffChanges.DIFF_NONE,
        )
        .setDiffsList(changed)
        .setHasdetaileddiff(true);
      for (const key of changed) {
        res
          .getDetaileddiffMap()
          .set(key, new pb.PropertyDiff().setKind(pb.PropertyDiff.Kind.UPDATE).setInputdiff(true));
      }
      return res;
    }),
    configure: unary(async (req: InstanceType<Pb["ConfigureRequest"]>) => {
      const variables = new Map(req.getVariablesMap().toArray());
      await configure(fromStruct(req.getArgs()).props, variables);
      return new pb.ConfigureResponse()
        .setAcceptsecrets(true)
        .setSupportspreview(true)
        .setAcceptresources(false)
        .setAcceptoutputs(false);
    }),
  };
}

/** The wire's kind of a property change. */
function kindOf(pb: Pb, change: PropertyChange, replace: boolean) {
  const { Kind } = pb.PropertyDiff;
  const kinds = {
    add: [Kind.ADD, Kind.ADD_REPLACE],
    delete: [Kind.DELETE, Kind.DELETE_REPLACE],
    update: [Kind.UPDATE, Kind.UPDATE_REPLACE],
  } as const;
  return kinds[change][replace ? 1 : 0];
}

/** Check and Diff: no request. Both tell the guard what they learn of authoritative lists. */
function planMethods(pb: Pb, guard: MixingGuard) {
  return {
    check: unary(async (req: InstanceType<Pb["CheckRequest"]>) => {
      const news = fromStruct(req.getNews());
      const token = req.getType() || typeOf(req.getUrn());
      const result = await resources.check(token, fromStruct(req.getOlds()).props, news.props);
      const list = result.failures ?? [];
      if (list.length === 0) {
        list.push(...guard.check(token, nameOf(req.getUrn()), result.inputs ?? {}));
      }
      return new pb.CheckResponse()
        .setInputs(toStruct(result.inputs ?? {}, news.secrets))
        .setFailuresList(failures(pb, list));
    }),
    diff: unary((req: InstanceType<Pb["DiffRequest"]>) => {
      const token = req.getType() || typeOf(req.getUrn());
      const news = fromStruct(req.getNews()).props;
      guard.noteObject(token, nameOf(req.getUrn()), req.getId(), news);
      const outcome = resources.diff(token, fromStruct(req.getOlds()).props, news);
      const changed = Object.keys(outcome.changes);
      const res = new pb.DiffResponse()
        .setChanges(
          changed.length > 0
            ? pb.DiffResponse.DiffChanges.DIFF_SOME
            : pb.DiffResponse.DiffChanges.DIFF_NONE,
        )
        .setDiffsList(changed)
        .setReplacesList(outcome.replaces)
        .setDeletebeforereplace(outcome.deleteBeforeReplace)
        .setHasdetaileddiff(true);
      for (const [key, change] of Object.entries(outcome.changes)) {
        res
          .getDetaileddiffMap()
          .set(
            key,
            new pb.PropertyDiff()
              .setKind(kindOf(pb, change.kind, change.replace))
              .setInputdiff(true),
          );
      }
      return res;
    }),
  };
}

/** Create, Read, Update, Delete: through the handlers. */
function changeMethods(pb: Pb, empty: () => unknown, guard: MixingGuard) {
  return {
    create: unary(async (req: InstanceType<Pb["CreateRequest"]>) => {
      const inputs = fromStruct(req.getProperties());
      const token = req.getType() || typeOf(req.getUrn());
      const made = await resources.create(token, inputs.props, inputs.secrets, req.getPreview());
      guard.noteObject(token, nameOf(req.getUrn()), made.id, inputs.props);
      return new pb.CreateResponse()
        .setId(made.id)
        .setProperties(toStruct(made.props, made.secrets));
    }),
    read: unary(async (req: InstanceType<Pb["ReadRequest"]>) => {
      const state = fromStruct(req.getProperties());
      const inputs = fromStruct(req.getInputs());
      const found = await resources.read(
        req.getType() || typeOf(req.getUrn()),
        req.getId(),
        state.props,
        inputs.props,
        new Set([...state.secrets, ...inputs.secrets]),
      );
      const res = new pb.ReadResponse().setId(found.id);
      // Gone: no properties. A recovery request's answer (`PENDING_CREATE_KEY`) has an empty id
      // too, and its verdict in the properties.
      if (found.id === "" && Object.keys(found.props).length === 0) return res;
      res.setProperties(toStruct(found.props, found.secrets));
      if (found.inputs !== undefined) res.setInputs(toStruct(found.inputs, found.secrets));
      return res;
    }),
    update: unary(async (req: InstanceType<Pb["UpdateRequest"]>) => {
      const olds = fromStruct(req.getOlds());
      const news = fromStruct(req.getNews());
      const done = await resources.update(
        req.getType() || typeOf(req.getUrn()),
        req.getId(),
        olds.props,
        news.props,
        new Set([...olds.secrets, ...news.secrets]),
        req.getPreview(),
      );
      return new pb.UpdateResponse().setProperties(toStruct(done.props, done.secrets));
    }),
    delete: unary(async (req: InstanceType<Pb["DeleteRequest"]>) => {
      await resources.remove(
        req.getType() || typeOf(req.getUrn()),
        req.getId(),
        fromStruct(req.getProperties()).props,
      );
      return empty();
    }),
  };
}

/** The type of a resource from its URN (`urn:pulumi:stack::project::type::name`), for older engines. */
function typeOf(urn: string): string {
  const parts = urn.split("::");
  return (parts[2] ?? "").split("$").pop() ?? "";
}

/** The whole service: every method the engine calls on this plugin. */
export function serviceImplementation(engine?: string): grpcJs.UntypedServiceImplementation {
  const { pb, plugin, empty } = loadGrpc();
  const none = () => new empty.Empty();
  const guard = new MixingGuard();
  return {
    getPluginInfo: unary(() => new plugin.PluginInfo().setVersion(packageVersion())),
    getSchema: unary(() => new pb.GetSchemaResponse().setSchema(packageSchemaText())),
    ...configMethods(pb, new EngineLog(engine)),
    ...planMethods(pb, guard),
    ...changeMethods(pb, none, guard),
    invoke: unary(async (req: InstanceType<Pb["InvokeRequest"]>) => {
      const { result, failures: list } = await invoke(
        req.getTok(),
        fromStruct(req.getArgs()).props,
      );
      const res = new pb.InvokeResponse().setFailuresList(failures(pb, list));
      return result === undefined ? res : res.setReturn(toStruct(result));
    }),
    // Nothing runs in the background between calls: a cancel has nothing to stop.
    cancel: unary(none),
    // This provider maps no other provider's resources (`pulumi convert`).
    getMapping: unary(() => new pb.GetMappingResponse().setProvider("").setData("")),
    getMappings: unary(() => new pb.GetMappingsResponse().setProvidersList([])),
  };
}
