import type * as pulumi from "@pulumi/pulumi";
import { ConfigError } from "../config";
import { context, type Context } from "../context";

/** The argument every lookup takes beside its own. */
export interface LookupWorkspaceArgs {
  /**
   * The workspace to look in: a name configured in `docs-workspace:workspaces`. Absent, the
   * default workspace. With it a program reads from one organization and writes to another.
   * @example "prod"
   */
  workspace?: pulumi.Input<string>;
}

/** The context of the workspace a lookup names; an unknown name fails naming the property. */
export function lookupContext(lookup: string, workspace: string | undefined): Context {
  try {
    return context(workspace);
  } catch (error) {
    if (error instanceof ConfigError)
      throw new ConfigError(`${lookup}: workspace: ${error.message}`);
    throw error;
  }
}
