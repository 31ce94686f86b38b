import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { HarnessRunError, preview, up, type HarnessOptions } from "../../cli/harness";
import { startTestEmulator, type TestEmulator } from "../support/emulator";

/** Configuration as a user meets it: through the harness, with the token left out. */
const moves = path.resolve(__dirname, "../fixtures/moves");

let emu: TestEmulator;
let dir: string;

beforeAll(async () => {
  emu = await startTestEmulator();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-configuration-"));
});
afterAll(async () => {
  await emu.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function withoutToken(): HarnessOptions {
  return {
    programDir: moves,
    stateFile: path.join(dir, "moves.json"),
    config: {
      "docs-workspace:apiUrl": emu.url,
      "docs-workspace:organizationId": emu.organizationId,
    },
    // An inherited variable must not be what supplies the token.
    env: { DOCS_WORKSPACE_API_TOKEN: "" },
  };
}

test("a preview needs no token: check fills in the default organization", async () => {
  const result = await preview(withoutToken());
  expect(result.failures).toBeUndefined();
  const creates = result.steps.filter(
    (s) => s.op === "create" && s.type.includes("docs-workspace"),
  );
  expect(creates.map((s) => s.name)).toEqual(["left", "right", "mover"]);
});

test("up without a token fails at the first request, naming the config key and the variable, not a property", async () => {
  await emu.clearRequests();
  const error = (await up(withoutToken()).catch((e: unknown) => e)) as HarnessRunError;
  expect(error).toBeInstanceOf(HarnessRunError);
  const [failure] = error.result.failures!;
  expect(failure!.op).toBe("create");
  expect(failure!.checkFailures).toBeUndefined();
  expect(failure!.message).toMatch(
    /pulumi config set --secret docs-workspace:apiToken .* DOCS_WORKSPACE_API_TOKEN/,
  );
  expect(await emu.requests()).toEqual([]);
});
