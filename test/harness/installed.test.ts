// The harness as a user has it: the packed package installed in a project of their own, with
// only what package.json declares beside it.
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { installPacked } from "../support/packed";

jest.setTimeout(180_000);

let emu: TestEmulator;
let project: string;

beforeAll(async () => {
  emu = await startTestEmulator();
  project = installPacked({
    "Pulumi.yaml": "name: installed\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n",
    // TypeScript that needs compiling, not only type stripping: an interface, a parameter
    // property, an enum.
    "index.ts": [
      'import { Collection, Space } from "pulumi-docs-workspace";',
      "interface Team { name: string }",
      "enum Level { Read = 'read' }",
      "class Named { constructor(readonly team: Team) {} }",
      "const teams: Named[] = [new Named({ name: 'Platform' })];",
      'const guides = new Collection("guides", { title: "Guides", defaultLevel: Level.Read });',
      "for (const t of teams) new Space(t.team.name.toLowerCase(), { title: t.team.name, parent: guides.id });",
      "",
    ].join("\n"),
  });
});
afterAll(async () => {
  await emu.close();
  fs.rmSync(project, { recursive: true, force: true });
});

test("a TypeScript program runs with only the package and @pulumi/pulumi installed", async () => {
  const cli = path.join(
    project,
    "node_modules",
    "pulumi-docs-workspace",
    "dist",
    "harness",
    "cli.js",
  );
  const run = promisify(execFile);
  const args = [
    cli,
    "up",
    ".",
    "--config",
    `docs-workspace:apiUrl=${emu.url}`,
    "--config",
    `docs-workspace:organizationId=${emu.organizationId}`,
    "--secret-env",
    "docs-workspace:apiToken=API_TOKEN",
  ];
  const env: NodeJS.ProcessEnv = { ...process.env, API_TOKEN: emu.token };
  delete env.DOCS_WORKSPACE_HARNESS_TSX;
  const { stdout, stderr } = await run(process.execPath, args, { cwd: project, env });
  expect(stderr).toBe("");
  expect(stdout).toMatch(/^\+\s+create\s+docs-workspace:Space {2}platform$/m);
  expect(stdout).toMatch(/Resources: 3 create/);
  // The state went beside the program, as a local backend keeps its stacks.
  expect(fs.existsSync(path.join(project, ".harness", "dev.state.json"))).toBe(true);
});
