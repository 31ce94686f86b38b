import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { buildPythonWheel, generateSdk } from "../../scripts/native-sdk";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { callApi } from "../support/provider";
import { describeCli, PulumiStack } from "../support/pulumi";
import { pep503Index } from "../support/registries";

/**
 * The README's Python steps (issue 36, item 3), run as written through the real CLI in a project
 * of their own: a venv named in Pulumi.yaml, the SDK's wheel built from a copy (the SDK's folder
 * gains no `build/` or `*.egg-info`), the venv activated because the Python host built here
 * ignores `runtime.options.virtualenv`, then `pulumi up`. The project's venv is the only Python
 * with the SDK: the tier's own venv (.cache/python/venv) is taken off PATH and PULUMI_PYTHON_CMD.
 */
const root = path.resolve(__dirname, "../..");

jest.setTimeout(900_000);

/** The fenced blocks of one language in the README's section `heading`. */
function readmeBlocks(heading: string, language: string): string[] {
  const text = fs.readFileSync(path.join(root, "README.md"), "utf8");
  const start = text.indexOf(`\n${heading}\n`);
  const end = text.indexOf("\n### ", start + heading.length + 2);
  const section = text.slice(start, end);
  return [...section.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\``, "gm"))].map(
    (m) => m[1]!,
  );
}

/** Every file under `dir`, relative to it. */
function files(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

describeCli("the README's Python steps, through the real CLI", () => {
  let emu: TestEmulator;
  let work: string;
  let stack: PulumiStack;
  let index: http.Server | undefined;

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-python-venv-"));
    emu = await startTestEmulator();
  });
  afterAll(async () => {
    index?.closeAllConnections();
    index?.close();
    stack?.close();
    await emu?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  test("a venv named in Pulumi.yaml and activated runs the program; the SDK's folder stays as generated", async () => {
    // What `npm run sdk` does, into a folder of this test's.
    const sdk = path.join(work, "sdk", "python");
    const generated = await generateSdk("python", path.join(work, "sdk"));
    expect(generated.code).toBe(0);
    const before = files(sdk);
    const wheel = buildPythonWheel(sdk, path.join(work, "dist", "python"));
    expect(files(sdk)).toEqual(before);

    // The project: the README's program and runtime block, the checkout's plugin.
    const project = path.join(work, "project");
    fs.mkdirSync(project);
    const [program] = readmeBlocks("### Python", "python");
    const [runtime] = readmeBlocks("### Python", "yaml");
    expect(runtime).toContain("virtualenv: venv");
    fs.writeFileSync(path.join(project, "__main__.py"), program!);
    fs.writeFileSync(
      path.join(project, "Pulumi.yaml"),
      [
        "name: python-venv",
        runtime!.trimEnd(),
        "plugins:",
        "  providers:",
        "    - name: docs-workspace",
        `      path: ${path.join(root, "provider/native/plugin")}`,
        "",
      ].join("\n"),
    );
    stack = await PulumiStack.create({ program: project, emulator: emu });
    // Only the project's venv: not the tier's, which holds an SDK too.
    const tierVenv = path.join(root, ".cache", "python", "venv", "bin");
    delete stack.env.PULUMI_PYTHON_CMD;
    stack.env.PATH = stack.env
      .PATH!.split(path.delimiter)
      .filter((p) => p !== tierVenv)
      .join(path.delimiter);

    // The README's lines, as written but for where the clone and the wheel are.
    // The README's `pip install pulumi-docs-workspace==<version>`, as written, from a PEP 503
    // stand-in of PyPI serving this wheel (pulumi itself from PyPI).
    index = http.createServer(pep503Index(path.dirname(wheel)));
    await new Promise<void>((resolve) => index!.listen(0, "127.0.0.1", resolve));
    const indexUrl = `http://127.0.0.1:${(index.address() as AddressInfo).port}/simple/`;
    const [steps] = readmeBlocks("### Python", "sh");
    const script = steps!.replace(/^pulumi up.*$/m, "pulumi up --yes --non-interactive");
    expect(script).toContain(
      `pip install pulumi-docs-workspace==${path.basename(wheel).split("-")[1]}`,
    );
    expect(script).toContain("source venv/bin/activate");
    const env = {
      ...stack.env,
      PIP_INDEX_URL: indexUrl,
      PIP_EXTRA_INDEX_URL: "https://pypi.org/simple/",
    };
    const run: { stdout?: string; stderr?: string; code?: number } = await promisify(execFile)(
      "bash",
      ["-euo", "pipefail", "-c", script],
      { cwd: stack.dir, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: { stdout?: string; stderr?: string; code?: number }) => error);
    expect({ code: run.code ?? 0, tail: `${run.stdout}\n${run.stderr}`.slice(-3000) }).toEqual({
      code: 0,
      tail: expect.stringContaining("reviewersUrl"),
    });
    const spaces = (await callApi(emu, "GET", `/v1/orgs/${emu.organizationId}/spaces`)).body as {
      items: { title: string }[];
    };
    expect(spaces.items.map((s) => s.title)).toEqual(["Guide"]);
    expect(files(sdk)).toEqual(before);

    // A mistyped key of the provider's namespace is warned about, naming the close match.
    await stack.setConfig("docs-workspace:apiURL", emu.url);
    const preview = await promisify(execFile)(
      "bash",
      ["-euo", "pipefail", "-c", "source venv/bin/activate && pulumi preview --non-interactive"],
      { cwd: stack.dir, env: stack.env, encoding: "utf8" },
    );
    expect(preview.stdout + preview.stderr).toContain(
      "docs-workspace:apiURL is not a setting of the docs-workspace provider and is ignored; did you mean docs-workspace:apiUrl?",
    );
  });

  test("without the venv activated the host built here finds no pulumi", async () => {
    const result = await stack.run(["preview"]);
    expect(result.code).not.toBe(0);
    expect(result.stdout + result.stderr).toMatch(/No module named 'pulumi/);
  });
});
