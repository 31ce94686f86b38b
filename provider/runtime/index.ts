import type * as pulumi from "@pulumi/pulumi";
import { collectionHandlers } from "../resources/collection";
import type { Handlers } from "../resources/lifecycle";
import { shareLinkHandlers } from "../resources/share-link";
import { siteHandlers } from "../resources/site";
import { siteAdaptiveSchemaHandlers } from "../resources/site-adaptive-schema";
import { siteSectionHandlers } from "../resources/site-section";
import { siteSectionGroupHandlers } from "../resources/site-section-group";
import { siteSpaceHandlers } from "../resources/site-space";
import { spaceHandlers } from "../resources/space";

export { configure } from "./context";

/** Every resource kind the package serves, by the kind string its shim captured. */
const registry: Readonly<Record<string, Handlers>> = {
  collection: collectionHandlers,
  space: spaceHandlers,
  site: siteHandlers,
  "site-section": siteSectionHandlers,
  "site-section-group": siteSectionGroupHandlers,
  "site-space": siteSpaceHandlers,
  "share-link": shareLinkHandlers,
  "site-adaptive-schema": siteAdaptiveSchemaHandlers,
};

/**
 * The handlers of one resource kind, what the shim inside each resource's state dispatches to.
 * An unknown kind means the state was written by a newer release than the one installed.
 */
export function provider(kind: string): pulumi.dynamic.ResourceProvider {
  const handlers = registry[kind];
  if (handlers === undefined) {
    throw new Error(
      `pulumi-docs-workspace has no resource kind "${kind}"; the installed version may be older than the one that wrote this stack's state`,
    );
  }
  return handlers;
}
