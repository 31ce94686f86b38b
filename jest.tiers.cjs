/**
 * Which tier a test file is in, read from its code (what it imports and calls), not from a list
 * kept here, so a new test is in its tier by what it does:
 * - `cli`: needs a program of the machine or the release build: the real Pulumi CLI or Chromium
 *   (`describeCli`, `describeRequiring`), or `releaseDir`;
 * - `harness`: drives the provider's handlers, its doors or the harness (`cli/harness`,
 *   `drivers/`, the provider's test drivers), or the provider's code against an emulator;
 * - `emulator`: starts an emulator (in the test or as `emulator/cli.ts`), without the provider;
 * - `unit`: none of these: pure functions, checks of files, builds of packages.
 * Apart from its tier, a file is slow when its first line is `// @slow: <why>` (whole harness
 * or lifecycle runs, the soak); `cli` files are slow by their tier.
 */
const fs = require("node:fs");
const path = require("node:path");

const TIERS = ["unit", "emulator", "harness", "cli"];

const MACHINE = /\bdescribeCli\(|\bdescribeRequiring\(|\breleaseDir\(/;
const SPECIFIER = /\bfrom\s+"([^"]+)"/g;
const DRIVES =
  /^(\.\.?\/)+(cli\/harness|drivers)(\/|$)|^(\.\.?\/)+support\/(provider|doors|native-plugin|packed|cli-recovery)$/;
const EMULATOR = /^(\.\.?\/)+(support\/emulator|emulator\/index)$/;
const EMULATOR_CLI = /"emulator\/cli\.ts"/;
const PROVIDER = /^(\.\.?\/)+provider\//;
const SLOW = /^\/\/ @slow\b/;

/** Every test file under `dir`. */
function testFiles(dir = path.join(__dirname, "test")) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(file);
    return entry.name.endsWith(".test.ts") ? [file] : [];
  });
}

/** The tier of a test file, given its source. */
function tierOf(source) {
  if (MACHINE.test(source)) return "cli";
  const imports = [...source.matchAll(SPECIFIER)].map((match) => match[1]);
  const startsEmulator = imports.some((spec) => EMULATOR.test(spec)) || EMULATOR_CLI.test(source);
  if (imports.some((spec) => DRIVES.test(spec))) return "harness";
  if (startsEmulator && imports.some((spec) => PROVIDER.test(spec))) return "harness";
  return startsEmulator ? "emulator" : "unit";
}

/** Whether a test file is left out of `npm run test:fast`: its tier is `cli`, or it says `// @slow`. */
function isSlow(source) {
  return tierOf(source) === "cli" || SLOW.test(source);
}

/** A `testPathIgnorePatterns` entry that matches exactly `file`. */
function exactly(file) {
  return `^${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`;
}

module.exports = { TIERS, testFiles, tierOf, isSlow, exactly };
