import {
  apiClient,
  createTestEmulator,
  seedSeparateOrganization,
  type TestEmulator,
} from "../support/emulator";
import { until } from "../support/harness-cli";

/**
 * Issue 24's families, called by another organization's admin with this organization's ids:
 * every answer is 404 (never 403, which would say the object exists, never its data), and no
 * write reaches the objects.
 */
let t: TestEmulator;

beforeAll(async () => {
  t = await createTestEmulator();
});
afterAll(() => t.close());

test("another organization's ids are 404 on every new route, and nothing changes", async () => {
  const call = apiClient(t.url, t.token, t.fetch);
  const org = `/v1/orgs/${t.organizationId}`;
  const space = (await call("POST", `${org}/spaces`, { title: "Guides" })).body.id as string;
  const collection = (await call("POST", `${org}/collections`, { title: "Handbooks" })).body
    .id as string;
  const site = (await call("POST", `${org}/sites`, { title: "Docs", spaces: [space] })).body
    .id as string;
  const siteSpace = (await call("GET", `${org}/sites/${site}/site-spaces`)).body.items[0]!
    .id as string;
  const team = (await call("PUT", `${org}/teams`, { title: "Writers" })).body.id as string;
  const settings = (await call("GET", `${org}/sites/${site}/customization`)).body;
  const font = (
    await call("PUT", `${org}/fonts`, {
      fontFamily: "Acme Sans",
      fontFaces: [{ weight: 400, storageKey: "fonts/acme.woff2" }],
    })
  ).body.id as string;
  const invite = (await call("POST", `${org}/link-invites`, { role: "read" })).body.id as string;
  const mcpServers = `${org}/sites/${site}/mcp-servers`;
  const mcp = { name: "Search", url: "https://mcp.example/sse", headers: { A: "b" } };
  const mcpServer = (await call("POST", mcpServers, mcp)).body.id as string;
  const channels = `${org}/sites/${site}/channels`;
  const slack = { type: "builtin:slack", setupSettings: {} };
  const channel = (await call("POST", channels, slack)).body.id as string;
  const contexts = `${org}/sites/${site}/context-connections`;
  const website = { connector: "builtin:website", setupSettings: { url: "https://a.example" } };
  const context = (await call("POST", contexts, website)).body.id as string;
  // Its first sync settled, so the snapshots below cannot differ by the sync's own progress.
  await until("the context connection synced", async () => {
    const status = (await call("GET", `${contexts}/${context}`)).body.status;
    return status === "succeeded";
  });
  const hostname = "docs.tenant.example";
  await call("PATCH", `${org}/sites/${site}`, { hostname });
  // Checked before the snapshot, so that the check's end is no change of the others' making.
  await until("the hostname checked", async () => {
    const res = await call("GET", `/v1/custom-hostnames/${hostname}`);
    return res.body.status === "live";
  });
  const links = `${org}/sites/${site}/external-links`;
  await call("POST", `${org}/sites/${site}/sections`, { spaceId: null, title: "Guides" });
  const linkBody = { title: "Status", url: "https://status.example" };
  const link = (await call("POST", links, linkBody)).body.id as string;
  const installation = (
    await call("POST", "/v1/integrations/slack/installations", { organization: t.organizationId })
  ).body.id as string;
  const installed = `/v1/integrations/slack/installations/${installation}`;
  await call("POST", `${installed}/sites`, { siteId: site });
  await call("PATCH", `${installed}/spaces/${space}`, {});
  const integrationPaths = [
    installed,
    `${installed}/sites`,
    `${installed}/sites/${site}`,
    `${installed}/spaces`,
    `${installed}/spaces/${space}`,
  ];
  const before = await snapshot(call, org, space, collection, site, font, invite, integrationPaths);

  const other = await seedSeparateOrganization(t, "Other tenant");
  const them = apiClient(t.url, other.token, t.fetch);
  const grant = { role: "edit", teams: [team] };
  const routes: [string, string, unknown?][] = [];
  for (const target of [
    `/v1/spaces/${space}`,
    `/v1/collections/${collection}`,
    `${org}/sites/${site}`,
  ]) {
    routes.push(
      ["GET", `${target}/permissions/teams`],
      ["GET", `${target}/permissions/users`],
      ["GET", `${target}/permissions/aggregate`],
      ["POST", `${target}/permissions`, grant],
      ["PATCH", `${target}/permissions/teams/${team}`, { role: "read" }],
      ["DELETE", `${target}/permissions/teams/${team}`],
    );
  }
  routes.push(
    ["GET", `${org}/sites/${site}/customization`],
    // A valid body (the site's own settings): bodies are validated before any lookup.
    ["PUT", `${org}/sites/${site}/customization`, settings],
    ["GET", `${org}/sites/${site}/site-spaces/${siteSpace}/customization`],
    ["PATCH", `${org}/sites/${site}/site-spaces/${siteSpace}/customization`, {}],
    ["DELETE", `${org}/sites/${site}/site-spaces/${siteSpace}/customization`],
    ["GET", `${org}/sites/${site}/redirects`],
    [
      "POST",
      `${org}/sites/${site}/redirects`,
      { source: "/a", destination: { kind: "external", url: "https://example.com" } },
    ],
    ["GET", `${org}/sites/${site}/redirect?source=/a`],
    ["GET", `${org}/sites/${site}/publishing/auth`],
    ["POST", `${org}/sites/${site}/publishing/auth/regenerate`],
    ["GET", `${org}/translations-glossary`],
    ["GET", `${org}/sites/${site}/agent-settings`],
    [
      "PUT",
      `${org}/sites/${site}/agent-settings`,
      {
        scans: { topics: "never" },
        findings: { changeRequests: "always" },
        editing: { customInstructions: { object: "document", data: {}, nodes: [] } },
      },
    ],
    ["POST", `${org}/sites/${site}/ads`, { status: "disabled" }],
    ["GET", `${org}/fonts`],
    [
      "PUT",
      `${org}/fonts`,
      { fontFamily: "Theirs", fontFaces: [{ weight: 400, storageKey: "k" }] },
    ],
    ["GET", `${org}/fonts/${font}`],
    ["POST", `${org}/fonts/${font}`, { fontFamily: "Renamed" }],
    ["DELETE", `${org}/fonts/${font}`],
    ["GET", `${org}/link-invites`],
    ["POST", `${org}/link-invites`, { role: "admin" }],
    ["GET", `${org}/link-invites/${invite}`],
    ["PATCH", `${org}/link-invites/${invite}`, { role: "admin" }],
    ["DELETE", `${org}/link-invites/${invite}`],
    ["GET", mcpServers],
    ["POST", mcpServers, mcp],
    ["GET", `${mcpServers}/${mcpServer}`],
    ["PATCH", `${mcpServers}/${mcpServer}`, { name: "Taken" }],
    ["DELETE", `${mcpServers}/${mcpServer}`],
    ["GET", channels],
    ["POST", channels, { type: "builtin:github", setupSettings: {} }],
    ["GET", `${channels}/${channel}`],
    ["PATCH", `${channels}/${channel}`, { role: "collaborator" }],
    ["DELETE", `${channels}/${channel}`],
    ["GET", contexts],
    ["POST", contexts, website],
    ["GET", `${contexts}/${context}`],
    ["PATCH", `${contexts}/${context}`, { label: "Taken" }],
    ["DELETE", `${contexts}/${context}`],
    ["POST", `${contexts}/${context}/sync`],
    ["POST", `${contexts}/${context}/test`],
    ["GET", `/v1/custom-hostnames/${hostname}`],
    ["PATCH", `/v1/custom-hostnames/${hostname}`],
    ["PATCH", `${org}/sites/${site}`, { hostname: "docs.taken.example" }],
    ["PATCH", org, { customHostname: "help.taken.example" }],
    ["GET", `${org}/sites/${site}/structure`],
    [
      "PATCH",
      `${org}/sites/${site}/structure/sort`,
      { item: { type: "site-external-link", id: link }, position: {} },
    ],
    ["POST", links, linkBody],
    ["PATCH", `${links}/${link}`, { title: "Taken" }],
    ["DELETE", `${links}/${link}`],
    ["GET", `${org}/integrations`],
    ["GET", `${org}/installations`],
    ["POST", "/v1/integrations/segment/installations", { organization: t.organizationId }],
    ["GET", installed],
    ["PATCH", installed, { site_selection: "all" }],
    ["GET", `${installed}/sites`],
    ["POST", `${installed}/sites`, { siteId: site }],
    ["GET", `${installed}/sites/${site}`],
    ["PATCH", `${installed}/sites/${site}`, { configuration: {} }],
    ["GET", `${installed}/spaces`],
    ["GET", `${installed}/spaces/${space}`],
    ["PATCH", `${installed}/spaces/${space}`, { configuration: { channel: "#x" } }],
  );
  const answers = [];
  for (const [method, path, body] of routes) {
    answers.push([method, path, (await them(method, path, body)).status]);
  }
  expect(answers).toEqual(routes.map(([method, path]) => [method, path, 404]));
  // A hostname's DELETE names no organization: to another tenant it does not exist (204).
  expect((await them("DELETE", `/v1/custom-hostnames/${hostname}`)).status).toBe(204);
  // So do an installation's DELETEs, whose paths name no organization either.
  for (const path of [`${installed}/sites/${site}`, `${installed}/spaces/${space}`, installed])
    expect((await them("DELETE", path)).status).toBe(204);
  expect(
    await snapshot(call, org, space, collection, site, font, invite, integrationPaths),
  ).toEqual(before);
});

async function snapshot(
  call: ReturnType<typeof apiClient>,
  org: string,
  space: string,
  collection: string,
  site: string,
  font: string,
  invite: string,
  more: string[],
) {
  const texts = [];
  for (const path of [
    `/v1/spaces/${space}/permissions/aggregate`,
    `/v1/collections/${collection}/permissions/aggregate`,
    `${org}/sites/${site}/permissions/aggregate`,
    `${org}/sites/${site}/customization`,
    `${org}/sites/${site}/structure`,
    `${org}/sites/${site}/redirects`,
    `${org}/sites/${site}/publishing/auth`,
    `${org}/sites/${site}/agent-settings`,
    `${org}/sites/${site}/mcp-servers`,
    `${org}/sites/${site}/channels`,
    `${org}/sites/${site}/context-connections`,
    `${org}/sites/${site}`,
    `${org}/fonts`,
    `${org}/fonts/${font}`,
    `${org}/link-invites`,
    `${org}/link-invites/${invite}`,
    `/v1/custom-hostnames/docs.tenant.example`,
    `${org}/installations`,
    ...more,
    org,
  ]) {
    const res = await call("GET", path);
    texts.push([path, res.status, res.text]);
  }
  return texts;
}
