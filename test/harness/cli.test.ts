// The command's arguments and its report, without running anything.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseArgs } from "../../cli/harness/cli";
import { formatStep, formatSummary } from "../../cli/harness/report";
import { compileCacheEnv } from "../../cli/harness/compile-cache";
import type { RunResult } from "../../cli/harness";

const TYPE = "pulumi-nodejs:dynamic/docs-workspace:Collection";

describe("arguments", () => {
  test("secrets come from the environment or a file; on the command line they still work, with a warning", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "harness-cli-"));
    const file = path.join(dir, "token");
    fs.writeFileSync(file, "from-a-file\n");
    try {
      const parsed = parseArgs(
        [
          "up",
          "prog",
          "--secret-env",
          "docs-workspace:apiToken=MY_TOKEN",
          "--secret-file",
          "handbook:key=" + file,
          "--secret",
          "handbook:other=in-argv",
        ],
        { MY_TOKEN: "from-the-environment" },
      );
      expect(parsed.options.secrets).toEqual({
        "docs-workspace:apiToken": "from-the-environment",
        "handbook:key": "from-a-file",
        "handbook:other": "in-argv",
      });
      expect(parsed.warnings).toEqual([
        expect.stringMatching(
          /--secret handbook:other=\.\.\. puts the value on the command line, where any user of this machine can read it; use --secret-env handbook:other=VARIABLE or --secret-file handbook:other=FILE/,
        ),
      ]);
      expect(parsed.warnings.join()).not.toContain("in-argv");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(() => parseArgs(["up", "prog", "--secret-env", "k=UNSET"], {})).toThrow(
      "--secret-env k=UNSET: UNSET is not set",
    );
    expect(() => parseArgs(["up", "prog", "--secret-file", "k=/nonexistent/x"], {})).toThrow(
      /--secret-file: cannot read \/nonexistent\/x/,
    );
  });

  test("engine flags: --target, --parallel, --refresh, pending creates", () => {
    const parsed = parseArgs([
      "up",
      "prog",
      "--target",
      "urn:a",
      "--target",
      "urn:b",
      "-p",
      "4",
      "--refresh",
      "--yes",
    ]);
    expect(parsed.options).toMatchObject({
      targets: ["urn:a", "urn:b"],
      parallel: 4,
      refresh: true,
    });
    expect(() => parseArgs(["up", "prog", "--parallel", "0"])).toThrow(
      "--parallel wants a whole number of at least 1, got 0",
    );
    expect(
      parseArgs([
        "refresh",
        "prog",
        "--import-pending-creates",
        "urn:a",
        "id-a",
        "--clear-pending-creates",
      ]).options.pendingCreates,
    ).toEqual({ import: { "urn:a": "id-a" }, clear: true });
    expect(parseArgs(["up", "prog", "--adopt-pending-creates"]).options.pendingCreates).toEqual({
      adopt: true,
    });
    expect(() => parseArgs(["unlock", "prog", "--clear-pending-creates"])).toThrow(
      "the pending-create options do not apply to unlock",
    );
    expect(() => parseArgs(["destroy", "prog", "--refresh"])).toThrow(
      "--refresh does not apply to destroy",
    );
    expect(parseArgs(["unlock", "prog", "--state", "s.json", "--force"])).toMatchObject({
      command: "unlock",
      force: true,
      options: { stateFile: "s.json" },
    });
    // As in the Pulumi CLI, which has the flag on up and destroy only.
    for (const command of ["preview", "refresh"]) {
      expect(() => parseArgs([command, "prog", "--continue-on-error"])).toThrow(
        "--continue-on-error applies to up and destroy only, as in the Pulumi CLI",
      );
    }
    expect(parseArgs(["destroy", "prog", "--continue-on-error"]).options.continueOnError).toBe(
      true,
    );
    expect(parseArgs(["up", "--help"]).command).toBe("help");
    expect(() => parseArgs(["frob", "prog"])).toThrow("unknown command frob");
  });
});

test("repeated flags add up, --import-pending-creates takes a URN and an id, and a mistake is named", () => {
  const parsed = parseArgs([
    "refresh",
    "prog",
    "--config",
    "a=1",
    "--import-pending-creates",
    "urn:a",
    "id-a",
    "--config",
    "b=2=3",
    "--import-pending-creates",
    "urn:b",
    "id-b",
  ]);
  expect(parsed.options.config).toEqual({ a: "1", b: "2=3" });
  expect(parsed.options.pendingCreates).toEqual({ import: { "urn:a": "id-a", "urn:b": "id-b" } });
  const refused: [string[], string][] = [
    [["--frob"], "unknown option --frob"],
    [["--refresh=yes"], "unknown option --refresh=yes"],
    [["stray"], "unknown option stray"],
    [["--stack"], "--stack wants a value"],
    [["-p"], "-p wants a value"],
    [["--config", "novalue"], "--config wants key=value"],
    [["--import-pending-creates", "urn:a"], "--import-pending-creates wants a value"],
    [["--parallel", "2.5", "--frob"], "--parallel wants a whole number of at least 1, got 2.5"],
  ];
  for (const [flags, message] of refused) {
    expect(() => parseArgs(["refresh", "prog", ...flags])).toThrow(message);
  }
});

test("the drift gate: --expect-no-changes on up, preview and refresh; --preview-only on refresh", () => {
  expect(parseArgs(["preview", "prog", "--expect-no-changes"]).options.expectNoChanges).toBe(true);
  const check = parseArgs(["refresh", "prog", "--preview-only", "--expect-no-changes"]).options;
  expect([check.previewOnly, check.expectNoChanges]).toEqual([true, true]);
  expect(parseArgs(["up", "prog", "--expect-no-changes"]).options.expectNoChanges).toBe(true);
  expect(() => parseArgs(["destroy", "prog", "--expect-no-changes"])).toThrow(
    "--expect-no-changes does not apply to destroy",
  );
  expect(() => parseArgs(["preview", "prog", "--preview-only"])).toThrow(
    "--preview-only applies to refresh only; a preview never writes the state",
  );
});

describe("the report", () => {
  test("an update shows each property's old and new value; a secret stays masked", () => {
    const text = formatStep({
      urn: "urn:x",
      type: TYPE,
      name: "handbook",
      op: "update",
      diffs: ["title", "description", "emoji", "token"],
      detailedDiff: { title: "update", description: "add", emoji: "delete", token: "update" },
      changes: {
        title: { old: "Engineering handbook", new: "Handbook" },
        description: { new: "How we work" },
        emoji: { old: "📘" },
        token: { old: "[secret]", new: "[secret]" },
      },
    });
    expect(text.split("\n")).toEqual([
      "~  update          docs-workspace:Collection  handbook  [title, description, emoji, token]",
      '       ~ title: "Engineering handbook" => "Handbook"',
      '       + description: "How we work"',
      '       - emoji: "📘"',
      "       ~ token: [secret] => [secret]",
    ]);
  });

  test("a retained delete reads delete[retain]; an alias names the old URN", () => {
    expect(formatStep({ urn: "u", type: TYPE, name: "old", op: "delete", retain: true })).toBe(
      "-  delete[retain]  docs-workspace:Collection  old",
    );
    expect(formatStep({ urn: "u", type: TYPE, name: "new", op: "same", aliasOf: "urn:was" })).toBe(
      "   same            docs-workspace:Collection  new  (was urn:was)",
    );
  });

  test("an interrupted run says what it did and what it left pending", () => {
    const base: RunResult = {
      operation: "up",
      steps: [],
      summary: { create: 2 },
      outputs: {},
      secretOutputs: [],
      log: "",
    };
    expect(formatSummary({ ...base, interrupted: { by: "cancel", pending: [] } })).toContain(
      "The up was interrupted: no step started after the interruption, the steps in flight finished, and the state holds every step that finished.",
    );
    const stopped = formatSummary({
      ...base,
      interrupted: {
        by: "terminate",
        pending: [
          {
            urn: "urn:pulumi:dev::p::t::docs",
            type: TYPE,
            name: "docs",
            operation: "creating",
            startedAt: "2025-01-01T00:00:00Z",
          },
        ],
      },
    });
    expect(stopped).toContain(
      'The up was stopped at once. These operations were in flight; their outcome is unknown and the state records them as pending:\n  creating docs-workspace:Collection "docs"  (urn:pulumi:dev::p::t::docs)\nThe next run reports them and says how to settle them.',
    );
  });
});

describe("the compile cache of the harness's processes", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  test("sits in the node_modules that holds @pulumi/pulumi, unless the user set or disabled one", () => {
    delete process.env.NODE_COMPILE_CACHE;
    delete process.env.NODE_DISABLE_COMPILE_CACHE;
    const modules = path.resolve(
      path.dirname(require.resolve("@pulumi/pulumi/package.json")),
      "../..",
    );
    expect(compileCacheEnv()).toEqual({
      NODE_COMPILE_CACHE: path.join(modules, ".cache", "docs-workspace-harness"),
    });
    process.env.NODE_COMPILE_CACHE = "/somewhere/else";
    expect(compileCacheEnv()).toEqual({});
    delete process.env.NODE_COMPILE_CACHE;
    process.env.NODE_DISABLE_COMPILE_CACHE = "1";
    expect(compileCacheEnv()).toEqual({});
  });
});
