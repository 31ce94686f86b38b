import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { NativePlugin } from "../support/native-plugin";
import { writes } from "../support/provider";

/**
 * The native plugin given the state a dynamic resource left (docs/migrate-to-native.md): the
 * engine diffs it with the new provider after an alias moves it. Its `__provider`, the serialized
 * dynamic provider, goes as an update of the state alone, with no request to the service.
 */

const SPACE = "docs-workspace:index:Space";
/** What the dynamic door keeps in a resource's inputs and outputs (a serialized function). */
const SHIM = "exports.handler = __f0;\n\nvar __provider = {check: __f2, diff: __f3};\n";

let emu: TestEmulator;
let plugin: NativePlugin;

beforeAll(async () => {
  emu = await startTestEmulator();
  plugin = await NativePlugin.start();
  await plugin.configure({
    "docs-workspace:apiUrl": emu.url,
    "docs-workspace:apiToken": emu.token,
    "docs-workspace:organizationId": emu.organizationId,
  });
});
afterAll(async () => {
  plugin.stop();
  await emu.close();
});

test("a dynamic state's __provider diffs as its delete alone; the update sends nothing and answers the outputs without it", async () => {
  const { inputs, failures } = await plugin.check(SPACE, { title: "Moved", emoji: "📘" });
  expect(failures).toEqual([]);
  const { id, props } = await plugin.create(SPACE, inputs);
  const dynamicState = { ...props, __provider: SHIM };

  expect(await plugin.diff(SPACE, id, dynamicState, inputs)).toMatchObject({
    changes: "some",
    replaces: [],
    detailed: { __provider: "DELETE" },
  });
  const previewed = await plugin.update(SPACE, id, dynamicState, inputs, true);
  expect(previewed).not.toHaveProperty("__provider");

  await emu.clearRequests();
  const updated = await plugin.update(SPACE, id, dynamicState, inputs);
  expect(await writes(emu)).toEqual([]);
  expect(updated).not.toHaveProperty("__provider");
  // The outputs a native create would have recorded.
  expect(updated).toEqual(props);
  // Once moved, the state diffs as no change.
  expect(await plugin.diff(SPACE, id, updated, inputs)).toMatchObject({ changes: "none" });

  await plugin.delete(SPACE, id, updated);
});
