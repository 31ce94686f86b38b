import * as fs from "node:fs";
import * as path from "node:path";
import * as os from "node:os";
import { findPythonVenv, pulumiEnv, runPulumi } from "../../scripts/pulumi-cli/run";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { describeCli, pulumiCliDir, PulumiStack } from "../support/pulumi";

/**
 * The YAML and Python language hosts scripts/pulumi-cli/build.sh builds, under the real CLI: a
 * program of each language with no resources runs through `up` with its stack's config (one
 * value a secret), and `destroy` leaves the stack empty. The native programs
 * (test/cli/native.test.ts) then only add the provider.
 */
const root = path.resolve(__dirname, "..", "..");
const fixtures = path.resolve(__dirname, "../fixtures/languages");

jest.setTimeout(300_000);

describeCli("YAML and Python programs through the real CLI's language hosts", () => {
  let emu: TestEmulator;

  beforeAll(async () => {
    emu = await startTestEmulator();
  });
  afterAll(async () => {
    await emu?.close();
  });

  test.each(["yaml", "python"])(
    "%s: up runs the program with its config, keeps the secret secret, then destroy empties the stack",
    async (language) => {
      const stack = await PulumiStack.create({
        program: path.join(fixtures, language),
        emulator: emu,
      });
      try {
        await stack.setConfig("greeting", "hello docs workspace");
        await stack.setConfig("motto", "write it down", { secret: true });
        await stack.ok(["up", "--yes"]);

        const shown = await stack.ok(["stack", "output", "--json", "--show-secrets"]);
        const outputs = JSON.parse(shown.stdout) as Record<string, unknown>;
        const name = language === "yaml" ? "YAML" : "Python";
        expect(outputs).toMatchObject({
          message: `hello docs workspace from ${name}`,
          words: ["hello", "docs", "workspace"],
          motto: "write it down",
        });
        const hidden = await stack.ok(["stack", "output", "--json"]);
        expect(JSON.parse(hidden.stdout)).toMatchObject({ motto: "[secret]" });
        expect(JSON.stringify(await stack.exportState())).not.toContain("write it down");

        const again = await stack.run(["up", "--yes", "--expect-no-changes"]);
        expect(again.code).toBe(0);
        await stack.ok(["destroy", "--yes"]);
        expect((await stack.exportState()).deployment.resources ?? []).toEqual([]);
      } finally {
        stack.close();
      }
    },
  );

  test("a Python program runs in the project's venv, whose pulumi package is the pinned release", async () => {
    const venv = findPythonVenv();
    expect(venv).toBeDefined();
    const stack = await PulumiStack.create({
      program: path.join(fixtures, "python"),
      emulator: emu,
    });
    try {
      await stack.setConfig("greeting", "which python");
      await stack.setConfig("motto", "this one", { secret: true });
      await stack.ok(["up", "--yes"]);
      const outputs = JSON.parse((await stack.ok(["stack", "output", "--json"])).stdout) as {
        python: string;
      };
      expect(fs.realpathSync(outputs.python)).toBe(fs.realpathSync(venv!));
      const pin = fs.readFileSync(
        path.join(root, "scripts", "pulumi-cli", "python-pulumi.txt"),
        "utf8",
      );
      const site = fs.readdirSync(path.join(venv!, "lib"))[0]!;
      const dist = fs
        .readdirSync(path.join(venv!, "lib", site, "site-packages"))
        .find((f) => /^pulumi-[\d.]+\.dist-info$/.test(f));
      expect(dist).toBe(`pulumi-${pin.trim().replace(/^pulumi==/, "")}.dist-info`);
    } finally {
      stack.close();
    }
  });

  test.each([
    ["python", "pulumi_demo/widget.py", "class Widget(pulumi.CustomResource)"],
    ["nodejs", "widget.ts", "export class Widget extends pulumi.CustomResource"],
    ["go", "demo/widget.go", "type Widget struct"],
  ])(
    "pulumi package gen-sdk --language %s writes the SDK through langhost's generator",
    async (language, file, declaration) => {
      const work = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-gen-sdk-"));
      try {
        const schema = {
          name: "demo",
          version: "1.0.0",
          language: { go: { importBasePath: "example.com/demo/sdk/go/demo" } },
          resources: {
            "demo:index:Widget": {
              description: "A widget.",
              inputProperties: { size: { type: "integer" } },
              properties: { size: { type: "integer" } },
            },
          },
        };
        fs.writeFileSync(path.join(work, "schema.json"), JSON.stringify(schema));
        const env = pulumiEnv({
          cliDir: pulumiCliDir!,
          home: path.join(work, "home"),
          backend: path.join(work, "backend"),
          passphrase: "gen-sdk",
        });
        const args = ["package", "gen-sdk", "schema.json", "--language", language, "--out", "sdk"];
        const result = await runPulumi(args, { cwd: work, env });
        expect(result.stderr).not.toContain("Unimplemented");
        expect(result.code).toBe(0);
        const written = fs.readFileSync(path.join(work, "sdk", language, file), "utf8");
        expect(written).toContain(declaration);
      } finally {
        fs.rmSync(work, { recursive: true, force: true });
      }
    },
  );
});
