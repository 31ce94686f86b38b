import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { findPythonVenv } from "../../scripts/pulumi-cli/run";
import { EXAMPLE_FILES, EXAMPLES_DIR, exampleTypes } from "../../scripts/registry-examples";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import {
  generateSdks,
  goBuildEnv,
  installPythonSdk,
  linkNodeSdk,
  writeGoModule,
} from "../support/native-sdk";
import { describeCli, PulumiStack } from "../support/pulumi";

/**
 * Every Registry example works in every language (examples/registry, as `pulumi convert` wrote
 * them): TypeScript type-checks against the generated Node.js SDK, Python compiles and what it
 * names is in the generated SDK, Go builds against the generated SDK, and YAML previews against
 * the emulator with this checkout's plugin. One compile per language for all the examples.
 */

const root = path.resolve(__dirname, "..", "..");
const types = exampleTypes();
const source = (type: string, language: keyof typeof EXAMPLE_FILES) =>
  fs.readFileSync(path.join(EXAMPLES_DIR, type, EXAMPLE_FILES[language]), "utf8");

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { cwd, env, encoding: "utf8" });
  return { code: result.status, output: `${result.stdout}\n${result.stderr}`.trim() };
}

/**
 * For each example: every `<alias>.<Name>(...)` it calls on the SDK's module exists there, and
 * each keyword it passes is an argument of that resource (its `_internal_init`'s parameters).
 */
const PYTHON_CHECK = `
import ast, importlib, inspect, json, sys
sdk = importlib.import_module("pulumi_docs_workspace")
problems = []
for file in sys.argv[1:]:
    tree = ast.parse(open(file).read(), file)
    aliases = {a.asname or a.name for n in ast.walk(tree) if isinstance(n, ast.Import)
               for a in n.names if a.name == "pulumi_docs_workspace"}
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases:
            if not hasattr(sdk, node.attr):
                problems.append(f"{file}: no {node.attr} in pulumi_docs_workspace")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \\
                and isinstance(node.func.value, ast.Name) and node.func.value.id in aliases:
            init = getattr(getattr(sdk, node.func.attr, None), "_internal_init", None)
            if init is None:
                continue
            params = inspect.signature(init).parameters
            for kw in node.keywords:
                if kw.arg not in params:
                    problems.append(f"{file}: {node.func.attr} takes no {kw.arg}")
print(json.dumps(problems))
`;

describeCli("the Registry examples, in every language", () => {
  let work: string;
  let sdks: { python: string; nodejs: string; go: string };

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-registry-examples-"));
    sdks = await generateSdks(work);
  }, 600_000);

  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  test("TypeScript: every example type-checks against the generated Node.js SDK", () => {
    const dir = path.join(work, "typescript");
    fs.mkdirSync(dir);
    for (const type of types)
      fs.writeFileSync(path.join(dir, `${type}.ts`), source(type, "typescript"));
    const compilerOptions = { strict: true, noEmit: true, module: "commonjs", target: "es2022" };
    fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions }));
    linkNodeSdk(sdks.nodejs, dir);
    const tsc = path.join(root, "node_modules", "typescript", "bin", "tsc");
    expect(run(process.execPath, [tsc, "-p", dir], dir)).toEqual({ code: 0, output: "" });
  }, 300_000);

  test("Python: every example compiles, and what it names is in the generated SDK", async () => {
    const dir = path.join(work, "python");
    fs.mkdirSync(dir);
    const files = types.map((type) => {
      const file = path.join(dir, `${type.toLowerCase()}.py`);
      fs.writeFileSync(file, source(type, "python"));
      return file;
    });
    expect(run("python3", ["-m", "py_compile", ...files], dir)).toEqual({ code: 0, output: "" });
    const venv = findPythonVenv();
    if (venv === undefined) {
      console.warn("skipped: the Python examples' names: no .cache/python/venv (build.sh)");
      return;
    }
    await installPythonSdk(sdks.python);
    const python = path.join(venv, "bin", "python");
    const env = { ...process.env, PYTHONDONTWRITEBYTECODE: "1" };
    expect(run(python, ["-c", PYTHON_CHECK, ...files], dir, env)).toEqual({
      code: 0,
      output: "[]",
    });
  }, 300_000);

  test("Go: every example builds against the generated SDK, one package", () => {
    const dir = path.join(work, "go-examples");
    fs.mkdirSync(dir);
    for (const type of types) {
      // One function per example, so that they build as one package.
      const name = `example${type.charAt(0).toUpperCase()}${type.slice(1)}`;
      const text = source(type, "go");
      expect(text).toContain("\nfunc main() {\n");
      fs.writeFileSync(
        path.join(dir, `${type.toLowerCase()}.go`),
        text.replace("\nfunc main() {\n", `\nfunc ${name}() {\n`),
      );
    }
    fs.writeFileSync(path.join(dir, "main.go"), "package main\n\nfunc main() {}\n");
    writeGoModule(dir, "docs-workspace-registry-examples", sdks.go);
    const env = { ...process.env, ...goBuildEnv };
    expect(run("go", ["build", "./..."], dir, env)).toEqual({ code: 0, output: "" });
  }, 600_000);

  describe("YAML: every example previews against the emulator with this checkout's plugin", () => {
    let emu: TestEmulator;
    let stack: PulumiStack;
    const project = "registry-example";
    const header = [
      `name: ${project}`,
      "runtime: yaml",
      "plugins:",
      "  providers:",
      "    - name: docs-workspace",
      `      path: ${path.join(root, "provider", "native", "plugin")}`,
      "",
    ].join("\n");

    beforeAll(async () => {
      emu = await startTestEmulator();
      const program = path.join(work, "yaml");
      fs.mkdirSync(program);
      fs.writeFileSync(path.join(program, "Pulumi.yaml"), header);
      // One stack; each example's program in turn previews against its empty state.
      stack = await PulumiStack.create({ program, emulator: emu });
      // What the examples' `configuration` asks for (SamlProvider's, the explicit provider's,
      // SiteMcpServer's, SiteContextConnection's, IntegrationInstallation's).
      const certificate = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----";
      await stack.setConfig(`${project}:certificate`, certificate, { secret: true });
      await stack.setConfig(`${project}:prodToken`, "unused-in-a-preview", { secret: true });
      await stack.setConfig(`${project}:statusToken`, "unused-in-a-preview", { secret: true });
      await stack.setConfig(`${project}:githubToken`, "unused-in-a-preview", { secret: true });
      await stack.setConfig(`${project}:slackWebhook`, "https://hooks.slack.example/preview", {
        secret: true,
      });
    }, 120_000);

    afterAll(async () => {
      stack?.close();
      await emu?.close();
    });

    test.each(types)(
      "%s",
      async (type) => {
        const yaml = source(type, "yaml");
        fs.writeFileSync(path.join(stack.dir, "Pulumi.yaml"), header + yaml);
        const preview = await stack.json(["preview"]);
        if (preview.result.code !== 0) {
          const messages = preview.diagnostics.map((d) => d.message).join("\n");
          throw new Error(`preview of ${type} exited ${preview.result.code}:\n${messages}`);
        }
        const declared = yaml.match(/^\s+type: docs-workspace:/gm) ?? [];
        const creates = preview.steps.filter(
          (s) => s.op === "create" && s.type.startsWith("docs-workspace:"),
        );
        expect(creates).toHaveLength(declared.length);
      },
      120_000,
    );
  });
});
