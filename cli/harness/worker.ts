// One operation in a fresh process: the Pulumi runtime keeps global state and the program's
// modules stay cached, so a process never runs a program twice. The parent (harness/index.ts)
// forks this file in a process group of its own and talks to it over the IPC channel; when that
// channel closes (the parent died, whatever killed it) the worker stops at once, as on a second
// Ctrl-C: what is in flight is recorded as pending and the state is written.
import * as path from "node:path";
import { Deployment } from "./deployment";
import { Destroy } from "./destroy";
import { StepError, knownOutputs, stackOutputsOf, summarize, type EngineContext } from "./engine";
import { ORGANIZATION, programFailure, registerTypeScript, runProgram } from "./program";
import { loadProject, programRequire } from "./project";
import { ProviderHost } from "./provider-host";
import { Refresh } from "./refresh";
import { Limiter } from "../../common/limiter";
import { defaultParallel } from "./schedule";
import { StateStore } from "./state";
import type {
  PendingOperationSummary,
  StepResult,
  WorkerMessage,
  WorkerRequest,
  WorkerResult,
} from "./types";
import { errorText } from "../../common/error-text";

type RunRequest = Extract<WorkerRequest, { type: "run" }>;

/** Exit codes: as a shell reports a process ended by SIGINT, and a run that failed. */
const EXIT_INTERRUPTED = 130;
const EXIT_FAILED = 1;

function send(message: WorkerMessage, then: () => void = () => undefined): void {
  if (process.connected) process.send?.(message, undefined, undefined, then);
  else then();
}

type OperationRun = Refresh | Deployment | Destroy;

/** What the current run holds, for an interruption to act on. */
const active: {
  operation?: RunRequest["operation"];
  run?: OperationRun;
  store?: StateStore;
  host?: ProviderHost;
  cancelRequested?: boolean;
  finished?: boolean;
} = {};

function track<T extends OperationRun>(run: T): T {
  active.run = run;
  if (active.cancelRequested) run.cancel();
  return run;
}

/**
 * A run's result, after the steps of the refresh that came before it (`prelude`), with the
 * stack outputs it reports.
 */
function resultOf(
  run: OperationRun,
  operation: RunRequest["operation"],
  prelude: StepResult[],
  outputs: Pick<WorkerResult, "outputs" | "secretOutputs"> = { outputs: {}, secretOutputs: [] },
): WorkerResult {
  const result = run.result(operation);
  const steps = [...prelude, ...result.steps];
  return {
    ...result,
    steps,
    summary: summarize(steps),
    ...outputs,
    ...(run.interrupted ? { interrupted: { by: "cancel" as const, pending: [] } } : {}),
  };
}

/**
 * Before an up, preview or destroy: the pending creates settled as asked (an adopted one is then
 * updated to the program's inputs, a dropped one created again), and `--refresh`. Its steps, or
 * the result that ends the run when it failed or was interrupted.
 */
async function prelude(
  req: RunRequest,
  ctx: EngineContext,
): Promise<{ steps: StepResult[] } | { ended: WorkerResult }> {
  const o = req.options;
  if (!o.refresh && !o.pendingCreates) return { steps: [] };
  const refresh = track(new Refresh(ctx));
  if (o.refresh && req.operation !== "destroy") await refresh.run(o.pendingCreates, true);
  else await refresh.settle(o.pendingCreates ?? {});
  if (refresh.failures.length > 0 || refresh.interrupted) {
    ctx.store.commit();
    return { ended: resultOf(refresh, req.operation, []) };
  }
  return { steps: refresh.steps };
}

/** An up or a preview: the program runs, then what it no longer declares is deleted. */
async function deploy(ctx: EngineContext): Promise<Deployment> {
  const { project, dryRun } = ctx;
  const deployment = track(new Deployment(ctx));
  await deployment.prepare();
  if (deployment.failures.length > 0 || !deployment.canStart) return deployment;
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
  return deployment;
}

/** The operation itself, once the state is open and the provider host configured. */
async function perform(req: RunRequest, ctx: EngineContext): Promise<WorkerResult> {
  const { store } = ctx;
  if (req.operation === "refresh") {
    const run = track(new Refresh(ctx));
    await run.run(req.options.pendingCreates);
    store.commit();
    const outs = stackOutputsOf(store);
    return resultOf(run, req.operation, [], { outputs: outs.outputs, secretOutputs: outs.secret });
  }
  const before = await prelude(req, ctx);
  if ("ended" in before) return before.ended;
  if (req.operation === "destroy") {
    const run = track(new Destroy(ctx));
    await run.run();
    store.commit();
    return resultOf(run, req.operation, before.steps);
  }
  const deployment = await deploy(ctx);
  store.commit();
  return resultOf(deployment, req.operation, before.steps, {
    outputs: knownOutputs(deployment.stackOutputs),
    secretOutputs: deployment.stackSecretOutputs,
  });
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
    const limiter = new Limiter(o.parallel ?? defaultParallel());
    if (!dryRun) host.capPlanning(limiter.capacity);
    const ctx: EngineContext = {
      project,
      host,
      store,
      dryRun,
      limiter,
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
