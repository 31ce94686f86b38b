import type * as pulumi from "@pulumi/pulumi";
import { context } from "../context";
import type { Props } from "./compare";
import type { Kind } from "./kind";
import { workspaceOf } from "./properties";

/**
 * The kind's rules across arguments, then, when they pass, its rules that read the service
 * (`remoteRules`). Those answer none when the service cannot be read (no token at preview, the
 * service down): the write's own answer then says what is wrong.
 */
export async function ruleFailures(
  kind: Kind,
  inputs: Props,
  olds: Props,
): Promise<pulumi.dynamic.CheckFailure[]> {
  const failures = kind.rules?.(inputs, olds) ?? [];
  if (failures.length > 0 || kind.remoteRules === undefined) return failures;
  try {
    return await kind.remoteRules(context(workspaceOf(inputs)), inputs);
  } catch {
    return [];
  }
}
