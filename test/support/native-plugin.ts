import { spawn, type ChildProcess } from "node:child_process";
import * as path from "node:path";
import * as grpc from "@grpc/grpc-js";
import * as pluginPb from "@pulumi/pulumi/proto/plugin_pb";
import * as grpcPb from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as pb from "@pulumi/pulumi/proto/provider_pb";
import * as emptyPb from "google-protobuf/google/protobuf/empty_pb";
import * as structPb from "google-protobuf/google/protobuf/struct_pb";

type Props = Record<string, unknown>;

/** The launcher Pulumi runs: the built plugin (dist/), as a program's Pulumi.yaml names it. */
export const LAUNCHER_DIR = path.resolve(__dirname, "../../provider/native/plugin");
const LAUNCHER = path.join(LAUNCHER_DIR, "pulumi-resource-docs-workspace");

/** Pulumi's marking of a secret on the wire. */
export const SECRET = { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270" };

export interface Diff {
  changes: "none" | "some" | "unknown";
  replaces: string[];
  deleteBeforeReplace: boolean;
  diffs: string[];
  /** Each property's kind of change, by name: ADD, UPDATE_REPLACE, ... */
  detailed: Record<string, string>;
}

const KIND_NAMES = Object.fromEntries(Object.entries(pb.PropertyDiff.Kind).map(([k, v]) => [v, k]));
const struct = (props: Props) =>
  structPb.Struct.fromJavaScript(JSON.parse(JSON.stringify(props)) as never);
const plain = (s: structPb.Struct | undefined) => (s?.toJavaScript() ?? {}) as Props;

/**
 * The native plugin as the engine runs it: the launcher in a child process, talked to over real
 * gRPC. Values come back as on the wire: a secret is `{ ...SECRET, value }`.
 */
export class NativePlugin {
  private constructor(
    private readonly child: ChildProcess,
    private readonly client: grpcPb.ResourceProviderClient,
  ) {}

  /**
   * Starts the built plugin (or the one `launcher` runs, such as a release archive's); `engine`
   * is the engine's address it logs to (none listens by default).
   */
  static async start(
    env: NodeJS.ProcessEnv = {},
    engine = "127.0.0.1:1",
    launcher = LAUNCHER,
  ): Promise<NativePlugin> {
    const child = spawn(launcher, [engine], {
      env: { PATH: process.env.PATH, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let err = "";
    child.stderr?.on("data", (d: Buffer) => (err += d.toString()));
    const port = await new Promise<string>((resolve, reject) => {
      let out = "";
      child.stdout?.on("data", (d: Buffer) => {
        out += d.toString();
        if (out.includes("\n")) resolve(out.split("\n")[0]!.trim());
      });
      child.on("exit", (code) => reject(new Error(`the plugin exited (${code}): ${err}`)));
    });
    const client = new grpcPb.ResourceProviderClient(
      `127.0.0.1:${port}`,
      grpc.credentials.createInsecure(),
    );
    return new NativePlugin(child, client);
  }

  stop(): void {
    this.client.close();
    this.child.kill();
  }

  private call<Req, Res>(method: string, req: Req): Promise<Res> {
    type Unary = (req: Req, cb: (error: grpc.ServiceError | null, res: Res) => void) => unknown;
    const fn = (this.client as unknown as Record<string, Unary>)[method]!.bind(this.client);
    return new Promise((resolve, reject) =>
      fn(req, (error: grpc.ServiceError | null, res: Res) =>
        error ? reject(new Error(error.details)) : resolve(res),
      ),
    );
  }

  async pluginVersion(): Promise<string> {
    return (
      await this.call<emptyPb.Empty, pluginPb.PluginInfo>("getPluginInfo", new emptyPb.Empty())
    ).getVersion();
  }

  async configure(variables: Record<string, string>, args: Props = {}) {
    const req = new pb.ConfigureRequest().setArgs(struct(args)).setAcceptsecrets(true);
    for (const [k, v] of Object.entries(variables)) req.getVariablesMap().set(k, v);
    const res = await this.call<pb.ConfigureRequest, pb.ConfigureResponse>("configure", req);
    return { acceptSecrets: res.getAcceptsecrets(), supportsPreview: res.getSupportspreview() };
  }

  async checkConfig(news: Props) {
    const req = new pb.CheckRequest()
      .setUrn("urn:pulumi:s::p::pulumi:providers:docs-workspace::default")
      .setNews(struct(news))
      .setOlds(struct({}));
    return this.failures(await this.call<pb.CheckRequest, pb.CheckResponse>("checkConfig", req));
  }

  /** CheckConfig's answered inputs, as the engine keeps them in the provider's state. */
  async checkConfigInputs(news: Props): Promise<Props> {
    const req = new pb.CheckRequest()
      .setUrn("urn:pulumi:s::p::pulumi:providers:docs-workspace::default")
      .setNews(struct(news))
      .setOlds(struct({}));
    return plain(
      (await this.call<pb.CheckRequest, pb.CheckResponse>("checkConfig", req)).getInputs(),
    );
  }

  /** DiffConfig: the keys whose value changed, and whether any did. */
  async diffConfig(olds: Props, news: Props) {
    const req = new pb.DiffRequest()
      .setUrn("urn:pulumi:s::p::pulumi:providers:docs-workspace::default")
      .setOlds(struct(olds))
      .setNews(struct(news));
    const res = await this.call<pb.DiffRequest, pb.DiffResponse>("diffConfig", req);
    return {
      some: res.getChanges() === pb.DiffResponse.DiffChanges.DIFF_SOME,
      diffs: res.getDiffsList(),
      replaces: res.getReplacesList(),
    };
  }

  private failures(res: pb.CheckResponse | pb.InvokeResponse) {
    return res.getFailuresList().map((f) => ({ property: f.getProperty(), reason: f.getReason() }));
  }

  /** Check of the resource `name` (`r` by default) of `type`. */
  async check(type: string, news: Props, olds: Props = {}, name = "r") {
    const req = new pb.CheckRequest()
      .setType(type)
      .setUrn(urn(type, name))
      .setOlds(struct(olds))
      .setNews(struct(news));
    const res = await this.call<pb.CheckRequest, pb.CheckResponse>("check", req);
    return { inputs: plain(res.getInputs()), failures: this.failures(res) };
  }

  async diff(type: string, id: string, olds: Props, news: Props): Promise<Diff> {
    const req = new pb.DiffRequest()
      .setType(type)
      .setUrn(urn(type))
      .setId(id)
      .setOlds(struct(olds))
      .setNews(struct(news));
    const res = await this.call<pb.DiffRequest, pb.DiffResponse>("diff", req);
    const changes = res.getChanges();
    const detailed: Record<string, string> = {};
    res.getDetaileddiffMap().forEach((d, key) => (detailed[key] = KIND_NAMES[d.getKind()]!));
    const { DiffChanges } = pb.DiffResponse;
    return {
      changes:
        changes === DiffChanges.DIFF_NONE
          ? "none"
          : changes === DiffChanges.DIFF_SOME
            ? "some"
            : "unknown",
      replaces: res.getReplacesList(),
      deleteBeforeReplace: res.getDeletebeforereplace(),
      diffs: res.getDiffsList(),
      detailed,
    };
  }

  async create(type: string, props: Props, preview = false) {
    const req = new pb.CreateRequest()
      .setType(type)
      .setUrn(urn(type))
      .setProperties(struct(props))
      .setPreview(preview);
    const res = await this.call<pb.CreateRequest, pb.CreateResponse>("create", req);
    return { id: res.getId(), props: plain(res.getProperties()) };
  }

  async read(type: string, id: string, props: Props = {}, inputs: Props = {}) {
    const req = new pb.ReadRequest()
      .setType(type)
      .setUrn(urn(type))
      .setId(id)
      .setProperties(struct(props))
      .setInputs(struct(inputs));
    const res = await this.call<pb.ReadRequest, pb.ReadResponse>("read", req);
    return {
      id: res.getId(),
      props: plain(res.getProperties()),
      inputs: res.getInputs() ? plain(res.getInputs()) : undefined,
    };
  }

  async update(type: string, id: string, olds: Props, news: Props, preview = false) {
    const req = new pb.UpdateRequest()
      .setType(type)
      .setUrn(urn(type))
      .setId(id)
      .setOlds(struct(olds))
      .setNews(struct(news))
      .setPreview(preview);
    const res = await this.call<pb.UpdateRequest, pb.UpdateResponse>("update", req);
    return plain(res.getProperties());
  }

  async delete(type: string, id: string, props: Props): Promise<void> {
    const req = new pb.DeleteRequest()
      .setType(type)
      .setUrn(urn(type))
      .setId(id)
      .setProperties(struct(props));
    await this.call("delete", req);
  }

  async invoke(tok: string, args: Props) {
    const req = new pb.InvokeRequest().setTok(tok).setArgs(struct(args));
    const res = await this.call<pb.InvokeRequest, pb.InvokeResponse>("invoke", req);
    return {
      result: res.getReturn() ? plain(res.getReturn()) : undefined,
      failures: this.failures(res),
    };
  }
}

function urn(type: string, name = "r"): string {
  return `urn:pulumi:test::native::${type}::${name}`;
}

/** The value with every secret marking removed: what it holds. */
export function reveal(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reveal);
  if (typeof value === "object" && value !== null) {
    const o = value as Props;
    if (o["4dabf18193072939515e22adb298388d"] !== undefined) return reveal(o.value);
    return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, reveal(v)]));
  }
  return value;
}
