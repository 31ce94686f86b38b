// @slow: whole lifecycles against an emulator over HTTP (`npm run test:fast` leaves it out; `npm test` runs it).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import {
  destroy,
  preview,
  refresh,
  up,
  type HarnessOptions,
  type RunResult,
} from "../../cli/harness";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { callApi } from "../support/provider";

/**
 * Refresh tells the truth: straight after a clean up it reports no change, and a preview after it
 * lists only the properties whose declared value differs. Run through the harness, as a user of
 * `pulumi up`, `pulumi refresh` and `pulumi preview` meets it.
 */
// Each test is several whole runs of a program through the harness; on a shared, loaded machine
// that outlasts jest's default. The limit bounds a hang; no assertion depends on time.
jest.setTimeout(240_000);

const example = path.resolve(__dirname, "../../examples/workspace");
const everyResource = path.resolve(__dirname, "../fixtures/every-resource");

// Each step runs the example (all its resources) through the provider host: slow on a loaded machine.
jest.setTimeout(300_000);

let emu: TestEmulator;
let dir: string;

beforeAll(async () => {
  emu = await startTestEmulator();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-refresh-"));
});
afterAll(async () => {
  await emu.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function options(programDir: string, config: Record<string, string> = {}): HarnessOptions {
  return {
    programDir,
    stateFile: path.join(dir, `${path.basename(programDir)}.json`),
    config: {
      "docs-workspace:apiUrl": emu.url,
      "docs-workspace:organizationId": emu.organizationId,
      ...config,
    },
    secrets: { "docs-workspace:apiToken": emu.token },
    // Share link URLs are secret outputs: the harness writes them only under a passphrase.
    passphrase: "refresh-test-passphrase",
  };
}

/** Every step that is not `same`, as [op, name, properties listed]. */
const changes = (result: RunResult) =>
  result.steps.filter((s) => s.op !== "same").map((s) => [s.op, s.name, s.diffs ?? []]);

/** The keys of every share link of every site the organization has, as the API hands them out. */
async function shareKeys(): Promise<string[]> {
  const sites = (await callApi(emu, "GET", `/v1/orgs/${emu.organizationId}/sites`)).body.items as {
    id: string;
  }[];
  const keys: string[] = [];
  for (const site of sites) {
    const links = await callApi(
      emu,
      "GET",
      `/v1/orgs/${emu.organizationId}/sites/${site.id}/share-links`,
    );
    for (const link of links.body.items as { urls: { published: string } }[]) {
      keys.push(new URL(link.urls.published).searchParams.get("share")!);
    }
  }
  return keys;
}

describe("the example workspace", () => {
  let opts: HarnessOptions;
  beforeAll(() => {
    opts = options(example, { "handbook:teams": JSON.stringify(["Platform", "Payments"]) });
  });

  test("refresh straight after up reports no change, and neither does a preview", async () => {
    await up(opts);
    expect(changes(await refresh(opts))).toEqual([]);
    expect(changes(await preview(opts))).toEqual([]);
  });

  test("no share key is in clear anywhere in the state file, after up and after refresh", async () => {
    const keys = await shareKeys();
    expect(keys).toHaveLength(1);
    // The API hands the key out beyond the link itself: in the published URLs of the site, its
    // sections and site spaces, and the spaces they publish.
    const spaces = (await callApi(emu, "GET", `/v1/orgs/${emu.organizationId}/spaces`)).body
      .items as { urls: { published?: string } }[];
    expect(spaces.some((s) => s.urls.published?.includes(keys[0]!))).toBe(true);
    const state = () => fs.readFileSync(opts.stateFile, "utf8");
    for (const key of keys) expect(state()).not.toContain(key);
    await refresh(opts);
    for (const key of keys) expect(state()).not.toContain(key);
    expect(state()).not.toContain(emu.token);
    // The SAML provider's certificate, given as a secret, stays encrypted.
    expect(state()).not.toContain("MIIBdemoCertificateForTheEmulatorOnly");
  });

  test("after a refresh, a preview lists only the properties whose declared value differs", async () => {
    const edited = await preview({
      ...opts,
      config: { ...opts.config, "handbook:siteTitle": "Docs v2" },
    });
    expect(changes(edited)).toEqual([["update", "docs", ["title"]]]);

    // Drift: changed out of band, shown by refresh, then listed alone by the preview.
    const onboarding = JSON.parse(fs.readFileSync(opts.stateFile, "utf8")).resources.find(
      (r: { name: string }) => r.name === "onboarding",
    ) as { id: string };
    await callApi(emu, "PATCH", `/v1/spaces/${onboarding.id}`, { title: "Edited by hand" });
    // Refresh shows the declared inputs the read differs in, as the engine judges a refresh
    // since 3.120: the title; the time of the edit is recorded, but is no change of its own.
    const refreshed = changes(await refresh(opts));
    expect(refreshed).toEqual([["refresh-update", "onboarding", ["title"]]]);
    expect(changes(await preview(opts))).toEqual([["update", "onboarding", ["title"]]]);
    await up(opts);
    expect(changes(await refresh(opts))).toEqual([]);
    await destroy(opts);
  });
});

describe("a program that uses every resource", () => {
  let opts: HarnessOptions;
  beforeAll(() => {
    opts = options(everyResource);
  });

  test("refresh straight after up reports no change, and neither does a preview", async () => {
    const first = await up(opts);
    expect(first.failures).toBeUndefined();
    // Nor does it rewrite an output: one that later resources change is not kept (DESIGN.md).
    const outputs = () =>
      new Map(
        (
          JSON.parse(fs.readFileSync(opts.stateFile, "utf8")) as {
            resources: { urn: string; outputs: unknown }[];
          }
        ).resources.map((r) => [r.urn, r.outputs]),
      );
    const written = outputs();
    expect(changes(await refresh(opts))).toEqual([]);
    expect(outputs()).toEqual(written);
    expect(changes(await preview(opts))).toEqual([]);
  });

  test("activity in a translation's result space is not drift: refresh reports no change", async () => {
    const resources = JSON.parse(fs.readFileSync(opts.stateFile, "utf8")).resources as {
      name: string;
      outputs: Record<string, unknown>;
    }[];
    const guideFr = resources.find((r) => r.name === "guide-fr")!;
    const resultSpace = guideFr.outputs.resultSpaceId as string;
    expect(resultSpace).toEqual(expect.any(String));
    // Translators edit the French copy: a new revision of that space, made by nobody's program.
    const edited = await callApi(emu, "PATCH", `/v1/spaces/${resultSpace}`, {
      title: "Guide (relu)",
    });
    expect(edited.status).toBe(200);
    expect(changes(await refresh(opts))).toEqual([]);
    expect(changes(await preview(opts))).toEqual([]);
  });

  test("after a refresh, a preview lists only the changed site title; the state holds no share key", async () => {
    const edited = await preview({
      ...opts,
      config: { ...opts.config, "every:siteTitle": "Docs" },
    });
    expect(changes(edited)).toEqual([["update", "internal", ["title"]]]);
    const state = fs.readFileSync(opts.stateFile, "utf8");
    const keys = await shareKeys();
    expect(keys.length).toBeGreaterThanOrEqual(2);
    for (const key of keys) expect(state).not.toContain(key);
    // The certificate was given in clear: the SamlProvider made it a secret all the same.
    expect(state).not.toContain("MIIBeveryResourceFixture");
    await destroy(opts);
  });
});
