import * as fs from "node:fs";
import * as path from "node:path";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { installedNames, installPacked } from "../support/packed";
import { describeCli, PulumiStack } from "../support/pulumi";

/**
 * The example workspace through the real `pulumi` CLI from a user's project that installed the
 * packed provider alone (issue 25): its node_modules holds pulumi-docs-workspace, its two
 * dependencies and the @pulumi/pulumi peer, no server, no tool; the provider host loads the
 * packed `pulumi-docs-workspace/runtime` from there.
 */
const root = path.resolve(__dirname, "../..");
const NEVER_LOADED = ["hono", "@hono/node-server", "markdown-it", "prettier", "tsx", "esbuild"];

jest.setTimeout(900_000);

describeCli(
  "examples/workspace through the real pulumi CLI, from the packed provider alone",
  () => {
    let emu: TestEmulator;
    let project: string;
    let stack: PulumiStack;

    beforeAll(async () => {
      emu = await startTestEmulator();
      project = installPacked({});
      stack = await PulumiStack.create({
        program: path.join(root, "examples/workspace"),
        emulator: emu,
        config: { "handbook:teams": JSON.stringify(["Platform"]) },
        nodeModules: path.join(project, "node_modules"),
      });
    });
    afterAll(async () => {
      stack?.close();
      await emu?.close();
      if (project) fs.rmSync(project, { recursive: true, force: true });
    });

    test("the project's node_modules holds the provider and what it declares, none of the tools", () => {
      const names = installedNames(project);
      expect(names.sort()).toEqual(["@pulumi/pulumi", "ofetch", "pulumi-docs-workspace", "zod"]);
      expect(NEVER_LOADED.filter((name) => names.includes(name))).toEqual([]);
      // The program's copy resolves the packed package, not this checkout's workspace link.
      expect(fs.realpathSync(path.join(stack.dir, "node_modules", "pulumi-docs-workspace"))).toBe(
        fs.realpathSync(path.join(project, "node_modules", "pulumi-docs-workspace")),
      );
    });

    test("up makes the example's resources, a second up changes nothing, destroy removes them", async () => {
      const first = await stack.json(["up"]);
      expect(first.result.code).toBe(0);
      const created = first.changeSummary.create ?? 0;
      expect(created).toBeGreaterThan(20);
      const again = await stack.run(["up", "--yes", "--expect-no-changes"]);
      expect(again.code).toBe(0);
      const destroyed = await stack.json(["destroy"]);
      expect(destroyed.result.code).toBe(0);
      expect(destroyed.changeSummary.delete).toBe(created);
    });
  },
);
