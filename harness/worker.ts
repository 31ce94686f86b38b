// One operation in a fresh process: the Pulumi runtime keeps global state and the program's
// modules stay cached, so a process never runs a program twice. The parent (harness/index.ts)
// forks this file and talks to it over the IPC channel.
import { createRequire } from "node:module";
import * as path from "node:path";
import type * as pulumiSdk from "@pulumi/pulumi";
import type * as resproto from "@pulumi/pulumi/proto/resource_pb";
import type * as structproto from "google-protobuf/google/protobuf/struct_pb";
import {
  Deployment,
  ROOT_STACK_TYPE,
  StepError,
  destroyAll,
  emptyResult,
  knownOutputs,
  refreshAll,
  stackOutputsOf,
  summarize,
  type EngineContext,
} from "./engine";
import { loadProject, programRequire, pulumiRequire, type Project } from "./project";
import type { PropertyMap } from "./properties";
import { ProviderHost } from "./provider-host";
import { loadState, passphraseFor } from "./state";
import type { RunResult, StepFailure, WorkerRequest, WorkerResponse } from "./types";

type Callback<T> = (err: Error | null, res?: T) => void;

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

/**
 * Loads TypeScript programs through tsx. When this worker itself runs under tsx (jest runs the
 * harness from source), the hook is already in place and registering a second one would compile
 * every file twice.
 */
function registerTypeScript(project: Project): void {
  if (process.env.DOCS_WORKSPACE_HARNESS_TSX === "1") return;
  let api: { register(): unknown };
  try {
    api = createRequire(__filename)("tsx/cjs/api") as typeof api;
  } catch {
    api = programRequire(project.dir)("tsx/cjs/api") as typeof api;
  }
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
  // options the engine needs (dependencies, additionalSecretOutputs, deleteBeforeReplace), so
  // the harness answers registrations itself and leaves the rest (invoke, packages) to it.
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

  registerTypeScript(project);
  // Pulumi runs a program with its folder as the working directory.
  process.chdir(project.dir);
  let programError: unknown;
  const program = (async () => {
    try {
      await runtime.runInPulumiStack(async () => {
        const exported = preq(project.main) as unknown;
        return typeof exported === "function" ? await (exported as () => unknown)() : exported;
      });
    } catch (e) {
      programError = e;
    }
    await runtime.waitForRPCs?.();
  })();
  // Like the engine, the first failed step ends the program; steps already started finish.
  await Promise.race([program, deployment.failed]);
  await deployment.idle();
  return programError;
}

function programFailure(project: Project, e: unknown): StepFailure {
  const urn = `urn:pulumi:${project.stack}::${project.name}::${ROOT_STACK_TYPE}::${project.name}-${project.stack}`;
  const message = e instanceof Error ? (e.stack ?? e.message) : String(e);
  return {
    urn,
    type: ROOT_STACK_TYPE,
    name: `${project.name}-${project.stack}`,
    op: "program",
    message: `the program failed: ${message}`,
  };
}

async function execute(req: WorkerRequest): Promise<Omit<RunResult, "log">> {
  const o = req.options;
  const project = loadProject(o.programDir, o.stack ?? "dev", o.config, o.secrets);
  const stateFile = path.resolve(o.stateFile);
  const state = loadState(
    stateFile,
    project.name,
    project.stack,
    passphraseFor(project.name, project.stack, process.env),
  );
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PULUMI_NODEJS_PROJECT: project.name,
    PULUMI_NODEJS_STACK: project.stack,
    PULUMI_NODEJS_ORGANIZATION: ORGANIZATION,
  };
  delete env.DOCS_WORKSPACE_HARNESS_TSX;
  const host = await ProviderHost.start(project.dir, env);
  const dryRun = req.operation === "preview";
  const ctx: EngineContext = { project, host, state, stateFile, dryRun };
  try {
    await host.configure(project.config, project.secretKeys);
    const result = emptyResult(req.operation);
    if (req.operation === "refresh" || req.operation === "destroy") {
      const r = req.operation === "refresh" ? await refreshAll(ctx) : await destroyAll(ctx);
      const outs =
        req.operation === "refresh" ? stackOutputsOf(state) : { outputs: {}, secret: [] };
      return {
        ...result,
        ...r,
        summary: summarize(r.steps),
        outputs: outs.outputs,
        secretOutputs: outs.secret,
      };
    }
    const deployment = new Deployment(ctx);
    if (!dryRun) await deployment.deleteLeftovers();
    if (deployment.failures.length === 0) {
      const programError = await runProgram(project, deployment, dryRun);
      // A failed step also fails the program (its outputs reject); report the step, not the echo.
      if (
        programError !== undefined &&
        deployment.failures.length === 0 &&
        !(programError instanceof StepError)
      ) {
        deployment.failures.push(programFailure(project, programError));
      }
      if (deployment.failures.length === 0) {
        if (dryRun) deployment.planDeletes();
        else await deployment.deleteUndeclared();
      }
    }
    const failures = deployment.failures;
    return {
      ...result,
      steps: deployment.steps,
      summary: summarize(deployment.steps),
      outputs: knownOutputs(deployment.stackOutputs),
      secretOutputs: deployment.stackSecretOutputs,
      ...(failures.length > 0 ? { failures } : {}),
    };
  } finally {
    host.stop();
    const hostLog = host.log.trim();
    if (hostLog !== "") process.stderr.write(`[provider host]\n${hostLog}\n`);
  }
}

// Failed registrations reject outputs the program may never observe; the engine reports the
// step, so these must not crash the worker.
process.on("unhandledRejection", () => undefined);

process.once("message", (req: WorkerRequest) => {
  execute(req)
    .then(
      (result): WorkerResponse =>
        result.failures ? { ok: false, message: "", result } : { ok: true, result },
      (e: unknown): WorkerResponse => ({
        ok: false,
        message: e instanceof Error ? e.message : String(e),
      }),
    )
    .then((response) => {
      process.send?.(response, () => process.exit(0));
    });
});
