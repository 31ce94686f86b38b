import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/**
 * The commands the documentation tells a user to type (issue 36, item 1), as a fresh clone has
 * them after `npm ci && npm run build`: each bin is a committed launcher that npm links at
 * install, and each documented command line runs from the repository's root.
 */
const root = path.resolve(__dirname, "..");
const DOCS = ["README.md", "cli/README.md", "emulator/README.md", "docs/migrate-to-native.md"];
const BINS = {
  "docs-workspace": "cli",
  "docs-workspace-harness": "cli",
  "docs-workspace-emulator": "emulator",
} as const;
type Bin = keyof typeof BINS;
const SCRIPTS: Record<string, string[]> = {
  export: ["docs-workspace", "export"],
  harness: ["docs-workspace-harness"],
  emulator: ["docs-workspace-emulator"],
};

/** The shell lines of a Markdown file's `sh` blocks, continuation lines joined. */
function shellLines(file: string): string[] {
  const text = fs.readFileSync(path.join(root, file), "utf8");
  const blocks = [...text.matchAll(/^\s*```sh\n([\s\S]*?)^\s*```/gm)].map((m) => m[1]);
  return blocks.flatMap((block) =>
    block
      .replace(/\\\n\s*/g, "")
      .split("\n")
      .map((line) => line.replace(/\s+#.*$/, "").trim()),
  );
}

/**
 * A documented line that runs one of the tools, as the bin and its leading words up to the
 * command (`docs-workspace export`, `docs-workspace-harness up`): environment assignments and
 * the arguments that need an organization are left out.
 */
interface Documented {
  file: string;
  line: string;
  argv: string[];
  bin: Bin;
}

function documentedCommands(): Documented[] {
  return DOCS.flatMap((file) =>
    shellLines(file).flatMap((line): Documented[] => {
      const words = line.split(/\s+/).filter((w) => !/^[A-Z_]+=/.test(w));
      const script = words[0] === "npm" && words[1] === "run" ? SCRIPTS[words[2]] : undefined;
      const at = script !== undefined ? 3 : words.findIndex((w) => w in BINS);
      if (at < 0 || (script === undefined && at > 0 && words[0] !== "npx")) return [];
      const bin = (script?.[0] ?? words[at]) as Bin;
      const argv =
        script !== undefined ? ["npm", "run", "--silent", words[2], "--"] : words.slice(0, at + 1);
      // The command word of a tool that has commands (`export`, `up`): its --help is the command's.
      const command = words[at + 1];
      if (bin !== "docs-workspace-emulator" && command !== undefined && !command.startsWith("-")) {
        if (script === undefined || script.length === 1) argv.push(command.split("|")[0]);
      }
      return [{ file, line, argv, bin }];
    }),
  );
}

/** The environment npm gives a script: the repository's node_modules/.bin first. */
const env = {
  ...process.env,
  PATH: `${path.join(root, "node_modules", ".bin")}${path.delimiter}${process.env.PATH ?? ""}`,
  npm_config_offline: "true",
  npm_config_update_notifier: "false",
};

describe("the documented commands", () => {
  test("each bin is a committed, executable launcher that npm ci links into node_modules/.bin", () => {
    const tracked = execFileSync("git", ["ls-files", "-s", "cli", "emulator"], {
      cwd: root,
      encoding: "utf8",
    });
    for (const [bin, dir] of Object.entries(BINS)) {
      const manifest = JSON.parse(fs.readFileSync(path.join(root, dir, "package.json"), "utf8"));
      const target = path.join(dir, manifest.bin[bin]);
      expect([bin, new RegExp(`^100755 \\S+ 0\\t${target}$`, "m").test(tracked)]).toEqual([
        bin,
        true,
      ]);
      expect([
        bin,
        fs.readFileSync(path.join(root, target), "utf8").startsWith("#!/usr/bin/env node\n"),
      ]).toEqual([bin, true]);
      expect([bin, fs.realpathSync(path.join(root, "node_modules", ".bin", bin))]).toEqual([
        bin,
        path.join(root, target),
      ]);
      expect(manifest.files).toContain(path.dirname(manifest.bin[bin]).replace(/^\.\//, ""));
    }
    expect(fs.readFileSync(path.join(root, "emulator/bin/launch.cjs"), "utf8")).toBe(
      fs.readFileSync(path.join(root, "cli/bin/launch.cjs"), "utf8"),
    );
  });

  test("the docs name each tool and npm run export, harness and emulator", () => {
    const found = documentedCommands();
    expect(new Set(found.map((c) => c.bin))).toEqual(new Set(Object.keys(BINS)));
    const lines = found.map((c) => c.line);
    expect(lines.some((l) => l.startsWith("npm run export -- "))).toBe(true);
    expect(lines.some((l) => l.startsWith("npm run harness -- "))).toBe(true);
    expect(lines.join("\n")).not.toMatch(/--package docs-workspace-cli/);
  });

  test.each(documentedCommands().map((c) => [`${c.file}: ${c.line}`, c] as const))(
    "%s runs from the clone",
    (_name, command) => {
      const [file, ...args] = command.argv;
      const result = spawnSync(file, [...args, "--help"], { cwd: root, env, encoding: "utf8" });
      expect([result.stderr, result.status]).toEqual(["", 0]);
      expect(result.stdout).toContain(`Usage: ${command.bin}`);
    },
  );

  test("a bin on an older Node.js than its package needs says which it needs and runs nothing", () => {
    // Node.js 20 cannot load node:sqlite: the emulator would die in its first import.
    const preload = path.join(os.tmpdir(), `node-20-${process.pid}.cjs`);
    fs.writeFileSync(
      preload,
      'Object.defineProperty(process, "versions", { value: { ...process.versions, node: "20.20.2" } });\n',
    );
    try {
      for (const [bin, dir] of Object.entries(BINS)) {
        const launcher = path.join(root, dir, "bin", `${bin}.cjs`);
        const result = spawnSync(process.execPath, ["-r", preload, launcher, "--help"], {
          encoding: "utf8",
        });
        expect([bin, result.status, result.stdout]).toEqual([bin, 1, ""]);
        expect(result.stderr).toContain(`${bin} needs Node.js 22.13 or later`);
        expect(result.stderr).toContain("this is Node.js 20.20.2");
      }
    } finally {
      fs.rmSync(preload, { force: true });
    }
  });

  test("a bin before the build says to run npm run build", () => {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "unbuilt-"));
    try {
      for (const dir of ["cli", "emulator"]) {
        fs.cpSync(path.join(root, dir, "bin"), path.join(scratch, dir, "bin"), { recursive: true });
        fs.copyFileSync(
          path.join(root, dir, "package.json"),
          path.join(scratch, dir, "package.json"),
        );
      }
      for (const [bin, dir] of Object.entries(BINS)) {
        const result = spawnSync(process.execPath, [path.join(scratch, dir, "bin", `${bin}.cjs`)], {
          cwd: scratch,
          encoding: "utf8",
        });
        expect([bin, result.status]).toEqual([bin, 1]);
        expect(result.stderr).toMatch(
          new RegExp(`^${bin}: ${dir}/dist/\\S+ is not built yet: run \`npm run build\``),
        );
      }
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });
});
