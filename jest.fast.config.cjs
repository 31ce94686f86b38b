/**
 * The daily tier, `npm run test:fast`: every test but the slow ones, which `npm test` (CI) still
 * runs. A test file is slow when it says so in its code, not in a list kept here: it is in the
 * `cli` tier (jest.tiers.cjs: the real Pulumi CLI, a browser, the release build) or says
 * `// @slow: <why>` on its first line (whole harness or lifecycle runs).
 */
const fs = require("node:fs");
const base = require("./jest.config.cjs");
const { testFiles, isSlow, exactly } = require("./jest.tiers.cjs");

const slow = testFiles().filter((file) => isSlow(fs.readFileSync(file, "utf8")));

/** @type {import('jest').Config} */
module.exports = {
  ...base,
  testPathIgnorePatterns: ["/node_modules/", ...slow.map(exactly)],
};
