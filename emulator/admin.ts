import { randomBytes } from "node:crypto";
import { z } from "zod";
import { FaultSet, faultRuleSchema } from "./faults";
import { empty, json, routesFor } from "./http/route";
import { named } from "./render/common";
import { RequestLog } from "./request-log";
import { applySeed, seedContent, seedContentBody, seedSchema } from "./seed";
import { Sessions } from "./sessions";
import { notFound } from "./errors";
import { setSiteAdsVerdict } from "./store/site-ads";
import { findSite } from "./store/sites";
import { CHECKING, findCustomHostname, setHostnameVerdict } from "./store/custom-hostnames";
import { HOSTNAME_STATUSES } from "./render/custom-hostnames";
import { failureReason } from "./render/site-context-connections";
import { findContextConnection, setSyncVerdict } from "./store/site-context-connections";
import { CONTEXT_CONNECTION_LIMITS } from "./limits";
import type { Store } from "./store";

/** What the admin API controls besides the store. */
export interface AdminState {
  store: Store;
  log: RequestLog;
  faults: FaultSet;
  /** The admin API's token: every call to `/_emulator` must carry it. Never logged. */
  adminToken: string;
  /** The app pages' logins. */
  sessions: Sessions;
}

/** A fresh admin token, for an emulator started without one. */
export function newAdminToken(): string {
  return `emu_admin_${randomBytes(24).toString("base64url")}`;
}

export function createAdminState(store: Store, adminToken: string = newAdminToken()): AdminState {
  return {
    store,
    log: new RequestLog(),
    faults: new FaultSet(),
    adminToken,
    sessions: new Sessions(),
  };
}

const adminRoute = routesFor<AdminState>();

const LoggedRequestJson = named(
  "LoggedRequest",
  z.strictObject({
    method: z.string(),
    path: z.string(),
    query: z.record(z.string(), z.string()),
    body: z.unknown(),
    truncated: z
      .strictObject({ bytes: z.number().int(), reason: z.string(), preview: z.string() })
      .optional(),
    status: z.number().int(),
    fault: z.enum(["status", "drop"]).optional(),
  }),
);

const FaultRuleJson = named(
  "FaultRule",
  z.strictObject({
    id: z.string(),
    matched: z.number().int(),
    fired: z.record(z.string(), z.number().int()),
    method: z.string().optional(),
    path: z.string(),
    probability: z.number().optional(),
    count: z.number().int().optional(),
    kind: z.enum(["status", "latency", "drop"]),
    status: z.number().int().optional(),
    retryAfter: z.number().int().optional(),
    latencyMs: z.number().int().optional(),
    when: z.enum(["before", "after"]).optional(),
    seed: z.number().int().optional(),
  }),
);

const SeedResultJson = named(
  "SeedResult",
  z.strictObject({
    organizations: z.array(z.string()),
    users: z.array(z.string()),
    tokens: z.array(z.string()),
  }),
);

const SeededRevisionJson = named("SeededRevision", z.strictObject({ revision: z.string() }));

/**
 * The admin API under `/_emulator/`. It is not part of the workspace API: it takes the
 * emulator's admin token (`adminAuth`), never an API token.
 */
export const adminRoutes = [
  adminRoute({
    method: "post",
    path: "/reset",
    operationId: "resetEmulator",
    summary: "Empty the workspace, the request log, the fault rules and the app pages' logins",
    responses: { 204: { description: "Emptied" } },
    handler(_input, state) {
      state.store.reset();
      state.log.clear();
      state.faults.clear();
      state.sessions.clear();
      return empty(204);
    },
  }),

  adminRoute({
    method: "post",
    path: "/seed",
    operationId: "seedEmulator",
    summary: "Add organizations, users, members and tokens, all or nothing",
    body: seedSchema,
    responses: { 201: { description: "What was created", schema: SeedResultJson } },
    handler({ body }, state) {
      return json(201, applySeed(state.store, body));
    },
  }),

  adminRoute({
    method: "put",
    path: "/spaces/{spaceId}/content",
    operationId: "seedSpaceContent",
    summary: "Write a space's content (a tree of Markdown pages, and files) as its new revision",
    body: seedContentBody,
    responses: { 200: { description: "The new revision", schema: SeededRevisionJson } },
    handler({ params, body }, state) {
      return json(200, seedContent(state.store, params.spaceId, undefined, body));
    },
  }),

  adminRoute({
    method: "put",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/content",
    operationId: "seedChangeRequestContent",
    summary: "Write a change request's content as its new revision, as `author` edited it",
    body: seedContentBody,
    responses: { 200: { description: "The new revision", schema: SeededRevisionJson } },
    handler({ params, body }, state) {
      return json(200, seedContent(state.store, params.spaceId, params.changeRequestId, body));
    },
  }),

  adminRoute({
    method: "get",
    path: "/requests",
    operationId: "listLoggedRequests",
    summary: "The workspace API requests received, in arrival order",
    responses: {
      200: {
        description: "The request log",
        schema: z.strictObject({ items: z.array(LoggedRequestJson) }),
      },
    },
    handler(_input, state) {
      return json(200, { items: state.log.list() });
    },
  }),

  adminRoute({
    method: "delete",
    path: "/requests",
    operationId: "clearLoggedRequests",
    summary: "Empty the request log",
    responses: { 204: { description: "Emptied" } },
    handler(_input, state) {
      state.log.clear();
      return empty(204);
    },
  }),

  adminRoute({
    method: "put",
    path: "/orgs/{organizationId}/sites/{siteId}/ads-verdict",
    operationId: "setSiteAdsVerdict",
    summary: "Decide how the site's next ads review ends: live (the default) or rejected",
    body: z.strictObject({
      verdict: z.enum(["live", "rejected"]),
      reason: z.string().min(1).max(512).optional(),
    }),
    responses: { 204: { description: "Kept for the site's next review to end in" } },
    handler({ params, body }, state) {
      const site = findSite(state.store, params.organizationId, params.siteId);
      if (site === undefined) throw notFound(`site ${params.siteId}`);
      setSiteAdsVerdict(state.store, site.id, body.verdict, body.reason ?? null);
      return empty(204);
    },
  }),

  adminRoute({
    method: "put",
    path: "/custom-hostnames/{hostname}/status",
    operationId: "setCustomHostnameStatus",
    summary:
      "Decide where a custom hostname's check ends (live by default), or, with none under way, where it stands now",
    body: z.strictObject({
      status: z.enum(HOSTNAME_STATUSES).exclude([CHECKING]),
    }),
    responses: { 204: { description: "Kept for the check under way, or set now" } },
    handler({ params, body }, state) {
      const hostname = params.hostname.toLowerCase();
      if (findCustomHostname(state.store, hostname) === undefined)
        throw notFound(`custom hostname ${hostname}`);
      setHostnameVerdict(state.store, hostname, body.status);
      return empty(204);
    },
  }),

  adminRoute({
    method: "put",
    path: "/orgs/{organizationId}/sites/{siteId}/context-connections/{siteContextConnectionId}/sync-outcome",
    operationId: "setContextConnectionSyncOutcome",
    summary:
      "Decide how a context connection's sync under way ends (succeeded by default), or, with none under way, where it stands now",
    body: z.discriminatedUnion("status", [
      z.strictObject({ status: z.literal("succeeded") }),
      z.strictObject({
        status: z.literal("failed"),
        failureReason,
        failureMessage: z.string().min(1).max(CONTEXT_CONNECTION_LIMITS.failureMessage).optional(),
      }),
    ]),
    responses: { 204: { description: "Kept for the sync under way, or set now" } },
    handler({ params, body }, state) {
      const site = findSite(state.store, params.organizationId, params.siteId);
      const id = params.siteContextConnectionId;
      if (site === undefined || findContextConnection(state.store, site.id, id) === undefined)
        throw notFound(`context connection ${id}`);
      setSyncVerdict(
        state.store,
        id,
        body.status === "succeeded"
          ? null
          : {
              failureReason: body.failureReason,
              failureMessage: body.failureMessage ?? `the source failed: ${body.failureReason}`,
            },
      );
      return empty(204);
    },
  }),

  adminRoute({
    method: "post",
    path: "/faults",
    operationId: "addFaultRule",
    summary: "Make matching requests fail, slow down or drop",
    body: faultRuleSchema,
    responses: { 201: { description: "The rule", schema: FaultRuleJson } },
    handler({ body }, state) {
      return json(201, state.faults.add(body));
    },
  }),

  adminRoute({
    method: "get",
    path: "/faults",
    operationId: "listFaultRules",
    summary: "The fault rules in force",
    responses: {
      200: {
        description: "The rules, in the order they are checked",
        schema: z.strictObject({ items: z.array(FaultRuleJson) }),
      },
    },
    handler(_input, state) {
      return json(200, { items: state.faults.list() });
    },
  }),

  adminRoute({
    method: "delete",
    path: "/faults",
    operationId: "clearFaultRules",
    summary: "Remove every fault rule",
    responses: { 204: { description: "Removed" } },
    handler(_input, state) {
      state.faults.clear();
      return empty(204);
    },
  }),
];
