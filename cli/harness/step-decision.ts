/**
 * What one registration of a custom resource does, decided from what the state holds, what Check
 * and Diff answered and the resource's options, with no provider call and no I/O. The deployment
 * (deployment.ts) asks the provider, calls `decideStep`, and performs what it says.
 */
import { replaceKeysFor } from "./property-paths";
import { diffKeys, sameValue } from "./properties";
import type { CheckResult, DiffResult } from "./provider-host";
import type { PropertyDiffKind, ResourceState } from "./types";

export interface StepFacts {
  /** The resource as the state holds it (by its URN or an alias); absent for a new one. */
  old?: Pick<ResourceState, "inputs" | "protect">;
  /** Check's answer on the program's inputs. */
  checked: CheckResult;
  /** Diff's answer: absent for a new resource, and when Check refused the inputs. */
  diff?: DiffResult;
  /** The `replaceOnChanges` option: property paths whose change replaces the resource. */
  replaceOnChanges: readonly string[];
  /** The `deleteBeforeReplace` option. */
  deleteBeforeReplace: boolean;
}

/** The properties a step changes, as a preview lists them. */
export interface ChangedProperties {
  diffs: string[];
  detailedDiff: Record<string, PropertyDiffKind>;
}

export type StepDecision =
  /** Check refused the inputs. */
  | { kind: "invalid"; failures: CheckResult["failures"] }
  | { kind: "create" }
  | { kind: "same" }
  | { kind: "update"; changed?: ChangedProperties }
  /** The new object is made first and the old one deleted after the program, unless `deleteBeforeReplace`. */
  | {
      kind: "replace";
      replaces: string[];
      deleteBeforeReplace: boolean;
      changed?: ChangedProperties;
    }
  /** A replacement the old state's `protect` forbids. */
  | { kind: "refuse-protected"; replaces: string[] };

/**
 * The engine's choice among same, create, update and replace (step_generator.go): the provider's
 * diff, or where it does not say, the inputs compared, `__provider` included.
 */
export function decideStep(facts: StepFacts): StepDecision {
  const { old, checked, diff } = facts;
  if (checked.failures.length > 0) return { kind: "invalid", failures: checked.failures };
  if (!old) return { kind: "create" };
  if (!diff) throw new Error("decideStep: an existing resource needs the provider's diff");
  const inputs = checked.inputs;
  let { changes, changedKeys, replaces } = diff;
  if (changes === undefined) {
    // The provider did not say: the engine compares the inputs and takes the keys that differ
    // as the changed keys.
    const keys = new Set([...Object.keys(old.inputs), ...Object.keys(inputs)]);
    changedKeys = [...keys].filter((k) => !sameValue(old.inputs[k], inputs[k]));
    changes = changedKeys.length > 0;
  }
  // replaceOnChanges turns the provider's changed keys into replacements, and nothing else:
  // the dynamic-provider host reports none, so under the engine a dynamic resource's change is
  // made in place whatever the option says.
  if (changes) {
    const forced = replaceKeysFor(changedKeys, facts.replaceOnChanges);
    replaces = [...new Set([...replaces, ...forced])];
  }
  if (!changes && replaces.length === 0) return { kind: "same" };
  const detail = diffKeys(old.inputs, inputs, replaces);
  const changed = detail.diffs.length > 0 ? { changed: detail } : {};
  if (replaces.length === 0) return { kind: "update", ...changed };
  if (old.protect) return { kind: "refuse-protected", replaces };
  const deleteBeforeReplace = diff.deleteBeforeReplace || facts.deleteBeforeReplace;
  return { kind: "replace", replaces, deleteBeforeReplace, ...changed };
}
