// One operation in a fresh process: the Pulumi runtime keeps global state and the program's
// modules stay cached, so a process never runs a program twice. The parent (harness/index.ts)
// forks this file in a process group of its own and talks to it over the IPC channel; when that
// channel closes (the parent died, whatever killed it) the worker stops at once, as on a second
// Ctrl-C: what is in flight is recorded as pending and the state is written.
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import type * as pulumiSdk from "@pulumi/pulumi";
import type * as resproto from "@pulumi/pulumi/proto/resource_pb";
import type * as structproto from "google-protobuf/google/protobuf/struct_pb";
import { Deployment } from "./deployment";
import { Destroy } from "./destroy";
import { StepError, knownOutputs, stackOutputsOf, summarize, type EngineContext } from "./engine";
import { loadProject, programRequire, pulumiRequire, type Project } from "./project";
import { ProviderHost } from "./provider-host";
import { Refresh } from "./refresh";
import { Limiter } from "../common/limiter";
import { defaultParallel } from "./schedule";
import { StateStore } from "./state";
import type {
  PendingOperationSummary,
  PropertyMap,
  StepFailure,
  StepResult,
  WorkerMessage,
  WorkerRequest,
  WorkerResult,
} from "./types";
import { ROOT_STACK_TYPE } from "./urns";
import { errorText } from "../common/error-text";

type Callback<T> = (err: Error | null, res?: T) => void;
type RunRequest = Extract<WorkerRequest, { type: "run" }>;

/** The parts of the SDK's runtime the harness drives; some are internal to the SDK's typings. */
interface PulumiRuntime {
  setMocks: typeof pulumiSdk.runtime.setMocks;
  setMockOptions(
    monitor: object,
    project: string,
    stack: string,
    preview: boolean,
    organization: string,
  ): void;
  getMonitor(): object | undefined;
  setAllConfig(config: Record<string, string>, secretKeys: string[]): void;
  runInPulumiStack(init: () => Promise<unknown>): Promise<unknown>;
  waitForRPCs?(): Promise<void>;
}

const ORGANIZATION = "organization";

/** Exit codes: as a shell reports a process ended by SIGINT, and a run that failed. */
const EXIT_INTERRUPTED = 130;
const EXIT_FAILED = 1;

function send(message: WorkerMessage, then: () => void = () => undefined): void {
  if (process.connected) process.send?.(message, undefined, undefined, then);
  else then();
}

function isFolder(file: string): boolean {
  try {
    return fs.statSync(file).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Loads a TypeScript program through tsx, a dependency of this package, so a program runs with
 * nothing installed beside it but this package and @pulumi/pulumi. When the worker itself runs
 * under tsx (jest runs the harness from source) the hook is in place already.
 */
function registerTypeScript(project: Project): void {
  // A folder's index may be TypeScript: the host registers its loader whatever the entry.
  if (!/\.[cm]?tsx?$/.test(project.main) && !isFolder(project.main)) return;
  if (process.env.DOCS_WORKSPACE_HARNESS_TSX === "1") return;
  const api = createRequire(__filename)("tsx/cjs/api") as { register(): unknown };
  api.register();
  process.env.DOCS_WORKSPACE_HARNESS_TSX = "1";
}

/** Runs the program under the mock runtime, every registration going to the deployment. */
async function runProgram(
  project: Project,
  deployment: Deployment,
  dryRun: boolean,
): Promise<unknown> {
  const preq = programRequire(project.dir);
  const pulumi = preq("@pulumi/pulumi") as typeof pulumiSdk;
  const runtime = pulumi.runtime as unknown as PulumiRuntime;
  const rp = pulumiRequire(project.dir)("./proto/resource_pb") as typeof resproto;
  const sp = pulumiRequire(project.dir)(
    "google-protobuf/google/protobuf/struct_pb",
  ) as typeof structproto;

  await runtime.setMocks(
    {
      newResource: () => {
        throw new Error("the harness registers resources itself");
      },
      call: (args) => {
        throw new Error(`${args.token}: the dynamic-provider host implements no invoke`);
      },
    },
    project.name,
    project.stack,
    dryRun,
    ORGANIZATION,
  );
  // setMocks switched the runtime's features on; its MockMonitor cannot see the resource
  // options the engine needs (dependencies, aliases, additionalSecretOutputs), so the harness
  // answers registrations itself and leaves the rest (invoke, packages) to it.
  const mock = runtime.getMonitor();
  const monitor = Object.assign(Object.create(mock ?? null) as object, {
    registerResource(
      req: resproto.RegisterResourceRequest,
      cb: Callback<resproto.RegisterResourceResponse>,
    ) {
      deployment.register(req).then(
        (r) => {
          const res = new rp.RegisterResourceResponse();
          res.setUrn(r.urn);
          res.setId(r.id);
          res.setObject(sp.Struct.fromJavaScript(r.object));
          cb(null, res);
        },
        (e: unknown) => cb(e instanceof Error ? e : new Error(String(e))),
      );
    },
    registerResourceOutputs(req: resproto.RegisterResourceOutputsRequest, cb: Callback<object>) {
      deployment.registerOutputs(
        req.getUrn(),
        (req.getOutputs()?.toJavaScript() ?? {}) as PropertyMap,
      );
      cb(null, {});
    },
    readResource(req: resproto.ReadResourceRequest, cb: Callback<resproto.ReadResourceResponse>) {
      cb(
        new Error(
          `${req.getType()} "${req.getName()}": reading an existing resource (the id option or .get) is not supported by the harness`,
        ),
      );
    },
  });
  runtime.setMockOptions(monitor, project.name, project.stack, dryRun, ORGANIZATION);
  runtime.setAllConfig(project.config, project.secretKeys);

  // The host runs a program from its `main` file's folder, or its `main` folder.
  process.chdir(project.cwd);
  // A folder is required as `folder/`, as the host does: its package.json's main or its index,
  // never an adjacent file of the same name.
  const entry = isFolder(project.main) ? `${project.main}${path.sep}` : project.main;
  let programError: unknown;
  const program = (async () => {
    try {
      await runtime.runInPulumiStack(async () => {
        const exported = preq(entry) as unknown;
        return typeof exported === "function" ? await (exported as () => unknown)() : exported;
      });
    } catch (e) {
      programError = e;
    }
    await runtime.waitForRPCs?.();
  })();
  // Like the engine, a failed step or an interruption ends the program; steps in flight finish.
  await Promise.race([program, deployment.stopped]);
  await deployment.idle();
  return programError;
}

function programFailure(project: Project, e: unknown): StepFailure {
  const name = `${project.name}-${project.stack}`;
  const urn = `urn:pulumi:${project.stack}::${project.name}::${ROOT_STACK_TYPE}::${name}`;
  const message = e instanceof Error ? (e.stack ?? e.message) : String(e);
  return {
    urn,
    type: ROOT_STACK_TYPE,
    name,
    op: "program",
    message: `the program failed: ${message}`,
  };
}

/** What the current run holds, for an interruption to act on. */
const active: {
  operation?: RunRequest["operation"];
  run?: Refresh | Deployment | Destroy;
  store?: StateStore;
  host?: ProviderHost;
  cancelRequested?: boolean;
  finished?: boolean;
} = {};

function track<T extends Refresh | Deployment | Destroy>(run: T): T {
  active.run = run;
  if (active.cancelRequested) run.cancel();
  return run;
}

/** The operation itself, once the state is open and the provider host configured. */
async function perform(req: RunRequest, ctx: EngineContext): Promise<WorkerResult> {
  const o = req.options;
  const { store, project, dryRun } = ctx;
  const interruption = (run: { interrupted: boolean }) =>
    run.interrupted ? { interrupted: { by: "cancel" as const, pending: [] } } : {};

  if (req.operation === "refresh") {
    const run = track(new Refresh(ctx));
    await run.run(o.pendingCreates);
    store.commit();
    const outs = stackOutputsOf(store);
    return {
      ...run.result(req.operation),
      outputs: outs.outputs,
      secretOutputs: outs.secret,
      ...interruption(run),
    };
  }

  // Before an up, preview or destroy: the pending creates settled as asked (an adopted one is
  // then updated to the program's inputs, a dropped one created again), and `--refresh`.
  let prelude: StepResult[] = [];
  if (o.refresh || o.pendingCreates) {
    const refresh = track(new Refresh(ctx));
    if (o.refresh && req.operation !== "destroy") await refresh.run(o.pendingCreates, true);
    else await refresh.settle(o.pendingCreates ?? {});
    if (refresh.failures.length > 0 || refresh.interrupted) {
      store.commit();
      return {
        ...refresh.result(req.operation),
        outputs: {},
        secretOutputs: [],
        ...interruption(refresh),
      };
    }
    prelude = refresh.steps;
  }

  if (req.operation === "destroy") {
    const run = track(new Destroy(ctx));
    await run.run();
    store.commit();
    const result = run.result(req.operation);
    const steps = [...prelude, ...result.steps];
    return {
      ...result,
      steps,
      summary: summarize(steps),
      outputs: {},
      secretOutputs: [],
      ...interruption(run),
    };
  }
  const deployment = track(new Deployment(ctx));
  await deployment.prepare();
  if (deployment.failures.length === 0 && deployment.canStart) {
    const programError = await runProgram(project, deployment, dryRun);
    // A failed step also fails the program (its outputs reject); report the step, not the echo.
    if (
      programError !== undefined &&
      deployment.failures.length === 0 &&
      !deployment.interrupted &&
      !(programError instanceof StepError)
    ) {
      deployment.failures.push(programFailure(project, programError));
    }
    if (deployment.failures.length === 0 && deployment.canStart) {
      await deployment.deleteUndeclared();
    }
  }
  store.commit();
  const result = deployment.result(req.operation);
  const steps = [...prelude, ...deployment.steps];
  return {
    ...result,
    steps,
    summary: summarize(steps),
    outputs: knownOutputs(deployment.stackOutputs),
    secretOutputs: deployment.stackSecretOutputs,
    ...interruption(deployment),
  };
}

async function execute(req: RunRequest): Promise<WorkerResult> {
  const o = req.options;
  const project = loadProject(o.programDir, o.stack ?? "dev", o.config, o.secrets);
  // `refresh --preview-only` reads as a refresh does and, like a preview, writes nothing.
  const dryRun = req.operation === "preview" || (req.operation === "refresh" && !!o.previewOnly);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PULUMI_NODEJS_PROJECT: project.name,
    PULUMI_NODEJS_STACK: project.stack,
    PULUMI_NODEJS_ORGANIZATION: ORGANIZATION,
  };
  delete env.DOCS_WORKSPACE_HARNESS_TSX;
  delete env.PULUMI_CONFIG_PASSPHRASE;
  delete env.PULUMI_CONFIG_PASSPHRASE_FILE;
  // The host process starts while this one reads the state and loads what the program needs:
  // neither waits for the other.
  const starting = ProviderHost.start(project.dir, env);
  let store: StateStore;
  try {
    store = StateStore.open(path.resolve(o.stateFile), {
      project: project.name,
      stack: project.stack,
      passphrase: req.passphrase,
      readOnly: dryRun,
    });
    if (req.operation === "up" || req.operation === "preview") {
      programRequire(project.dir)("@pulumi/pulumi");
      registerTypeScript(project);
    }
  } catch (e) {
    void starting.then(
      (h) => h.stop(),
      () => undefined,
    );
    throw e;
  }
  active.store = store;
  const host = await starting;
  active.host = host;
  try {
    await host.configure(project.config, project.secretKeys);
    const ctx: EngineContext = {
      project,
      host,
      store,
      dryRun,
      limiter: new Limiter(o.parallel ?? defaultParallel()),
      targets: o.targets && o.targets.length > 0 ? o.targets : undefined,
      targetDependents: o.targetDependents,
      continueOnError: o.continueOnError,
      onStep: (step) => send({ type: "step", step }),
    };
    const result = await perform(req, ctx);
    const providerHost = host.peakRss();
    const worker = process.resourceUsage().maxRSS * 1024;
    return { ...result, usage: { peakRss: { worker, ...(providerHost ? { providerHost } : {}) } } };
  } finally {
    host.stop();
    const hostLog = host.log.trim();
    if (hostLog !== "") process.stderr.write(`[provider host]\n${hostLog}\n`);
  }
}

/**
 * Stops at once: operations in flight stay pending in the state, which is written now; the
 * provider host is killed with them. Whatever they do after this is not recorded.
 */
function terminate(): void {
  if (active.finished) return;
  active.finished = true;
  let pending: PendingOperationSummary[] = [];
  try {
    if (active.store) {
      active.store.commit();
      active.store.close();
      pending = active.store.snapshot.pending().map((p) => ({
        urn: p.resource.urn,
        type: p.resource.type,
        name: p.resource.name,
        operation: p.type,
        startedAt: p.startedAt,
      }));
    }
  } catch (e) {
    process.stderr.write(`the state could not be written: ${errorText(e)}\n`);
  }
  active.host?.kill();
  const partial = active.run?.result(active.operation ?? "up");
  const result: WorkerResult = {
    ...(partial ?? { operation: active.operation ?? "up", steps: [], summary: {} }),
    outputs: {},
    secretOutputs: [],
    interrupted: { by: "terminate", pending },
  };
  send({ type: "result", result }, () => process.exit(EXIT_INTERRUPTED));
}

// Failed registrations reject outputs the program may never observe; the engine reports the
// step, so these must not crash the worker.
process.on("unhandledRejection", () => undefined);
// The parent is gone: nobody will send a second Ctrl-C, so act as if one came.
process.on("disconnect", terminate);
// Signals sent to the worker itself (it has its own process group: a terminal's Ctrl-C goes to
// the parent, which asks over IPC).
process.on("SIGINT", terminate);
process.on("SIGTERM", terminate);

process.on("message", (req: WorkerRequest) => {
  if (req.type === "cancel") {
    active.cancelRequested = true;
    active.run?.cancel();
    return;
  }
  if (req.type === "terminate") {
    terminate();
    return;
  }
  active.operation = req.operation;
  execute(req).then(
    (result) => {
      if (active.finished) return;
      active.finished = true;
      // A non-zero code when the run failed also keeps the SDK from printing its
      // "promises were still active" block for registrations the failure left waiting.
      const code = result.interrupted ? EXIT_INTERRUPTED : result.failures ? EXIT_FAILED : 0;
      send({ type: "result", result }, () => process.exit(code));
    },
    (e: unknown) => {
      if (active.finished) return;
      active.finished = true;
      send({ type: "error", message: errorText(e) }, () => process.exit(EXIT_FAILED));
    },
  );
});
