/**
 * What a registration request says, read once: its aliases, the state entries it makes and the
 * answer the program gets, and the failures that refuse it. The deployment (deployment.ts) uses
 * these whichever step a resource takes.
 */
import type * as resproto from "@pulumi/pulumi/proto/resource_pb";
import { StepError, changesOf, label, stepError, type Base } from "./engine";
import { withSecrets } from "./properties";
import type { CheckResult, ResourceRef } from "./provider-host";
import { PASSPHRASE_HELP } from "./secrets";
import type { ChangedProperties } from "./step-decision";
import type { PropertyMap, ResourceState, StepFailure, StepResult } from "./types";
import { ROOT_STACK_TYPE, type AliasSpec } from "./urns";

/** What the program gets back for a registered resource. */
export type RegisterResult = { urn: string; id: string; object: PropertyMap };

export function aliasSpecs(req: resproto.RegisterResourceRequest): AliasSpec[] {
  const specs: AliasSpec[] = req.getAliasurnsList().map((urn) => ({ urn }));
  for (const alias of req.getAliasesList()) {
    if (alias.hasUrn()) specs.push({ urn: alias.getUrn() });
    const spec = alias.getSpec();
    if (!alias.hasSpec() || !spec) continue;
    specs.push({
      name: spec.getName(),
      type: spec.getType(),
      stack: spec.getStack(),
      project: spec.getProject(),
      parentUrn: spec.hasParenturn() ? spec.getParenturn() : undefined,
      noParent: spec.hasNoparent() ? spec.getNoparent() : undefined,
    });
  }
  return specs;
}

/** A custom resource's registration once Check has accepted its inputs, whichever step it takes. */
export interface Registration {
  base: Base;
  ref: ResourceRef;
  /** The old URN an alias matched, if one did. */
  aliasOf?: string;
  /** What every step of it reports: URN, type, name and `aliasOf`. */
  stepBase: ResourceRef & { aliasOf?: string };
  /** The checked inputs. */
  inputs: PropertyMap;
  /** The secret inputs Check kept. */
  secretInputs: string[];
  /** The output keys that are secret: secret inputs and `additionalSecretOutputs`. */
  secretKeysFor(outputs: PropertyMap): string[];
  /** The state entry for the object with this id (none yet while it is being made) and outputs. */
  entryFor(id: string | undefined, outputs: PropertyMap): ResourceState;
}

export function registration(
  req: resproto.RegisterResourceRequest,
  base: Base,
  aliasOf: string | undefined,
  inputs: PropertyMap,
  secretInputs: string[],
): Registration {
  const ref: ResourceRef = { urn: base.urn, type: base.type, name: base.name };
  const additionalSecretOutputs = req.getAdditionalsecretoutputsList();
  const options = {
    ...(additionalSecretOutputs.length ? { additionalSecretOutputs } : {}),
    ...(req.getProtect() ? { protect: true } : {}),
    ...(req.getRetainondelete() ? { retainOnDelete: true } : {}),
  };
  const liveSecretInputs = secretInputs.filter((k) => k in inputs);
  const secretKeysFor = (outputs: PropertyMap): string[] =>
    Object.keys(outputs).filter(
      (k) => secretInputs.includes(k) || additionalSecretOutputs.includes(k),
    );
  return {
    base,
    ref,
    ...(aliasOf ? { aliasOf } : {}),
    stepBase: { ...ref, ...(aliasOf ? { aliasOf } : {}) },
    inputs,
    secretInputs: liveSecretInputs,
    secretKeysFor,
    entryFor: (id, outputs) => ({
      ...base,
      custom: true,
      ...(id !== undefined ? { id } : {}),
      inputs,
      outputs,
      secretInputs: liveSecretInputs,
      secretOutputs: secretKeysFor(outputs),
      ...options,
    }),
  };
}

export function respond(entry: ResourceState): RegisterResult {
  return {
    urn: entry.urn,
    id: entry.id ?? "",
    object: withSecrets(entry.outputs, entry.secretOutputs),
  };
}

/** The changed properties of an update or replace, with old and new values, secrets masked. */
export function shownChanges(
  r: Registration,
  old: ResourceState,
  changed: ChangedProperties | undefined,
): Pick<StepResult, "diffs" | "detailedDiff" | "changes"> {
  if (!changed) return {};
  const secret = new Set([...old.secretInputs, ...r.secretInputs]);
  return { ...changed, changes: changesOf(old.inputs, r.inputs, changed.diffs, secret) };
}

/** Refuses a resource with secrets when no passphrase could seal them in the state. */
export function refuseUnsealable(
  base: Base,
  secretInputs: string[],
  additionalSecretOutputs: string[],
  canWriteSecrets: boolean,
): void {
  if ((secretInputs.length === 0 && additionalSecretOutputs.length === 0) || canWriteSecrets) {
    return;
  }
  const keys = [...secretInputs, ...additionalSecretOutputs].join(", ");
  const reason = `its ${keys} ${secretInputs.length + additionalSecretOutputs.length === 1 ? "is" : "are"} secret, and the harness writes secrets to the state only under a passphrase: ${PASSPHRASE_HELP}`;
  throw new StepError({
    urn: base.urn,
    type: base.type,
    name: base.name,
    op: "check",
    message: `${label(base)}: ${reason}`,
  });
}

/** A program's secret outputs, which no passphrase can seal in the state. */
export function unsealableOutputs(urn: string, isStack: boolean, keys: string[]): StepFailure {
  return {
    urn,
    type: isStack ? ROOT_STACK_TYPE : "",
    name: "",
    op: "program",
    message: `${isStack ? "the stack" : urn}: outputs ${keys.join(", ")} are secret, and the harness writes secrets to the state only under a passphrase: ${PASSPHRASE_HELP}`,
  };
}

export function invalidInputs(base: Base, failures: CheckResult["failures"]): StepError {
  const reasons = failures.map((f) => `[${f.property}] ${f.reason}`).join("; ");
  return new StepError({
    urn: base.urn,
    type: base.type,
    name: base.name,
    op: "check",
    message: `${label(base)}: invalid inputs: ${reasons}`,
    checkFailures: failures,
  });
}

export function protectedFromReplace(base: Base, replaces: readonly string[]): StepError {
  return stepError(
    base,
    "replace",
    `the resource is protected and ${replaces.join(", ")} cannot change without replacing it: remove its protect option first`,
  );
}
