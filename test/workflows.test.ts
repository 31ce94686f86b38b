import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parse } from "yaml";
import { GO_MODULE_PATH } from "../scripts/native-schema";
import { NODEJS_SDK, NPM_WORKSPACES } from "../scripts/release/npm";

/**
 * The GitHub Actions workflows, which cannot run here: actionlint (built from the Go module proxy
 * at the version scripts/actionlint/go.mod pins) checks each, and the release workflow's build
 * is `npm run release` itself, its publishing steps using only what that build wrote.
 */
const root = path.resolve(__dirname, "..");
const workflows = path.join(root, ".github", "workflows");

jest.setTimeout(300_000);

let actionlint: string;
beforeAll(() => {
  actionlint = execFileSync("bash", [path.join(root, "scripts", "actionlint", "build.sh")], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  }).trim();
});

/**
 * actionlint on some files. shellcheck and pyflakes, which it runs when they are on PATH, are
 * left out, so that it checks the same here and in CI.
 */
function lint(files: string[]) {
  const run = spawnSync(
    actionlint,
    ["-no-color", "-oneline", "-shellcheck=", "-pyflakes=", ...files],
    {
      cwd: root,
      encoding: "utf8",
    },
  );
  return { code: run.status, output: `${run.stdout}${run.stderr}`.trim() };
}

const files = fs
  .readdirSync(workflows)
  .filter((f) => /\.ya?ml$/.test(f))
  .map((f) => path.join(workflows, f));

test("actionlint finds nothing wrong in any workflow", () => {
  expect(files.map((f) => path.basename(f))).toContain("release.yml");
  expect(lint(files)).toEqual({ code: 0, output: "" });
});

test("actionlint refuses a workflow with an unknown step output and a misspelled key", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-actionlint-"));
  try {
    const broken = fs
      .readFileSync(path.join(workflows, "release.yml"), "utf8")
      .replace("steps.version.outputs.dir", "steps.versions.outputs.dir")
      .replace("runs-on: ubuntu-latest", "run-on: ubuntu-latest");
    const file = path.join(dir, "release.yml");
    fs.writeFileSync(file, broken);
    const result = lint([file]);
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/"runs-on" section is missing/);
    expect(result.output).toMatch(/versions/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, string>;
}

describe("the release workflow", () => {
  const workflow = parse(fs.readFileSync(path.join(workflows, "release.yml"), "utf8")) as {
    on: { push: { tags: string[] } };
    jobs: Record<string, { steps: Step[] }>;
  };
  const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
  const build = steps.findIndex((s) => s.name === "Build the release");

  test("runs on a v<version> tag", () => {
    expect(workflow.on.push.tags).toEqual(["v*"]);
  });

  test("builds with exactly `npm run release`, the script that builds and checks every artifact", () => {
    expect(steps[build]!.run?.trim()).toBe("npm run release");
    const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(manifest.scripts.release).toBe("npm run build && node dist/scripts/release.js");
    // Before it: checkout, the toolchains, the install and the CLI, nothing that builds.
    const before = steps.slice(0, build);
    expect(before.filter((s) => s.uses).map((s) => s.uses!.split("@")[0])).toEqual([
      "actions/checkout",
      "actions/setup-node",
      "actions/setup-go",
      "actions/setup-python",
    ]);
    expect(before.flatMap((s) => (s.run ? [s.run.trim()] : []))).toEqual(
      expect.arrayContaining(["npm ci --no-audit --no-fund", "bash scripts/pulumi-cli/build.sh"]),
    );
  });

  test("after the build, nothing is built again: each publication takes the release folder's files", () => {
    const after = steps.slice(build + 1);
    for (const step of after) {
      expect({ step: step.name, run: step.run ?? "" }).not.toMatchObject({
        run: expect.stringMatching(/npm (pack|run|ci)|python -m build|pip wheel|go build|tsc/),
      });
    }
    const publishNpm = after.find((s) => s.name === "Publish to npm")!.run!;
    const names = [...NPM_WORKSPACES, NODEJS_SDK].map(
      (dir) =>
        (
          JSON.parse(fs.readFileSync(path.join(root, dir, "package.json"), "utf8")) as {
            name: string;
          }
        ).name,
    );
    expect(/for name in ([^;]+);/.exec(publishNpm)![1]!.trim().split(/\s+/).sort()).toEqual(
      names.sort(),
    );
    expect(publishNpm).toContain('npm publish "$DIR/$name-$VERSION.tgz"');
    const pypi = after.find((s) => s.uses?.startsWith("pypa/gh-action-pypi-publish@"))!;
    expect(pypi.with!["packages-dir"]).toBe("dist/pypi/");
    const tag = after.find((s) => s.name === "Tag the Go SDK")!.run!;
    expect(tag).toContain('git push origin "sdk/v$VERSION"');
    // The tag names the module whose go.mod is sdk/go.mod.
    expect(fs.readFileSync(path.join(root, "sdk", "go.mod"), "utf8")).toMatch(
      new RegExp(`^module ${GO_MODULE_PATH.replace(/\./g, "\\.")}$`, "m"),
    );
    const release = after.find((s) => s.name === "GitHub release")!.run!;
    expect(release).toMatch(
      /find "\$DIR" -maxdepth 1 -type f .*gh release create "\$GITHUB_REF_NAME"/s,
    );
  });
});
