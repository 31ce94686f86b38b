import * as pulumi from "@pulumi/pulumi";
import { publicUrls, type Urls } from "../api/common";
import { getSpace as fetchSpace } from "../api/spaces";
import { lookupContext, type LookupWorkspaceArgs } from "./workspace";

/** The arguments of {@link getSpace}. */
export interface GetSpaceArgs extends LookupWorkspaceArgs {
  /**
   * The space to look up.
   * @example "spc_8d1e"
   */
  id: pulumi.Input<string>;
}

/** What {@link getSpace} returns. */
export interface SpaceResult {
  id: string;
  title: string;
  emoji: string | null;
  organizationId: string;
  parent: string | null;
  language: string | null;
  visibility: string;
  revision: string;
  createdAt: string;
  updatedAt: string;
  /** `location` and `app` (a published URL can hold a share key: read it from its SiteSpace). */
  urls: Pick<Urls, "location" | "app">;
}

/**
 * Looks up a space the configured token can see, by id: a space this program does not manage
 * (to translate it, or to put it in a site). Runs in the program process with the same
 * configuration resolution and client as the resources.
 *
 * @example
 * ```ts
 * const runbook = getSpace({ id: "spc_8d1e" });
 * new Translation("runbook-fr", { spaceId: runbook.id, sourceLanguage: "en", language: "fr" });
 * ```
 */
export function getSpace(args: GetSpaceArgs): pulumi.Output<SpaceResult> {
  return pulumi
    .all([args.id, args.workspace])
    .apply(([id, workspace]) => lookUpSpace({ id, workspace }));
}

/** {@link getSpace} once its arguments are known: also the native provider's `getSpace` invoke. */
export async function lookUpSpace(args: {
  id: string;
  workspace?: string | undefined;
}): Promise<SpaceResult> {
  const space = await fetchSpace(lookupContext("getSpace", args.workspace).client, args.id);
  return {
    id: space.id,
    title: space.title,
    emoji: space.emoji || null,
    organizationId: space.organization,
    parent: space.parent ?? null,
    language: space.language ?? null,
    visibility: space.visibility,
    revision: space.revision,
    createdAt: space.createdAt,
    updatedAt: space.updatedAt,
    urls: publicUrls(space.urls, ["location", "app"]),
  };
}
