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

interface StateFile {
  resources: { name: string; outputs: Record<string, unknown> }[];
}

/**
 * The organization's `hostname` is the host of every published site's URL, so OrganizationSettings
 * changes an output of each Site. Declared after the settings, a site is true from the first
 * `up`. Named by the settings' `defaultContent`, the site is made before the settings (the API
 * makes them depend on each other), and one refresh records its new URL: the README's
 * "People and single sign-on" says so.
 */
// Each step runs a Pulumi program through the provider host: slow on a loaded machine.
jest.setTimeout(300_000);

const program = path.resolve(__dirname, "../fixtures/organization-host");

let emu: TestEmulator;
let dir: string;

beforeAll(async () => {
  emu = await startTestEmulator();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-org-host-"));
});
afterAll(async () => {
  await emu.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function options(stack: string, config: Record<string, string>): HarnessOptions {
  return {
    programDir: program,
    stateFile: path.join(dir, `${stack}.json`),
    stack,
    config: {
      "docs-workspace:apiUrl": emu.url,
      "docs-workspace:organizationId": emu.organizationId,
      ...config,
    },
    secrets: { "docs-workspace:apiToken": emu.token },
    passphrase: "organization-host-test-passphrase",
  };
}

const changes = (result: RunResult) =>
  result.steps.filter((s) => s.op !== "same").map((s) => [s.op, s.name, s.diffs ?? []]);

async function organization() {
  return (await callApi(emu, "GET", `/v1/orgs/${emu.organizationId}`)).body as {
    hostname?: string;
    defaultContent?: { type: string; site: string };
  };
}

test("a site made after the settings publishes under the new hostname from the first up; refresh and preview show no change", async () => {
  const opts = options("after", { "host:hostname": "first-host" });
  const first = await up(opts);
  expect(first.failures).toBeUndefined();
  expect(first.outputs.docsUrl).toBe("https://first-host.docs.emulator.local/docs");
  expect((await organization()).hostname).toBe("first-host");
  expect(changes(await refresh(opts))).toEqual([]);
  expect(changes(await preview(opts))).toEqual([]);

  const destroyed = await destroy(opts);
  expect(destroyed.failures).toBeUndefined();
  // Deleting the settings leaves the organization as it is.
  expect((await organization()).hostname).toBe("first-host");
});

test("a site the settings name as default content is made first: a refresh records its URL under the new hostname, which is no change (no input holds it)", async () => {
  const opts = options("default", {
    "host:hostname": "second-host",
    "host:defaultContent": "true",
  });
  const first = await up(opts);
  expect(first.failures).toBeUndefined();
  const org = await organization();
  expect(org.hostname).toBe("second-host");
  const siteId = first.steps.find((s) => s.name === "docs")!.id;
  expect(org.defaultContent).toEqual({ type: "site", site: siteId });
  // The site answered its create under the host the organization had then.
  expect(first.outputs.docsUrl).toBe("https://first-host.docs.emulator.local/docs");

  // The engine judges a refresh by the inputs since 3.120: an output's drift is recorded in the
  // state, but is no change, and the drift gate lets it pass.
  const recorded = await refresh({ ...opts, expectNoChanges: true });
  expect(changes(recorded)).toEqual([]);
  const site = (JSON.parse(fs.readFileSync(opts.stateFile, "utf8")) as StateFile).resources.find(
    (r) => r.name === "docs",
  )!;
  expect((site.outputs.urls as { published?: string }).published).toBe(
    "https://second-host.docs.emulator.local/docs",
  );
  expect(changes(await preview(opts))).toEqual([]);
  const second = await up(opts);
  expect(changes(second)).toEqual([]);
  expect(second.outputs.docsUrl).toBe("https://second-host.docs.emulator.local/docs");
  await destroy(opts);
});
