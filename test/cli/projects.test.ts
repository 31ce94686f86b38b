import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { pulumiEnv, runPulumi } from "../../scripts/pulumi-cli/run";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { describeCli, pulumiCliDir } from "../support/pulumi";

/**
 * Each Pulumi project of this repository, run where it lies: below the workspace root's
 * package.json (0.1.0's named the library as its `main`; the root names none now, and must not). The Node.js host takes a folder's entry from the nearest
 * package.json, so a project whose `main` named a folder (or was absent) would run the library
 * and declare nothing: its first `up` on a populated stack would delete everything.
 */
const root = path.resolve(__dirname, "..", "..");

jest.setTimeout(300_000);

/** A copy of the repository's layout for one project: package.json at the top, the project below. */
function layout(projectDir: string, work: string): string {
  fs.copyFileSync(path.join(root, "package.json"), path.join(work, "package.json"));
  // Inside the repository a program's `import "pulumi-docs-workspace"` resolves through
  // node_modules/pulumi-docs-workspace, the workspace link to provider/ and its built dist.
  for (const dir of ["node_modules"]) {
    fs.symlinkSync(path.join(root, dir), path.join(work, dir), "dir");
  }
  const relative = path.relative(root, projectDir);
  const target = path.join(work, relative);
  fs.mkdirSync(target, { recursive: true });
  const main = /^main:\s*(\S+)/m.exec(
    fs.readFileSync(path.join(projectDir, "Pulumi.yaml"), "utf8"),
  );
  for (const file of fs.readdirSync(projectDir)) {
    if (/^Pulumi\..*yaml$|^Pulumi\.yaml$|\.ts$/.test(file)) {
      fs.copyFileSync(path.join(projectDir, file), path.join(target, file));
    }
  }
  if (main && main[1]!.includes("/")) {
    const entry = path.join(projectDir, main[1]!);
    fs.mkdirSync(path.dirname(path.join(target, main[1]!)), { recursive: true });
    fs.copyFileSync(entry, path.join(target, main[1]!));
  }
  return target;
}

describeCli("the repository's Pulumi projects under the real CLI's Node.js host", () => {
  let emu: TestEmulator;
  let work: string;

  beforeAll(async () => {
    emu = await startTestEmulator();
    work = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-projects-"));
  });
  afterAll(async () => {
    await emu?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  test.each([
    [".", "dev", 20],
    ["examples/workspace", "dev", 20],
    ["examples/gitops", "dev", 5],
  ])(
    "%s (stack %s) runs its program: a preview plans at least %d creates",
    async (project, stackName, atLeast) => {
      const dir = fs.mkdtempSync(path.join(work, "p-"));
      const cwd = layout(path.join(root, project), dir);
      fs.mkdirSync(path.join(dir, ".backend"));
      const env = pulumiEnv({
        cliDir: pulumiCliDir!,
        home: path.join(dir, ".home"),
        backend: path.join(dir, ".backend"),
        passphrase: "projects-test",
        transpileOnly: true,
        extra: {
          DOCS_WORKSPACE_API_URL: emu.url,
          DOCS_WORKSPACE_API_TOKEN: emu.token,
          DOCS_WORKSPACE_ORGANIZATION_ID: emu.organizationId,
        },
      });
      const ok = async (...args: string[]) => {
        const result = await runPulumi([...args, "--non-interactive"], { cwd, env });
        if (result.code !== 0) {
          throw new Error(
            `pulumi ${args.join(" ")}: ${result.stdout}\n${result.stderr}`.slice(-3000),
          );
        }
        return result;
      };
      await ok("stack", "init", stackName);
      // The gitops stacks name their own organization; here it is the emulator's.
      await ok("config", "set", "docs-workspace:organizationId", emu.organizationId);
      const preview = await ok("preview", "--json");
      const plan = JSON.parse(preview.stdout) as { steps: { op: string; urn: string }[] };
      const creates = plan.steps.filter((s) => s.op === "create" && s.urn.includes(":dynamic/"));
      expect(creates.length).toBeGreaterThanOrEqual(atLeast);
    },
  );
});
