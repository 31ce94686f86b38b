/** Where and how a Pulumi program is run by the harness. */
export interface HarnessOptions {
  /** Folder holding Pulumi.yaml and index.ts. */
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
   * `up` only: skip the preview pass that `pulumi up` runs first. Without it a Check failure
   * anywhere in the program stops the update before any resource is touched.
   */
  skipPreview?: boolean;
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
  | "refresh-delete";

/** How one property changed, in the engine's detailed-diff vocabulary. */
export type PropertyDiffKind =
  "add" | "delete" | "update" | "add-replace" | "delete-replace" | "update-replace";

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
  /** For a replace: whether the old object was deleted before the new one was created. */
  deleteBeforeReplace?: boolean;
}

export interface StepFailure {
  urn: string;
  type: string;
  name: string;
  /** The step that failed (`check` when the inputs were refused). */
  op: StepOp | "check" | "program";
  message: string;
  /** Check failures as the provider reported them. */
  checkFailures?: { property: string; reason: string }[];
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
  /** What the program and the provider host wrote to stdout and stderr. */
  log: string;
}

/** Sent by the parent to the worker over the IPC channel. */
export interface WorkerRequest {
  operation: Operation;
  options: HarnessOptions;
}

/** Sent by the worker to the parent over the IPC channel. */
export type WorkerResponse =
  | { ok: true; result: Omit<RunResult, "log"> }
  | { ok: false; message: string; result?: Omit<RunResult, "log"> };
