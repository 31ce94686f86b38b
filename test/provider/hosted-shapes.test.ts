import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type * as pulumi from "@pulumi/pulumi";
import {
  Collection,
  ShareLink,
  Site,
  SiteSection,
  SiteSectionGroup,
  SiteSpace,
  Space,
} from "../../provider/index";
import { configure, provider } from "../../provider/dynamic/runtime";

/**
 * The tolerant reader against answers shaped like the hosted service's (its published OpenAPI
 * document): fields the provider does not read, newer shapes and values, and fields the API
 * document calls required but the service leaves out. Each answer is written here by hand.
 */
const ORG = "org1";
const SITE = "site1";
const KEY = "hosted-share-key-0123456789";
const now = "2026-01-02T03:04:05.000Z";
const base = "https://api.example.test";

const permissions = { view: true, admin: true, edit: true, access: true };
const space = {
  object: "space",
  id: "spc1",
  title: "Guides",
  emoji: "📘",
  visibility: "in-collection",
  createdAt: now,
  updatedAt: now,
  editMode: "live",
  organization: ORG,
  parent: "col1",
  revision: "rev1",
  defaultLevel: "inherit",
  comments: 0,
  changeRequests: 2,
  changeRequestsOpen: 1,
  changeRequestsDraft: 0,
  mergeRules: { type: "inherit" },
  internal_poweredByV2: true,
  permissions,
  urls: {
    location: `${base}/v1/spaces/spc1`,
    app: "https://app.example.test/s/spc1",
    published: `https://docs.example.test/guides?share=${KEY}`,
  },
};
const siteSpace = {
  object: "site-space",
  id: "ss1",
  path: "guides",
  section: "sec1",
  space,
  title: "Guides",
  localizedTitle: {},
  default: true,
  draft: false,
  hidden: false,
  pageId: null,
  urls: { published: `https://docs.example.test/guides?share=${KEY}` },
};
const section = {
  object: "site-section",
  id: "sec1",
  title: "Guides",
  localizedTitle: {},
  default: true,
  draft: false,
  path: "guides",
  sectionGroup: "grp1",
  siteSpaces: [siteSpace],
  urls: { published: `https://docs.example.test/guides?share=${KEY}` },
  icon: "book",
};

/** GET answers by path; the lists are one page. */
const answers: Record<string, unknown> = {
  "/v1/spaces/spc1": space,
  "/v1/collections/col1": {
    object: "collection",
    id: "col1",
    title: "Platform",
    organization: ORG,
    defaultLevel: "inherit",
    permissions: { view: true, admin: true, viewInviteLinks: true, create: true },
    urls: { location: `${base}/v1/collections/col1`, app: "https://app.example.test/c/col1" },
  },
  [`/v1/orgs/${ORG}/sites/${SITE}`]: {
    object: "site",
    id: SITE,
    type: "ultimate",
    appliedType: "basic",
    title: "Docs",
    visibility: "share-link",
    defaultLevel: null,
    permissions,
    published: true,
    siteSpaces: 3,
    createdAt: now,
    features: [{ id: "adaptive", plan: "ultimate", frozen: true }],
    urls: {
      location: `${base}/v1/orgs/${ORG}/sites/${SITE}`,
      app: "https://app.example.test/sites/site1",
      preview: "https://preview.example.test/site1",
      published: `https://docs.example.test/?share=${KEY}`,
    },
  },
  [`/v1/orgs/${ORG}/sites/${SITE}/site-spaces`]: { items: [siteSpace], count: 1 },
  [`/v1/orgs/${ORG}/sites/${SITE}/sections`]: { items: [section], count: 1 },
  [`/v1/orgs/${ORG}/sites/${SITE}/section-groups`]: {
    items: [
      {
        object: "site-section-group",
        id: "grp1",
        title: "Handbook",
        draft: false,
        // `sections` is deprecated: a later answer may carry only `children`.
        children: [section, { object: "site-external-link", id: "lnk1", title: "Status" }],
      },
    ],
    count: 1,
  },
  [`/v1/orgs/${ORG}/sites/${SITE}/share-links`]: {
    items: [
      {
        object: "share-link",
        id: "shl1",
        createdAt: now,
        urls: { published: `https://docs.example.test/?share=${KEY}` },
      },
    ],
    count: 1,
  },
};

let server: Server;
/** The bodies of the PATCH requests the stub received. */
const patches: unknown[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    let received = "";
    req.on("data", (chunk: Buffer) => (received += chunk.toString()));
    req.on("end", () => {
      let body = answers[path];
      // The site space can be changed: a PATCH merges its body and answers the site space.
      if (req.method === "PATCH" && path === `/v1/orgs/${ORG}/sites/${SITE}/site-spaces/ss1`) {
        patches.push(JSON.parse(received));
        body = Object.assign(siteSpace, JSON.parse(received));
      }
      res.writeHead(body === undefined ? 404 : 200, { "content-type": "application/json" });
      res.end(JSON.stringify(body ?? { error: { code: 404, message: "not found" } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const values: Record<string, string> = {
    "docs-workspace:apiUrl": url,
    "docs-workspace:apiToken": "token",
    "docs-workspace:organizationId": ORG,
  };
  await configure({ config: { get: (key) => values[key], require: (key) => values[key] ?? "" } });
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const classes = {
  collection: Collection,
  space: Space,
  site: Site,
  "site-section": SiteSection,
  "site-section-group": SiteSectionGroup,
  "site-space": SiteSpace,
  "share-link": ShareLink,
};

/** A refresh of `kind`'s object `id`, from state holding `olds` (the program's declared inputs). */
async function refreshed(kind: keyof typeof classes, id: string, olds: Record<string, unknown>) {
  const handlers = provider(kind) as Required<pulumi.dynamic.ResourceProvider>;
  // Every output the class registers, as state written by this release holds them.
  const keys = Object.keys(classes[kind].props({} as never));
  const state = {
    ...Object.fromEntries(keys.map((k) => [k, null])),
    organizationId: ORG,
    ...olds,
    __declared: ["organizationId", ...Object.keys(olds)],
  };
  const read = await handlers.read(id, state);
  // Only a share link's own URL, a secret output, may hold the key.
  if (kind !== "share-link") expect(JSON.stringify(read)).not.toContain(KEY);
  return read.props as Record<string, unknown>;
}

describe("hosted answers parse, and their outputs hold what the provider reads", () => {
  test("a Site without agentsContext: the output is null; newer plan types and url keys pass", async () => {
    const site = await refreshed("site", SITE, { title: "Docs" });
    expect(site).toMatchObject({
      title: "Docs",
      type: "ultimate",
      visibility: "share-link",
      published: true,
      agentsContext: null,
      adaptiveContent: null,
      basename: null,
      urls: {
        location: `${base}/v1/orgs/${ORG}/sites/${SITE}`,
        app: "https://app.example.test/sites/site1",
        published: "https://docs.example.test/",
      },
    });
  });

  test("a Space whose defaultLevel is inherit, with a share key in its published URL", async () => {
    const read = await refreshed("space", "spc1", { title: "Guides" });
    expect(read).toMatchObject({ defaultLevel: "inherit", visibility: "in-collection" });
    expect(read.urls).toEqual({
      location: `${base}/v1/spaces/spc1`,
      app: "https://app.example.test/s/spc1",
    });
  });

  test("a Collection without description or parent", async () => {
    const read = await refreshed("collection", "col1", { title: "Platform" });
    expect(read).toMatchObject({ description: null, parent: null, defaultLevel: "inherit" });
  });

  test("site spaces and sections that nest whole spaces and carry draft flags", async () => {
    const ss = await refreshed("site-space", "ss1", { siteId: SITE, spaceId: "spc1" });
    expect(ss).toMatchObject({
      sectionId: "sec1",
      spaceId: "spc1",
      path: "guides",
      condition: null,
    });
    const sec = await refreshed("site-section", "sec1", {
      siteId: SITE,
      spaceId: "spc1",
      sectionGroupId: "grp1",
    });
    expect(sec).toMatchObject({
      title: "Guides",
      path: "guides",
      icon: "book",
      sectionGroupId: "grp1",
    });
  });

  test("a section group that lists its sections only as children", async () => {
    const group = await refreshed("site-section-group", "grp1", {
      siteId: SITE,
      title: "Handbook",
      sections: ["sec1"],
    });
    expect(group).toMatchObject({ title: "Handbook", sections: ["sec1"], icon: null });
  });

  test("a share link without name and active keeps the name last set", async () => {
    const link = await refreshed("share-link", "shl1", { siteId: SITE, name: "Reviewers" });
    expect(link).toMatchObject({ name: "Reviewers", active: null, createdAt: now });
    expect(link.url).toBe(`https://docs.example.test/?share=${KEY}`);
  });
});

test("a site space's hidden flag is one PATCH, read back, then no change", async () => {
  const handlers = provider("site-space") as Required<pulumi.dynamic.ResourceProvider>;
  const declared = { organizationId: ORG, siteId: SITE, spaceId: "spc1", hidden: true };
  const olds = await refreshed("site-space", "ss1", { siteId: SITE, spaceId: "spc1" });
  expect(olds.hidden).toBe(false);
  expect((await handlers.diff("ss1", olds, declared)).changes).toBe(true);
  const { outs } = await handlers.update("ss1", olds, declared);
  expect(patches).toEqual([{ hidden: true }]);
  expect(outs).toMatchObject({ hidden: true, path: "guides" });
  const read = await refreshed("site-space", "ss1", {
    siteId: SITE,
    spaceId: "spc1",
    hidden: true,
  });
  expect(read.hidden).toBe(true);
  expect((await handlers.diff("ss1", read, declared)).changes).toBe(false);
});
