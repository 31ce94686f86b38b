import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";

/**
 * The tiers a developer runs (jest.tiers.cjs, README's development section): each test file is
 * in one tier by what its code imports and calls, `npm run test:fast` runs every file that needs
 * no machine program and says it is not slow, and a test of the real CLI or a browser is never
 * in the daily run, where it would be skipped silently.
 */
interface Tiers {
  TIERS: string[];
  testFiles(): string[];
  tierOf(source: string): string;
  isSlow(source: string): boolean;
}
interface JestConfig {
  testPathIgnorePatterns?: string[];
  displayName?: string;
  projects?: JestConfig[];
}

const root = path.resolve(__dirname, "..");
const load = createRequire(__filename);
const tiers = load(path.join(root, "jest.tiers.cjs")) as Tiers;
const files = tiers.testFiles();
const sourceOf = (file: string) => readFileSync(file, "utf8");
/** The sources tiered here live in a fixture: in this file their text would tier this file. */
const cases = JSON.parse(readFileSync(path.join(__dirname, "fixtures", "tiers.json"), "utf8")) as {
  tiers: [string, string, string][];
  slow: [string, boolean, string][];
};

/** The test files a config (or one of its projects) runs, of those under test/. */
function runBy(config: JestConfig): string[] {
  const ignored = (config.testPathIgnorePatterns ?? []).map((pattern) => new RegExp(pattern));
  return files.filter((file) => !ignored.some((pattern) => pattern.test(file)));
}

test.each(cases.tiers)("a file that %s is in the %s tier", (_what, tier, source) => {
  expect(tiers.tierOf(source)).toBe(tier);
});

test.each(cases.slow)("a file %s is slow: %s", (_what, slow, source) => {
  expect(tiers.isSlow(source)).toBe(slow);
});

test("the tier config runs each test file in exactly one tier, and the fast config the quick ones", () => {
  const tierConfig = load(path.join(root, "jest.tier.config.cjs")) as JestConfig;
  const projects = tierConfig.projects ?? [];
  expect(projects.map((project) => project.displayName)).toEqual(tiers.TIERS);
  const runs = projects.flatMap(runBy).sort();
  expect(runs).toEqual([...files].sort());

  const fast = runBy(load(path.join(root, "jest.fast.config.cjs")) as JestConfig);
  expect(fast.sort()).toEqual(files.filter((file) => !tiers.isSlow(sourceOf(file))).sort());
  expect(fast.length).toBeGreaterThan(files.length / 2);
});

test("every test under test/cli and test/browser is in the cli tier, so test:fast never skips one", () => {
  const machine = files.filter((file) =>
    ["cli", "browser"].includes(path.relative(path.join(root, "test"), file).split(path.sep)[0]),
  );
  expect(machine.length).toBeGreaterThan(0);
  expect(machine.filter((file) => tiers.tierOf(sourceOf(file)) !== "cli")).toEqual([]);
});

test("a test that loads the Pulumi CLI's support or a browser driver is in the cli tier, so CI fails without them", () => {
  // In the cli tier a file goes through describeCli or describeRequiring, which fail under CI when
  // the program is missing; elsewhere a missing program would be skipped or fail obscurely.
  const needsProgram = /from\s+"(\.\.?\/)+support\/pulumi"|from\s+"playwright(-core)?"/;
  const outside = files.filter(
    (file) => needsProgram.test(sourceOf(file)) && tiers.tierOf(sourceOf(file)) !== "cli",
  );
  expect(files.some((file) => needsProgram.test(sourceOf(file)))).toBe(true);
  expect(outside.map((file) => path.relative(root, file))).toEqual([]);
});

test("each tier has its npm script, to which a path can be added", () => {
  const { scripts } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  for (const tier of tiers.TIERS) {
    const script = scripts[`test:${tier}`];
    expect(script).toContain(`--selectProjects ${tier} `);
    expect(script).toContain("--config jest.tier.config.cjs");
    // `npm run test:unit -- test/x.test.ts` appends the path; after `--selectProjects <tier>`
    // jest would read it as a second project's name and run the whole tier.
    expect(script.trimEnd().endsWith(tier)).toBe(false);
  }
});
