import * as api from "../api/site-mcp-servers";
import { defineResource, Id, resourceInputs } from "../lifecycle/define";
import { IN_SITE } from "../lifecycle/import-id";
import type { ArgsInputs, Input, WorkspaceArgs } from "../lifecycle/define";

/**
 * An MCP server of a site: a Model Context Protocol server whose tools the site's assistant may
 * call. Its headers carry credentials: secret in state and outputs, never in a log or an error.
 * Every change but the site's is a PATCH.
 */
export const siteMcpServer = defineResource({
  kind: "site-mcp-server",
  type: "SiteMcpServer",
  importId: IN_SITE,
  inputs: resourceInputs({ siteId: Id, ...api.SiteMcpServerFields }),
  replaceOnChange: ["organizationId", "siteId"],
  response: api.SiteMcpServer,
  createBody: api.SiteMcpServerCreate,
  patchBody: api.SiteMcpServerPatch,
  outputs: {
    siteId: (_, known) => known.siteId,
    /** The transport the service uses (`sse` unless set). */
    transport: (server) => server.transport,
    /** The headers sent with each request to the server: a secret output, as the input is. */
    headers: (server) => server.headers,
    /** The condition that makes the server available to a visitor; `null` when it always is. */
    condition: (server) => server.condition ?? null,
  },
  secretOutputs: ["headers"],
  create: ({ client }, inputs, body) =>
    api.createMcpServer(client, inputs.organizationId, inputs.siteId, {
      ...body,
      headers: body.headers ?? {},
    }),
  read: ({ client }, id, olds) => api.getMcpServer(client, olds.organizationId, olds.siteId, id),
  listedIn: (olds) => api.mcpServersList(olds.organizationId, olds.siteId),
  patch: ({ client }, id, olds, body) =>
    api.updateMcpServer(client, olds.organizationId, olds.siteId, id, body),
  delete: ({ client }, id, olds) =>
    api.deleteMcpServer(client, olds.organizationId, olds.siteId, id),
  naturalKey: {
    describe: "name in its site",
    guard: "listedBefore",
    find: async ({ client }, inputs) =>
      (await api.listMcpServers(client, inputs.organizationId, inputs.siteId)).filter(
        (s) => s.name === inputs.name,
      ),
  },
});

type Inputs = ArgsInputs<typeof siteMcpServer>;

/** The arguments of a {@link SiteMcpServer}. */
export interface SiteMcpServerArgs extends WorkspaceArgs {
  /**
   * The organization that owns the site; defaults to the workspace's organization. A change
   * replaces the server.
   * @example "org_engineering"
   */
  organizationId?: Input<Inputs["organizationId"]>;
  /**
   * The site whose assistant calls the server. A change replaces the server.
   * @example docs.id
   */
  siteId: Input<Inputs["siteId"]>;
  /**
   * The server's name, 1 to 100 characters.
   * @example "Status page"
   */
  name: Input<Inputs["name"]>;
  /**
   * The server's address: an http or https URL of at most 2048 characters.
   * @example "https://mcp.example.com/sse"
   */
  url: Input<Inputs["url"]>;
  /**
   * How the assistant talks to the server: `sse` or `http`. Omitted: left as it is (a new server
   * uses `sse`).
   * @example "http"
   */
  transport?: Input<Inputs["transport"]>;
  /**
   * The HTTP headers sent with each request to the server (at most 50, each value 1 to 512
   * characters), credentials included: handled as a secret, encrypted in state, shown as
   * [secret], never in a log or an error. Omitted: left as it is (a new server sends none).
   * @example { Authorization: pulumi.secret("Bearer token") }
   */
  headers?: Input<Inputs["headers"]>;
  /**
   * An expression on the visitor (at most 1024 characters) that makes the server available only
   * when it is true. Omitted: left as it is (a new server is available to every visitor).
   * @example "visitor.claims.plan == 'pro'"
   */
  condition?: Input<Inputs["condition"]>;
  /**
   * The id of an existing MCP server of `siteId` to take over instead of creating one.
   * @example "mcp_2c3d"
   */
  adoptId?: Input<Inputs["adoptId"]>;
}
