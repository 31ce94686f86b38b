import * as path from "node:path";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { writes } from "../support/provider";
import { describeCli, PulumiStack } from "../support/pulumi";

/**
 * The TypeScript policy pack in examples/policy, run by the real engine on a YAML program of the
 * native provider: its resources carry their own types (`docs-workspace:index:Space`), so the
 * pack refuses a space that a section puts on a public site, at preview, before any write.
 */
const root = path.resolve(__dirname, "../..");
const pack = path.join(root, "examples", "policy");

jest.setTimeout(300_000);

describeCli("the policy pack sees docs-workspace:index:Space", () => {
  let emu: TestEmulator;
  let stack: PulumiStack;

  beforeAll(async () => {
    emu = await startTestEmulator();
    stack = await PulumiStack.create({
      program: path.join(root, "examples", "native", "yaml"),
      emulator: emu,
    });
    stack.edit(
      "Pulumi.yaml",
      "path: ../../../provider/native/plugin",
      `path: ${path.join(root, "provider/native/plugin")}`,
    );
  });
  afterAll(async () => {
    stack?.close();
    await emu?.close();
  });

  test("a preview of spaces published on a share-link site passes the pack", async () => {
    const preview = await stack.run(["preview", "--policy-pack", pack]);
    // The pack ran: the engine lists it under Policies.
    expect(preview.stdout + preview.stderr).toMatch(/docs-workspace@v0\.1\.0 \(local: /);
    expect(preview.stdout + preview.stderr).not.toMatch(/no-public-space/);
    expect(preview.code).toBe(0);
  });

  test("the same site made public fails the preview: the pack names the space and why, and nothing is written", async () => {
    stack.edit("Pulumi.yaml", "visibility: share-link", "visibility: public");
    await emu.clearRequests();
    const preview = await stack.run(["preview", "--policy-pack", pack]);
    const output = preview.stdout + preview.stderr;
    expect(output).toMatch(
      /\[mandatory\]\s+no-public-space\s+\(docs-workspace:index:Space: guide\)/,
    );
    expect(output).toContain(
      'Space "guide" would be public: SiteSection "guides" publishes it on site "docs", which is public.',
    );
    expect(preview.code).not.toBe(0);
    expect(await writes(emu)).toEqual([]);
  });
});
