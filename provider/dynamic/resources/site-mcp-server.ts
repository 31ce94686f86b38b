import { siteMcpServer, type SiteMcpServerArgs } from "../../resources/site-mcp-server";
import { dynamicClass } from "../resource-class";

/**
 * An MCP server of a docs site: the site's assistant may call its tools. Its `headers` are
 * secret in state and outputs.
 *
 * When the outcome of its create is unknown (no answer, or 502, 503, 504), the provider looks
 * for a server of the same name that was not there before the create, takes it, or creates it
 * again.
 *
 * @example
 * ```ts
 * new SiteMcpServer("status", {
 *   siteId: docs.id,
 *   name: "Status page",
 *   url: "https://mcp.example.com/sse",
 *   headers: { Authorization: pulumi.secret("Bearer token") },
 * });
 * ```
 */
export class SiteMcpServer extends dynamicClass(siteMcpServer).withArgs<SiteMcpServerArgs>() {}
