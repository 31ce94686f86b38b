import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { RunningEmulator } from "../../emulator/index";
import { StateStore } from "../../cli/harness/state";
import { adminHeaders, startOnReleaseFixturePort } from "../support/emulator";
import { describeCli, PulumiStack } from "../support/pulumi";

/**
 * DESIGN.md, upgrades, through the Pulumi CLI: release 0.1.0's state of the example workspace
 * (test/fixtures/release-0.1.0), under the program that wrote it, takes today's package with no
 * change and no write. The fixture was written through the harness, which drives the same
 * provider host as the engine: its resources are put into a checkpoint as the engine records
 * them (the stack, the default `pulumi-nodejs` provider, each resource with its inputs and
 * outputs, `__provider` shims of 0.1.0 included, and its secrets as secrets) and imported with
 * `pulumi stack import`, as a user of 0.1.0 has it.
 */
const root = path.resolve(__dirname, "../..");
const fixture = path.join(root, "test/fixtures/release-0.1.0");
const releaseProgram = path.join(root, "test/fixtures/release-0.1.0-program");
const PROJECT = "docs-workspace-handbook";
const SECRET_SIG = "4dabf18193072939515e22adb298388d";
const SECRET_VALUE = "1b47061264138c4ac30d75fd1eb44270";

jest.setTimeout(600_000);

/** The fixture's harness state as a checkpoint (`apitype.DeploymentV3`) for `pulumi stack import`. */
function checkpoint(stateFile: string, stack: string, secretsProviders: unknown): unknown {
  const store = StateStore.open(stateFile, {
    project: PROJECT,
    stack,
    passphrase: undefined,
    readOnly: true,
  });
  const provider = `urn:pulumi:${stack}::${PROJECT}::pulumi:providers:pulumi-nodejs::default`;
  const providerId = "3b6a8b0e-0a5e-4a4c-9c59-0f8c1b7c2d10";
  const marked = (props: Record<string, unknown>, secret: readonly string[]) =>
    Object.fromEntries(
      Object.entries(props).map(([k, v]) => [
        k,
        secret.includes(k) ? { [SECRET_SIG]: SECRET_VALUE, plaintext: JSON.stringify(v) } : v,
      ]),
    );
  const resources = store.snapshot.resources();
  const stackResource = resources.find((r) => !r.custom)!;
  return {
    version: 3,
    deployment: {
      manifest: { time: new Date().toISOString() },
      // The new stack's own (its passphrase and salt): the import encrypts the secrets with it.
      secrets_providers: secretsProviders,
      resources: [
        {
          urn: stackResource.urn,
          custom: false,
          type: stackResource.type,
          outputs: marked(stackResource.outputs, stackResource.secretOutputs),
        },
        { urn: provider, custom: true, id: providerId, type: "pulumi:providers:pulumi-nodejs" },
        ...resources
          .filter((r) => r.custom)
          .map((r) => ({
            urn: r.urn,
            custom: true,
            id: r.id,
            type: r.type,
            inputs: marked(r.inputs, r.secretInputs),
            outputs: marked(r.outputs, r.secretOutputs),
            parent: r.parent,
            dependencies: r.dependencies,
            provider: `${provider}::${providerId}`,
            ...(r.additionalSecretOutputs
              ? { additionalSecretOutputs: r.additionalSecretOutputs }
              : {}),
          })),
      ],
    },
  };
}

describeCli("an upgrade from release 0.1.0's state through the real pulumi CLI", () => {
  let emulator: RunningEmulator;
  let stack: PulumiStack;

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-upgrade-cli-"));
    fs.copyFileSync(path.join(fixture, "emulator.db"), path.join(dir, "emulator.db"));
    emulator = await startOnReleaseFixturePort(path.join(dir, "emulator.db"));
    stack = await PulumiStack.create({
      program: releaseProgram,
      stack: "dev",
      emulator: {
        url: emulator.url,
        organizationId: emulator.organizationId!,
        token: emulator.token!,
      },
    });
    const file = path.join(stack.work, "release-0.1.0.json");
    const fresh = (await stack.exportState()) as { deployment: { secrets_providers?: unknown } };
    const state = checkpoint(
      path.join(fixture, "harness-state.json"),
      "dev",
      fresh.deployment.secrets_providers,
    );
    fs.writeFileSync(file, JSON.stringify(state));
    await stack.ok(["stack", "import", "--file", file]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  afterAll(async () => {
    stack?.close();
    await emulator?.close();
  });

  async function writes(): Promise<{ method: string; path: string }[]> {
    const response = await fetch(`${emulator.url}/_emulator/requests`, {
      headers: adminHeaders(emulator.adminToken),
    });
    const { items } = (await response.json()) as { items: { method: string; path: string }[] };
    return items.filter((r) => r.method !== "GET");
  }

  test("up and refresh on the state 0.1.0 wrote change nothing and send no write", async () => {
    // The stack, the default provider and the 19 resources of the example as 0.1.0 shipped it.
    expect((await stack.exportState()).deployment.resources).toHaveLength(21);
    await fetch(`${emulator.url}/_emulator/requests`, {
      method: "DELETE",
      headers: adminHeaders(emulator.adminToken),
    });
    const upgraded = await stack.json(["up", "--expect-no-changes"]);
    expect(upgraded.result.code).toBe(0);
    expect(upgraded.changeSummary).toEqual({ same: 20 });
    expect((await stack.run(["refresh", "--yes", "--expect-no-changes"])).code).toBe(0);
    expect(await writes()).toEqual([]);
  });
});
