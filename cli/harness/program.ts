// The program under the Pulumi SDK's mock runtime, its registrations answered by the
// deployment (deployment.ts): how the worker (worker.ts) runs an up or a preview.
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import type * as pulumiSdk from "@pulumi/pulumi";
import type * as resproto from "@pulumi/pulumi/proto/resource_pb";
import type * as structproto from "google-protobuf/google/protobuf/struct_pb";
import type { Deployment } from "./deployment";
import { programRequire, pulumiRequire, type Project } from "./project";
import { skipUnreadPromiseStacks } from "./promise-stacks";
import type { PropertyMap, StepFailure } from "./types";
import { ROOT_STACK_TYPE } from "./urns";

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

/** The organization the program sees, as a local backend names it. */
export const ORGANIZATION = "organization";

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
export function registerTypeScript(project: Project): void {
  // A folder's index may be TypeScript: the host registers its loader whatever the entry.
  if (!/\.[cm]?tsx?$/.test(project.main) && !isFolder(project.main)) return;
  if (process.env.DOCS_WORKSPACE_HARNESS_TSX === "1") return;
  const api = createRequire(__filename)("tsx/cjs/api") as { register(): unknown };
  api.register();
  process.env.DOCS_WORKSPACE_HARNESS_TSX = "1";
}

/**
 * The monitor the program registers with. The SDK's MockMonitor cannot see the resource options
 * the engine needs (dependencies, aliases, additionalSecretOutputs), so registrations go to the
 * deployment, and the rest (invoke, packages) to the mock.
 */
function monitorFor(project: Project, deployment: Deployment, mock: object | undefined): object {
  const rp = pulumiRequire(project.dir)("./proto/resource_pb") as typeof resproto;
  const sp = pulumiRequire(project.dir)(
    "google-protobuf/google/protobuf/struct_pb",
  ) as typeof structproto;
  return Object.assign(Object.create(mock ?? null) as object, {
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
}

/** Runs the program under the mock runtime, every registration going to the deployment. */
export async function runProgram(
  project: Project,
  deployment: Deployment,
  dryRun: boolean,
): Promise<unknown> {
  const preq = programRequire(project.dir);
  const pulumi = preq("@pulumi/pulumi") as typeof pulumiSdk;
  const runtime = pulumi.runtime as unknown as PulumiRuntime;
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
  // setMocks switched the runtime's features on; the harness's monitor stands in for its mock.
  const monitor = monitorFor(project, deployment, runtime.getMonitor());
  runtime.setMockOptions(monitor, project.name, project.stack, dryRun, ORGANIZATION);
  runtime.setAllConfig(project.config, project.secretKeys);
  skipUnreadPromiseStacks(pulumiRequire(project.dir));

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

export function programFailure(project: Project, e: unknown): StepFailure {
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
