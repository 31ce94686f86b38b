/** Where and how a Pulumi program is run by the harness. */
export interface HarnessOptions {
  /** Folder holding Pulumi.yaml and the program. */
  programDir: string;
  /** JSON state kept between runs; created on the first `up`. */
  stateFile: string;
  /** Stack name; `Pulumi.<stack>.yaml` is read when present. Default "dev". */
  stack?: string;
  /** Config overrides, e.g. `{ "docs-workspace:apiUrl": url }`. */
  config?: Record<string, string>;
  /** Config values that are secret, e.g. `{ "docs-workspace:apiToken": token }`. */
  secrets?: Record<string, string>;
  /** Extra environment for the program and the dynamic-provider host. */
  env?: Record<string, string>;
  /**
   * The passphrase that encrypts secrets in the state. Default: `PULUMI_CONFIG_PASSPHRASE`, or
   * the content of the file `PULUMI_CONFIG_PASSPHRASE_FILE` names, from `env`, then from this
   * process's environment. Without one, a run that would write a secret is refused.
   */
  passphrase?: string;
  /**
   * `up` only: skip the preview pass that `pulumi up` runs first. Without it a Check failure
   * anywhere in the program stops the update before any resource is touched.
   */
  skipPreview?: boolean;
  /** `up` and `preview`: read every resource first and work from what exists (`--refresh`). */
  refresh?: boolean;
  /**
   * The drift gate (`--expect-no-changes`): the run fails, naming each resource, when any step
   * would change something (every step but `same` and `read`). As in the Pulumi CLI, `preview`
   * and `refresh` with `previewOnly` change nothing either way; `refresh` and `up` apply what
   * they find first and fail afterwards.
   */
  expectNoChanges?: boolean;
  /**
   * `refresh` only (`--preview-only`): read every resource and report the drift, but write
   * nothing to the state. With `expectNoChanges`, the drift check of a scheduled CI job.
   */
  previewOnly?: boolean;
  /**
   * Only these resources are created, updated, deleted or read (`--target`): URNs, where `**`
   * matches any run of characters and `*` any run without a `:`, as in the CLI. Resources outside the targets keep their state.
   */
  targets?: string[];
  /** With `targets`: their dependents are targeted too (`--target-dependents`). */
  targetDependents?: boolean;
  /**
   * Resource operations in flight at once (`--parallel`); by default the CLI's: PULUMI_PARALLEL,
   * else the CPUs × 4.
   */
  parallel?: number;
  /** Keep starting independent steps after one fails (`--continue-on-error`). */
  continueOnError?: boolean;
  /** Remove a lock left by a run whose process is gone, instead of refusing (`--break-stale-lock`). */
  breakStaleLock?: boolean;
  /**
   * How to settle the creates an interrupted run left pending, before anything else the run does.
   * `refresh` then reads every resource; `up` (and its preview) then updates an adopted or
   * imported object to the program's inputs and creates again what was never made; `destroy`
   * deletes what was taken.
   */
  pendingCreates?: PendingCreateResolution;
  /**
   * Aborting it interrupts the run as a first Ctrl-C does: no new step starts, the steps in flight
   * finish, the state is written, and the call rejects with a `HarnessRunError` whose result says
   * `interrupted`.
   */
  signal?: AbortSignal;
  /**
   * Aborting it stops the run at once, as a second Ctrl-C does: operations still in flight are
   * recorded in the state as pending, and the next run reports them.
   */
  killSignal?: AbortSignal;
  /** Called as each step finishes, before the run ends. */
  onStep?: (step: StepResult) => void;
}

/**
 * What to do with the creates an interrupted run left pending (the flags of
 * `pulumi refresh --clear-pending-creates / --import-pending-creates`, plus `adopt`). Pending
 * creates a resolution does not cover stay pending, and an `up` or `destroy` refuses to run past
 * them.
 */
export interface PendingCreateResolution {
  /** Drop them: the objects were never made (or were deleted by hand). */
  clear?: boolean;
  /** URN -> id of the object the create made: read it and take it into the state. */
  import?: Record<string, string>;
  /**
   * Re-run each pending create in recovery mode (`--adopt-pending-creates`): its provider is
   * asked to find the object the create made, by its natural key (`PENDING_CREATE_KEY` says
   * how), and the object it finds is taken into the state; where it answers that none was made,
   * the pending create is dropped, and an `up` creates the resource as usual. Nothing is created
   * in recovery mode itself, so a provider that cannot answer leaves the pending create as it was.
   */
  adopt?: boolean;
}

export {
  PENDING_CREATE_KEY,
  type PendingCreateAnswer,
  type PendingCreateRequest,
} from "../../common/pending-create";

/** A JSON value as it crosses the gRPC boundary (google.protobuf.Struct). */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type PropertyMap = Record<string, Json>;

/** One resource as kept in the state; secret values are encrypted in the file, clear here. */
export interface ResourceState {
  urn: string;
  type: string;
  name: string;
  custom: boolean;
  /** Provider id; absent for components. */
  id?: string;
  parent?: string;
  dependencies: string[];
  /** Checked inputs, `__provider` included. */
  inputs: PropertyMap;
  outputs: PropertyMap;
  /** Top-level input and output keys whose values are secret. */
  secretInputs: string[];
  secretOutputs: string[];
  /** Resource options the engine keeps with the resource. */
  additionalSecretOutputs?: string[];
  protect?: boolean;
  retainOnDelete?: boolean;
  /** The old half of a create-before-delete replacement, still to be deleted. */
  pendingDelete?: boolean;
}

/** The engine's names for an operation in flight (apitype.OperationType). */
export type PendingOperationType = "creating" | "updating" | "deleting";

/** An operation that began and never reported back: its outcome is unknown. */
export interface PendingOperation {
  type: PendingOperationType;
  /** The resource as the operation began; for a create, the inputs it was sent. */
  resource: ResourceState;
  /** When it began (ISO 8601): whatever it made on the service is no older than this. */
  startedAt: string;
}

export type Operation = "up" | "preview" | "refresh" | "destroy";

export type StepOp =
  | "create"
  | "update"
  | "replace"
  | "delete"
  | "same"
  | "read"
  | "refresh-update"
  | "refresh-delete"
  /** A pending create taken into the state: by the id given, or as the provider found it. */
  | "import"
  /** A pending create dropped: cleared on request, or the provider found nothing it made. */
  | "discard";

/** How one property changed, in the engine's detailed-diff vocabulary. */
export type PropertyDiffKind =
  "add" | "delete" | "update" | "add-replace" | "delete-replace" | "update-replace";

/**
 * A property's value before and after, as `pulumi preview` shows it: secrets as `"[secret]"`,
 * values not known until the update as `"output<string>"`. Absent on the side that has none.
 */
export interface PropertyChange {
  old?: unknown;
  new?: unknown;
}

export interface StepResult {
  urn: string;
  type: string;
  name: string;
  op: StepOp;
  /** Provider id after the step (the new id for a replace; absent for components). */
  id?: string;
  /** Top-level properties that changed (inputs for up/preview, outputs for refresh). */
  diffs?: string[];
  detailedDiff?: Record<string, PropertyDiffKind>;
  /** Old and new value of each property in `diffs`. */
  changes?: Record<string, PropertyChange>;
  /** For a replace: whether the old object was deleted before the new one was created. */
  deleteBeforeReplace?: boolean;
  /** For a delete: `retainOnDelete` kept the object; only the state forgot it. */
  retain?: boolean;
  /** The URN the resource had in the state, when an alias matched it. */
  aliasOf?: string;
}

export interface StepFailure {
  urn: string;
  type: string;
  name: string;
  /**
   * The step that failed (`check` when the inputs were refused); `expect-no-changes` when the
   * drift gate refused a step that changes something (the step itself is in `steps`).
   */
  op: StepOp | "check" | "program" | "expect-no-changes";
  message: string;
  /** Check failures as the provider reported them. */
  checkFailures?: { property: string; reason: string }[];
}

/** An operation an interrupted run began and never saw end. */
export interface PendingOperationSummary {
  urn: string;
  type: string;
  name: string;
  operation: "creating" | "updating" | "deleting";
  /** ISO 8601. */
  startedAt: string;
}

export interface Interruption {
  /** `cancel`: the steps in flight finished. `terminate`: they were cut off. */
  by: "cancel" | "terminate";
  /** Operations recorded as pending in the state. */
  pending: PendingOperationSummary[];
}

export interface RunResult {
  operation: Operation;
  steps: StepResult[];
  /** Count of steps per op. */
  summary: Record<string, number>;
  /** Stack outputs (`export const x = ...`), secrets in clear. */
  outputs: Record<string, unknown>;
  /** Names of stack outputs that are secret. */
  secretOutputs: string[];
  failures?: StepFailure[];
  /** Warnings for the user, such as operations an earlier run left pending. */
  warnings?: string[];
  /** Operations still pending in the state after this run (left by an interrupted run). */
  pendingOperations?: PendingOperationSummary[];
  /** Set when the run was interrupted. */
  interrupted?: Interruption;
  /** What the run cost: the peak resident memory of its processes, in bytes. */
  usage?: { peakRss: { worker: number; providerHost?: number } };
  /** What the program and the provider host wrote to stdout and stderr. */
  log: string;
}

/** A run as the worker reports it: the parent adds the log. */
export type WorkerResult = Omit<RunResult, "log">;

/** What the worker is asked to run: the options that cross the IPC channel. */
export type WorkerOptions = Omit<HarnessOptions, "signal" | "killSignal" | "onStep" | "passphrase">;

/** Sent by the parent to the worker over the IPC channel. */
export type WorkerRequest =
  | { type: "run"; operation: Operation; options: WorkerOptions; passphrase?: string }
  /** First interruption: start nothing more, finish what runs, save. */
  | { type: "cancel" }
  /** Second interruption: record what runs as pending, save, exit. */
  | { type: "terminate" };

/** Sent by the worker to the parent over the IPC channel. */
export type WorkerMessage =
  | { type: "step"; step: StepResult }
  | { type: "result"; result: WorkerResult }
  | { type: "error"; message: string };
