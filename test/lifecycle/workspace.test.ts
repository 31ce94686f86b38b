// @slow: whole lifecycles against an emulator over HTTP (`npm run test:fast` leaves it out; `npm test` runs it).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { destroy, preview, refresh, up, type HarnessOptions } from "../../cli/harness";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { callApi, isTokenCheck } from "../support/provider";
import { EXAMPLE_RESOURCES } from "../support/example-workspace";

const example = path.resolve(__dirname, "../../examples/workspace");
const moves = path.resolve(__dirname, "../fixtures/moves");

// Each step runs the example (36 resources) through the provider host: slow on a loaded machine.
jest.setTimeout(300_000);

let emu: TestEmulator;
let dir: string;

beforeAll(async () => {
  emu = await startTestEmulator();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-lifecycle-"));
});
afterAll(async () => {
  await emu.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function options(
  programDir: string,
  name: string,
  config: Record<string, string> = {},
): HarnessOptions {
  return {
    programDir,
    stateFile: path.join(dir, `${name}.json`),
    config: {
      "docs-workspace:apiUrl": emu.url,
      "docs-workspace:organizationId": emu.organizationId,
      ...config,
    },
    secrets: { "docs-workspace:apiToken": emu.token },
    // The share link's URL is a secret: the harness writes it only under a passphrase.
    passphrase: "lifecycle-test-passphrase",
  };
}

async function writes() {
  return (await emu.requests()).filter((r) => r.method !== "GET");
}

async function api(pathname: string) {
  return (await callApi(emu, "GET", pathname)).body as {
    items: { id: string; title: string; parent?: string }[];
  };
}

describe("examples/workspace through the harness", () => {
  const teams = JSON.stringify(["Platform", "Payments"]);

  test("up creates the handbook; a second up makes zero writes; a title change is one PATCH; destroy empties the organization", async () => {
    const opts = options(example, "workspace", { "handbook:teams": teams });

    const first = await up(opts);
    // The stack, 3 collections, 5 spaces, the site, its schema, 2 sections, 3 site spaces, the
    // section group, the share link, the organization's settings, 2 teams, a member's role, the
    // SAML provider, the OpenAPI spec, the glossary, the French translation, the site's customization
    // and one site space's, 2 redirects, the visitor auth and 3 grants.
    expect(first.summary).toMatchObject({ create: EXAMPLE_RESOURCES });
    expect(first.outputs.organizationTitle).toBe("Test organization");
    const collections = await api(`/v1/orgs/${emu.organizationId}/collections`);
    expect(collections.items.map((c) => c.title).sort()).toEqual([
      "Engineering handbook",
      "Practices",
      "Teams",
    ]);
    const spaces = await api(`/v1/orgs/${emu.organizationId}/spaces`);
    expect(spaces.items.map((s) => s.title).sort()).toEqual([
      "Code review",
      "Incident response",
      "Onboarding",
      // The French copy the translation made, beside its source in the handbook.
      "Onboarding",
      "Payments team",
      "Platform team",
    ]);

    await emu.clearRequests();
    const second = await up(opts);
    expect(second.steps.filter((s) => s.op !== "same")).toEqual([]);
    expect(await writes()).toEqual([]);

    const previewed = await preview({
      ...opts,
      config: { ...opts.config, "handbook:title": "Handbook" },
    });
    expect(previewed.steps.filter((s) => s.op !== "same").map((s) => [s.op, s.name])).toEqual([
      ["update", "handbook"],
    ]);
    expect(await writes()).toEqual([]);

    const renamed = await up({ ...opts, config: { ...opts.config, "handbook:title": "Handbook" } });
    expect(renamed.steps.filter((s) => s.op !== "same").map((s) => [s.op, s.name])).toEqual([
      ["update", "handbook"],
    ]);
    expect((await writes()).map((r) => [r.method, r.body])).toEqual([
      ["PATCH", { title: "Handbook" }],
    ]);

    await emu.clearRequests();
    const destroyed = await destroy(opts);
    expect(destroyed.summary).toMatchObject({ delete: EXAMPLE_RESOURCES });
    expect((await api(`/v1/orgs/${emu.organizationId}/teams`)).items).toEqual([]);
    expect((await api(`/v1/orgs/${emu.organizationId}/saml`)).items).toEqual([]);
    expect((await api(`/v1/orgs/${emu.organizationId}/sites`)).items).toEqual([]);
    expect((await api(`/v1/orgs/${emu.organizationId}/collections`)).items).toEqual([]);
    expect((await api(`/v1/orgs/${emu.organizationId}/spaces`)).items).toEqual([]);
    // Dependents go first (the rest in parallel): each space and collection is deleted before
    // the collection that holds it.
    const deleted = (await writes()).map((r) => r.path.split("/").pop());
    for (const item of [...collections.items, ...spaces.items].filter((i) => i.parent)) {
      expect(deleted.indexOf(item.id)).toBeGreaterThanOrEqual(0);
      expect(deleted.indexOf(item.id)).toBeLessThan(deleted.indexOf(item.parent));
    }
  });

  test("refresh shows a title changed out of band as drift, and the next up restores it", async () => {
    const opts = options(example, "drift", { "handbook:teams": "[]" });
    const first = await up(opts);
    const onboarding = first.steps.find((s) => s.name === "onboarding")!;
    await callApi(emu, "PATCH", `/v1/spaces/${onboarding.id}`, { title: "Edited by hand" });
    const refreshed = await refresh(opts);
    const drift = refreshed.steps.find((s) => s.name === "onboarding")!;
    expect(drift.op).toBe("refresh-update");
    expect(drift.diffs).toContain("title");

    await emu.clearRequests();
    const restored = await up(opts);
    expect(restored.steps.filter((s) => s.op !== "same").map((s) => s.name)).toEqual([
      "onboarding",
    ]);
    expect((await writes()).map((r) => [r.method, r.body])).toEqual([
      ["PATCH", { title: "Onboarding" }],
    ]);
    await destroy(opts);
  });

  test("a check failure stops the update before any write", async () => {
    const opts = options(example, "invalid", {
      "handbook:title": "x".repeat(51),
      "handbook:teams": "[]",
    });
    await emu.clearRequests();
    await expect(up(opts)).rejects.toThrow(/title.*must be at most 50 characters/);
    // Only reads reached the API: the program's getOrganization lookup, the provider host's token
    // check, the custom font's check listing the fonts there before its create (its natural
    // key's guard), and the site's analytics check reading the integration's schema.
    const requests = await emu.requests();
    const org = `/v1/orgs/${emu.organizationId}`;
    const reads = requests.filter((r) => !isTokenCheck(r)).map((r) => `${r.method} ${r.path}`);
    expect(reads.sort()).toEqual(
      [`GET ${org}`, `GET ${org}/fonts`, "GET /v1/integrations/googleanalytics"].sort(),
    );
    expect(requests.filter(isTokenCheck)).toHaveLength(1);
  });
});

describe("the example's docs site through the harness", () => {
  test("an out-of-band unpublish shows as drift and the next up publishes again", async () => {
    const opts = options(example, "site", { "handbook:teams": "[]" });
    const first = await up(opts);
    const site = first.steps.find((s) => s.name === "docs")!;
    const sitePath = `/v1/orgs/${emu.organizationId}/sites/${site.id}`;
    expect((await callApi(emu, "GET", sitePath)).body.published).toBe(true);

    await callApi(emu, "POST", `${sitePath}/unpublish`);
    const refreshed = await refresh(opts);
    const drift = refreshed.steps.find((s) => s.name === "docs")!;
    expect(drift.op).toBe("refresh-update");
    expect(drift.diffs).toContain("published");

    await emu.clearRequests();
    const restored = await up(opts);
    expect(restored.steps.filter((s) => s.op !== "same").map((s) => [s.op, s.name])).toEqual([
      ["update", "docs"],
    ]);
    expect((await writes()).map((r) => [r.method, r.path])).toEqual([
      ["POST", `/v1/orgs/${emu.organizationId}/sites/${site.id}/publish`],
    ]);
    await destroy(opts);
  });

  test("a site title change through config is one PATCH of the site, in place", async () => {
    const opts = options(example, "site-edit", { "handbook:teams": "[]" });
    const first = await up(opts);
    const site = first.steps.find((s) => s.name === "docs")!;
    await emu.clearRequests();
    const edited = await up({
      ...opts,
      config: { ...opts.config, "handbook:siteTitle": "Docs v2" },
    });
    expect(edited.steps.filter((s) => s.op !== "same").map((s) => [s.op, s.name])).toEqual([
      ["update", "docs"],
    ]);
    expect((await writes()).map((r) => [r.method, r.path, r.body])).toEqual([
      ["PATCH", `/v1/orgs/${emu.organizationId}/sites/${site.id}`, { title: "Docs v2" }],
    ]);
    await destroy(opts);
  });

  test("the share link's URL is a secret output and never in clear in the state file", async () => {
    const opts = options(example, "secrets", { "handbook:teams": "[]" });
    const result = await up(opts);
    expect(result.secretOutputs).toContain("reviewerUrl");
    const site = result.steps.find((s) => s.name === "docs")!;
    const links = await api(`/v1/orgs/${emu.organizationId}/sites/${site.id}/share-links`);
    const url = (links.items[0] as unknown as { urls: { published: string } }).urls.published;
    const key = new URL(url).searchParams.get("share") ?? url;
    expect(key.length).toBeGreaterThan(8);
    const state = fs.readFileSync(opts.stateFile, "utf8");
    expect(state).not.toContain(key);
    expect(state).not.toContain(emu.token);
    expect(result.outputs.reviewerUrl).toBe(url);
    await destroy(opts);
  });
});

describe("a parent change through the harness", () => {
  test("is one move request", async () => {
    const opts = options(moves, "moves");
    const first = await up(opts);
    expect(first.summary).toMatchObject({ create: 4 }); // the stack and its three resources
    await emu.clearRequests();
    const moved = await up({ ...opts, config: { ...opts.config, "moves:parent": "right" } });
    expect(moved.steps.filter((s) => s.op !== "same").map((s) => [s.op, s.name])).toEqual([
      ["update", "mover"],
    ]);
    expect((await writes()).map((r) => [r.method, r.path, r.body])).toEqual([
      [
        "POST",
        `/v1/spaces/${String(first.outputs.spaceId)}/move`,
        { parent: first.outputs.rightId },
      ],
    ]);
    await destroy(opts);
  });
});
