// @slow: whole harness runs of Pulumi programs (`npm run test:fast` leaves it out; `npm test` runs it).
// What a user of release 0.1.0 has on disk (test/fixtures/release-0.1.0): the emulator's data
// file and the harness state of the example workspace, written with no passphrase. This release
// reads that state with its legacy key, changes nothing, sends no write, and encrypts the
// secrets under the passphrase from then on.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { preview, up, type HarnessOptions } from "../../cli/harness";
import { startEmulator, type LoggedRequest, type RunningEmulator } from "../../emulator/index";

const root = path.resolve(__dirname, "../..");
const fixture = path.join(__dirname, "..", "fixtures", "release-0.1.0");
const TOKEN = "gb_api_zauDcb0AGFQy9vMI073HTmZ77mKq7h6O";
const ORGANIZATION = "GYXRVzdLVjlAsdNBgUCo";
const PASSPHRASE = "upgrade-test-passphrase";

jest.setTimeout(180_000);

let dir: string;
let emulator: RunningEmulator;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "harness-upgrade-"));
  for (const file of ["emulator.db", "harness-state.json"]) {
    fs.copyFileSync(path.join(fixture, file), path.join(dir, file));
  }
  emulator = await startEmulator({ port: 0, data: path.join(dir, "emulator.db") });
});
afterAll(async () => {
  await emulator.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function options(extra: Partial<HarnessOptions> = {}): HarnessOptions {
  return {
    // The program as release 0.1.0 shipped it: the example has grown since.
    programDir: path.join(root, "test/fixtures/release-0.1.0-program"),
    stateFile: path.join(dir, "harness-state.json"),
    stack: "dev",
    config: {
      "docs-workspace:apiUrl": emulator.url,
      "docs-workspace:organizationId": ORGANIZATION,
    },
    secrets: { "docs-workspace:apiToken": TOKEN },
    ...extra,
  };
}

async function writes(): Promise<LoggedRequest[]> {
  const response = await fetch(`${emulator.url}/_emulator/requests`, {
    headers: { authorization: `Bearer ${emulator.adminToken}` },
  });
  const { items } = (await response.json()) as { items: LoggedRequest[] };
  return items.filter((r) => r.method !== "GET");
}

test("up on the unchanged program changes nothing, sends no write, and re-encrypts the secrets under the passphrase", async () => {
  const legacy = JSON.parse(fs.readFileSync(path.join(fixture, "harness-state.json"), "utf8")) as {
    encryption: { salt: string };
  };
  // Without a passphrase nothing is done, and the refusal says why and what to set.
  await expect(preview(options())).rejects.toThrow(
    /docs-workspace:ShareLink "reviewers": its url is secret, and the harness writes secrets to the state only under a passphrase: set PULUMI_CONFIG_PASSPHRASE/,
  );
  await expect(up({ ...options(), skipPreview: true })).rejects.toThrow(
    /holds secrets under the key release 0\.1\.0 derived from the project and stack names, which anyone can derive\. Set PULUMI_CONFIG_PASSPHRASE/,
  );

  const result = await up(options({ passphrase: PASSPHRASE }));
  expect(result.summary).toEqual({ same: 20 });
  expect(await writes()).toEqual([]);
  const state = JSON.parse(fs.readFileSync(options().stateFile, "utf8")) as {
    encryption: { salt: string };
  };
  expect(state.encryption.salt).not.toBe(legacy.encryption.salt);

  // From now on the passphrase is what opens it.
  await expect(up(options({ passphrase: "not-the-one" }))).rejects.toThrow(/incorrect passphrase/);
  const again = await up(options({ passphrase: PASSPHRASE }));
  expect(again.summary).toEqual({ same: 20 });
  expect(again.secretOutputs).toContain("reviewerUrl");
  expect(await writes()).toEqual([]);
});
