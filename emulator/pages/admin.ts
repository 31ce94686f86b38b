import type { LoggedRequest } from "../request-log";
import { page } from "../http/route";
import { forbidden, forbiddenAnswer, pageAnswer, pageRoute, type PageContext } from "./context";
import { html, layout, maskKey } from "./html";

/** The request log page shows the latest requests; the admin API has them all. */
const SHOWN = 500;
const BODY_CHARS = 2000;

function bodyCell(entry: LoggedRequest) {
  if (entry.truncated !== undefined)
    return html`<span class="empty"
        >${entry.truncated.bytes} bytes, ${entry.truncated.reason}:</span
      >
      <code>${entry.truncated.preview}…</code>`;
  if (entry.body === null) return html``;
  const text = typeof entry.body === "string" ? entry.body : JSON.stringify(entry.body);
  return html`<code>${text.length > BODY_CHARS ? `${text.slice(0, BODY_CHARS)}…` : text}</code>`;
}

/** A request's query as the page shows it: a share key, which is a secret, masked. */
function shownQuery(query: Record<string, string>): string {
  return Object.entries(query)
    .map(([name, value]) => `${name}=${name === "shareKey" ? maskKey(value) : value}`)
    .join("&");
}

/** The request log and the fault rules span every tenant: the emulator's admin sees them. */
function adminOnly(ctx: PageContext) {
  return ctx.viewer.kind === "admin"
    ? undefined
    : forbidden(
        "The request log and the fault rules show every organization's traffic: log in with the emulator's admin token to see them.",
      );
}

export const adminPages = [
  pageRoute({
    method: "get",
    path: "/requests",
    operationId: "requestLogPage",
    summary: "The workspace API requests the emulator received: what the provider sent",
    responses: { 200: pageAnswer, 403: forbiddenAnswer },
    handler(_input, ctx) {
      const refused = adminOnly(ctx);
      if (refused !== undefined) return refused;
      const { state } = ctx;
      const total = state.log.count();
      const shown = state.log.latest(SHOWN);
      const first = total - shown.length;
      return page(
        200,
        layout(
          "Request log",
          html`<h1>Request log</h1>
            <p class="meta">
              ${total}
              request${total === 1 ? "" : "s"}${first > 0 ? ` (the latest ${SHOWN} shown)` : ""}, in
              arrival order. <a href="/_emulator/requests">As JSON</a>
            </p>
            ${
              shown.length === 0
                ? html`<p class="empty">No request yet.</p>`
                : html`<table id="requests">
                    <tr>
                      <th>#</th>
                      <th>Request</th>
                      <th>Status</th>
                      <th>Body</th>
                    </tr>
                    ${shown.map((e, i) => {
                      const query = shownQuery(e.query);
                      return html`<tr>
                        <td>${first + i + 1}</td>
                        <td><code>${e.method} ${e.path}${query ? `?${query}` : ""}</code></td>
                        <td>
                          ${e.status === 0 ? "dropped" : e.status}${e.fault ? html` <span class="badge off">fault</span>` : ""}
                        </td>
                        <td>${bodyCell(e)}</td>
                      </tr>`;
                    })}
                  </table>`
            }`,
        ),
      );
    },
  }),

  pageRoute({
    method: "get",
    path: "/faults",
    operationId: "faultRulesPage",
    summary: "The fault rules in force",
    responses: { 200: pageAnswer, 403: forbiddenAnswer },
    handler(_input, ctx) {
      const refused = adminOnly(ctx);
      if (refused !== undefined) return refused;
      const { state } = ctx;
      const rules = state.faults.list();
      return page(
        200,
        layout(
          "Fault rules",
          html`<h1>Fault rules</h1>
            <p class="meta">
              Checked in this order for every <code>/v1</code> request.
              <a href="/_emulator/faults">As JSON</a>
            </p>
            ${
              rules.length === 0
                ? html`<p class="empty">No fault rule: every request reaches the API.</p>`
                : html`<table id="faults">
                    <tr>
                      <th>Rule</th>
                      <th>Matches</th>
                      <th>Does</th>
                      <th>Limits</th>
                      <th>Matched</th>
                      <th>Fired</th>
                    </tr>
                    ${rules.map(
                      (r) =>
                        html`<tr>
                          <td><code>${r.id}</code></td>
                          <td><code>${r.method ?? "any method"} ${r.path}</code></td>
                          <td>
                            ${
                              r.kind === "status"
                                ? `answers ${r.status}${r.status === 429 ? ` (Retry-After ${r.retryAfter ?? 1} s)` : ""}`
                                : r.kind === "latency"
                                  ? `adds ${r.latencyMs} ms`
                                  : "drops the connection"
                            }
                          </td>
                          <td>
                            ${
                              [
                                r.count !== undefined ? `first ${r.count}` : "",
                                r.probability !== undefined ? `probability ${r.probability}` : "",
                              ]
                                .filter(Boolean)
                                .join(", ") || "every match"
                            }
                          </td>
                          <td>${r.matched}</td>
                          <td>
                            ${
                              Object.entries(r.fired)
                                .map(([method, n]) => `${method} ${n}`)
                                .join(", ") || "none"
                            }
                          </td>
                        </tr>`,
                    )}
                  </table>`
            }`,
        ),
      );
    },
  }),
];
