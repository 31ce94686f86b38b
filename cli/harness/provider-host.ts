import { spawn, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import type * as grpc from "@grpc/grpc-js";
import type * as provgrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import type * as provproto from "@pulumi/pulumi/proto/provider_pb";
import type * as emptyproto from "google-protobuf/google/protobuf/empty_pb";
import type * as structproto from "google-protobuf/google/protobuf/struct_pb";
import { Limiter } from "../../common/limiter";
import { pulumiRequire } from "./project";
import { PROVIDER_KEY, wrapSecret } from "./properties";
import type { PropertyMap } from "./types";

type ProviderPb = typeof provproto;
type StructPb = typeof structproto;

/** What every request about one resource carries: its URN, name and type. */
interface ResourceRequest {
  setUrn(urn: string): unknown;
  setName(name: string): unknown;
  setType(type: string): unknown;
}

/** A Diff or an Update: an existing object, its old outputs and inputs, and the new inputs. */
interface ChangeRequest extends ResourceRequest {
  setId(id: string): unknown;
  setOlds(olds: structproto.Struct): unknown;
  setNews(news: structproto.Struct): unknown;
  setOldInputs(oldInputs: structproto.Struct): unknown;
}

export interface CheckResult {
  inputs: PropertyMap;
  failures: { property: string; reason: string }[];
}

export interface DiffResult {
  /** `undefined` when the provider did not say (the engine then diffs the inputs itself). */
  changes: boolean | undefined;
  replaces: string[];
  /**
   * The keys the provider says changed (the response's `diffs`). The dynamic-provider host never
   * sets them: only changes, replaces and deleteBeforeReplace.
   */
  changedKeys: string[];
  deleteBeforeReplace: boolean;
}

export interface ReadResult {
  id: string;
  outputs: PropertyMap;
  inputs?: PropertyMap;
}

/** A resource as the provider methods need to see it. */
export interface ResourceRef {
  urn: string;
  type: string;
  name: string;
}

/**
 * Pulumi's dynamic-provider host (`@pulumi/pulumi/cmd/dynamic-provider`) in a child process,
 * driven over gRPC the way the engine drives a provider plugin.
 */
export class ProviderHost {
  private output = "";
  /** Check and Diff calls in flight: unbounded unless `capPlanning` bounds them. */
  private planning = new Limiter();

  private constructor(
    private readonly child: ChildProcess,
    private readonly client: provgrpc.ResourceProviderClient,
    private readonly pb: ProviderPb,
    private readonly struct: StructPb,
  ) {
    child.stdout?.on("data", (d: Buffer) => (this.output += d.toString()));
    child.stderr?.on("data", (d: Buffer) => (this.output += d.toString()));
  }

  /** The host's peak resident memory so far, in bytes (Linux; undefined elsewhere). */
  peakRss(): number | undefined {
    try {
      const status = fs.readFileSync(`/proc/${this.child.pid}/status`, "utf8");
      const kb = /^VmHWM:\s+(\d+) kB/m.exec(status)?.[1];
      return kb === undefined ? undefined : Number(kb) * 1024;
    } catch {
      return undefined;
    }
  }

  /** What the host printed (its own errors and the provider's console output). */
  get log(): string {
    return this.output;
  }

  /**
   * Starts the host with the program folder as its cwd: the `__provider` shim is loaded from a
   * string, so its `require()` calls resolve from node_modules above the cwd.
   */
  static async start(programDir: string, env: NodeJS.ProcessEnv): Promise<ProviderHost> {
    const preq = pulumiRequire(programDir);
    const hostMain = preq.resolve("./cmd/dynamic-provider/index.js");
    const grpcJs = preq("@grpc/grpc-js") as typeof grpc;
    const grpcPb = preq("./proto/provider_grpc_pb") as typeof provgrpc;
    const pb = preq("./proto/provider_pb") as ProviderPb;
    const struct = preq("google-protobuf/google/protobuf/struct_pb") as StructPb;

    // The host's main() wants the engine's address as its one argument; it never dials it
    // unless a provider logs through the engine, which dynamic providers do not.
    const guard = path.join(__dirname, `host-guard${path.extname(__filename)}`);
    const child = spawn(process.execPath, ["--require", guard, hostMain, "127.0.0.1:0"], {
      cwd: programDir,
      env,
      // stdin is the guard's lifeline to this process; it is never written.
      stdio: ["pipe", "pipe", "pipe"],
    });
    const port = await new Promise<string>((resolve, reject) => {
      let out = "";
      let err = "";
      const onData = (d: Buffer): void => {
        out += d.toString();
        const line = out.split("\n")[0];
        if (out.includes("\n") && line !== undefined) {
          child.stdout?.off("data", onData);
          resolve(line.trim());
        }
      };
      child.stdout?.on("data", onData);
      child.stderr?.on("data", (d: Buffer) => (err += d.toString()));
      child.on("error", reject);
      child.on("exit", (code) =>
        reject(
          new Error(
            `the dynamic-provider host exited (code ${String(code)}) before listening: ${err}`,
          ),
        ),
      );
    });
    if (!/^\d+$/.test(port)) {
      child.kill();
      throw new Error(`the dynamic-provider host printed "${port}" instead of its port`);
    }
    const client = new grpcPb.ResourceProviderClient(
      `127.0.0.1:${port}`,
      grpcJs.credentials.createInsecure(),
    );
    return new ProviderHost(child, client, pb, struct);
  }

  /**
   * At most `inFlight` Check and Diff calls at once, from now on. The host answers in arrival
   * order, so when a program registers a thousand resources at once, a thousand Checks sent
   * together hold every Create behind them: at 1,000 spaces the first POST went out some 2 s
   * after the first Create was sent. With as many in flight as steps, Creates are answered as
   * they come and the API is busy from the start, while the Checks still stay ahead of them. A
   * preview makes no Creates and leaves its Checks unbounded.
   */
  capPlanning(inFlight: number): void {
    this.planning = new Limiter(inFlight);
  }

  /** Lets the host exit on its own (it exits when its stdin closes; see host-guard.ts). */
  stop(): void {
    this.client.close();
    this.child.stdin?.end();
  }

  /** Ends the host at once, cutting off the calls in flight. */
  kill(): void {
    this.client.close();
    this.child.kill("SIGKILL");
  }

  private toStruct(props: PropertyMap): structproto.Struct {
    return this.struct.Struct.fromJavaScript(props);
  }

  private fromStruct(s: structproto.Struct | undefined): PropertyMap {
    return (s?.toJavaScript() ?? {}) as PropertyMap;
  }

  private about<Req extends ResourceRequest>(req: Req, r: ResourceRef): Req {
    req.setUrn(r.urn);
    req.setName(r.name);
    req.setType(r.type);
    return req;
  }

  private change<Req extends ChangeRequest>(
    req: Req,
    r: ResourceRef,
    id: string,
    olds: PropertyMap,
    news: PropertyMap,
    oldInputs: PropertyMap,
  ): Req {
    this.about(req, r).setId(id);
    req.setOlds(this.toStruct(olds));
    req.setNews(this.toStruct(news));
    req.setOldInputs(this.toStruct(oldInputs));
    return req;
  }

  /** A unary call as a promise; the provider's error message becomes the error's. */
  private call<Res>(
    send: (cb: (err: grpc.ServiceError | null, res: Res) => void) => unknown,
  ): Promise<Res> {
    return new Promise((resolve, reject) => {
      send((err, res) => {
        if (err) reject(new Error(err.details || err.message));
        else resolve(res);
      });
    });
  }

  /** Once per run, before any Check: the stack config, secrets wrapped as the engine sends them. */
  async configure(config: Record<string, string>, secretKeys: readonly string[]): Promise<void> {
    const req = new this.pb.ConfigureRequest();
    const args: PropertyMap = {};
    for (const [k, v] of Object.entries(config)) {
      args[k] = secretKeys.includes(k) ? wrapSecret(v) : v;
      req.getVariablesMap().set(k, v);
    }
    req.setArgs(this.toStruct(args));
    req.setAcceptsecrets(true);
    req.setAcceptresources(true);
    await this.call<provproto.ConfigureResponse>((cb) => this.client.configure(req, cb));
  }

  async check(r: ResourceRef, olds: PropertyMap, news: PropertyMap): Promise<CheckResult> {
    const req = this.about(new this.pb.CheckRequest(), r);
    req.setOlds(this.toStruct(olds));
    req.setNews(this.toStruct(news));
    const res = await this.planning.run(() =>
      this.call<provproto.CheckResponse>((cb) => this.client.check(req, cb)),
    );
    return {
      inputs: this.fromStruct(res.getInputs()),
      failures: res
        .getFailuresList()
        .map((f) => ({ property: f.getProperty(), reason: f.getReason() })),
    };
  }

  async diff(
    r: ResourceRef,
    id: string,
    olds: PropertyMap,
    news: PropertyMap,
    oldInputs: PropertyMap,
  ): Promise<DiffResult> {
    const req = this.change(new this.pb.DiffRequest(), r, id, olds, news, oldInputs);
    const res = await this.planning.run(() =>
      this.call<provproto.DiffResponse>((cb) => this.client.diff(req, cb)),
    );
    const Changes = this.pb.DiffResponse.DiffChanges;
    const c = res.getChanges();
    return {
      changes: c === Changes.DIFF_SOME ? true : c === Changes.DIFF_NONE ? false : undefined,
      replaces: res.getReplacesList(),
      changedKeys: res.getDiffsList(),
      deleteBeforeReplace: res.getDeletebeforereplace(),
    };
  }

  async create(r: ResourceRef, props: PropertyMap): Promise<{ id: string; outputs: PropertyMap }> {
    const req = this.about(new this.pb.CreateRequest(), r);
    req.setProperties(this.toStruct(props));
    const res = await this.call<provproto.CreateResponse>((cb) => this.client.create(req, cb));
    return { id: res.getId(), outputs: this.fromStruct(res.getProperties()) };
  }

  async read(
    r: ResourceRef,
    id: string,
    outputs: PropertyMap,
    inputs: PropertyMap,
  ): Promise<ReadResult> {
    const req = this.about(new this.pb.ReadRequest(), r);
    req.setId(id);
    req.setProperties(this.toStruct(outputs));
    req.setInputs(this.toStruct(inputs));
    const res = await this.call<provproto.ReadResponse>((cb) => this.client.read(req, cb));
    const result: ReadResult = { id: res.getId(), outputs: this.fromStruct(res.getProperties()) };
    const newInputs = res.getInputs();
    if (newInputs) result.inputs = this.fromStruct(newInputs);
    return result;
  }

  async update(
    r: ResourceRef,
    id: string,
    olds: PropertyMap,
    news: PropertyMap,
    oldInputs: PropertyMap,
  ): Promise<PropertyMap> {
    const req = this.change(new this.pb.UpdateRequest(), r, id, olds, news, oldInputs);
    const res = await this.call<provproto.UpdateResponse>((cb) => this.client.update(req, cb));
    return this.fromStruct(res.getProperties());
  }

  async delete(
    r: ResourceRef,
    id: string,
    outputs: PropertyMap,
    inputs: PropertyMap,
  ): Promise<void> {
    const req = this.about(new this.pb.DeleteRequest(), r);
    req.setId(id);
    // The host loads the provider from `__provider` in these properties: the old resource's
    // own copy, so an object is deleted by the code that created it.
    req.setProperties(
      this.toStruct({
        ...outputs,
        [PROVIDER_KEY]: outputs[PROVIDER_KEY] ?? inputs[PROVIDER_KEY] ?? null,
      }),
    );
    req.setOldInputs(this.toStruct(inputs));
    await this.call<emptyproto.Empty>((cb) => this.client.delete(req, cb));
  }
}
