import * as pulumi from "@pulumi/pulumi";
import { checkToken, configure, useConfig } from "../../provider/context";
import { provider } from "../../provider/dynamic/runtime";
import { NativePlugin } from "../support/native-plugin";
import { startTestEmulator, type TestEmulator } from "../support/emulator";

/**
 * A wrong token fails Configure, in both doors, with one cheap read (issue 36, item 4): a preview,
 * whose creates send nothing, then fails too, naming the config key and the variable, never the
 * token. The native door needs `npm run build` (the built plugin).
 */
const WRONG = "wrong-token-0123456789abcdef";
let emu: TestEmulator;

beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(async () => {
  await emu.close();
});

const configureWith = (values: Record<string, string>) =>
  configure({ config: { get: (key) => values[key], require: (key) => values[key] ?? "" } });
const orgReads = async () =>
  (await emu.requests()).filter((r) => r.method === "GET" && r.path === "/v1/orgs");

describe("the token check at Configure", () => {
  beforeEach(async () => {
    await emu.clearRequests();
  });

  test("dynamic: a refused token fails configure, naming the key and the variable, not the token", async () => {
    const error = await configureWith({
      "docs-workspace:apiUrl": emu.url,
      "docs-workspace:apiToken": WRONG,
      "docs-workspace:organizationId": emu.organizationId,
    }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toMatch(/^\[GET\] \/v1\/orgs: 401 /);
    expect(error?.message).toContain(
      "the API token from docs-workspace:apiToken (or the environment variable DOCS_WORKSPACE_API_TOKEN) was refused",
    );
    expect(error?.message).not.toContain(WRONG);
  });

  test("dynamic: a good token is checked once per process, whatever number of kinds configure", async () => {
    const values = {
      "docs-workspace:apiUrl": emu.url,
      "docs-workspace:apiToken": emu.token,
      "docs-workspace:organizationId": emu.organizationId,
    };
    // The dynamic-provider host configures each kind's shim on its first use.
    await configureWith(values);
    await configureWith(values);
    await configureWith(values);
    expect((await orgReads()).map((r) => r.query)).toEqual([{ limit: "1" }]);
    const space = provider("space") as Required<pulumi.dynamic.ResourceProvider>;
    expect((await space.check({}, { title: "Runbook" })).failures).toBeUndefined();
  });

  test("with no token configured, configure sends nothing and check still works", async () => {
    await configureWith({ "docs-workspace:organizationId": "org-1" });
    await expect(checkToken()).resolves.toBeUndefined();
    expect(await orgReads()).toEqual([]);
  });

  test("a failure other than 401 is left to the first request that needs the service", async () => {
    useConfig(
      (key) =>
        ({ "docs-workspace:apiUrl": "http://127.0.0.1:9", "docs-workspace:apiToken": "t" })[key],
    );
    await expect(checkToken()).resolves.toBeUndefined();
  });

  test("a named workspace's refused token names its own key and variable", async () => {
    const workspaces = JSON.stringify({
      prod: { apiUrl: emu.url, organizationId: emu.organizationId, apiToken: WRONG },
    });
    await configureWith({ "docs-workspace:workspaces": workspaces });
    const space = provider("space") as Required<pulumi.dynamic.ResourceProvider>;
    const checked = await space.check({}, { title: "Runbook", workspace: "prod" });
    await expect(space.create(checked.inputs)).rejects.toThrow(
      "the API token from docs-workspace:workspaces.prod.apiToken (or the environment variable DOCS_WORKSPACE_API_TOKEN_PROD) was refused",
    );
  });

  test("native: a refused token fails Configure with the same message, never the token", async () => {
    const plugin = await NativePlugin.start();
    try {
      const error = await plugin
        .configure({
          "docs-workspace:apiUrl": emu.url,
          "docs-workspace:apiToken": WRONG,
          "docs-workspace:organizationId": emu.organizationId,
        })
        .then(
          () => undefined,
          (e: unknown) => e as Error,
        );
      expect(error?.message).toContain("[GET] /v1/orgs: 401 ");
      expect(error?.message).toContain(
        "was refused; set a valid one with `pulumi config set --secret docs-workspace:apiToken <token>` or DOCS_WORKSPACE_API_TOKEN",
      );
      expect(error?.message).not.toContain(WRONG);
      await emu.clearRequests();
      await plugin.configure({
        "docs-workspace:apiUrl": emu.url,
        "docs-workspace:apiToken": emu.token,
      });
      expect(await orgReads()).toHaveLength(1);
    } finally {
      plugin.stop();
    }
  });
});
