/**
 * The tiers of jest.tiers.cjs as jest projects, one per tier, slow files included:
 * `npm run test:unit`, `test:emulator`, `test:harness`, `test:cli` select one
 * (`--selectProjects`); each test's line in jest's output starts with its tier.
 */
const fs = require("node:fs");
const { maxWorkers, ...project } = require("./jest.config.cjs");
const { TIERS, testFiles, tierOf, exactly } = require("./jest.tiers.cjs");

const files = testFiles().map((file) => ({ file, tier: tierOf(fs.readFileSync(file, "utf8")) }));

/** @type {import('jest').Config} */
module.exports = {
  maxWorkers,
  projects: TIERS.map((tier) => ({
    ...project,
    displayName: tier,
    testPathIgnorePatterns: [
      "/node_modules/",
      ...files.filter((entry) => entry.tier !== tier).map((entry) => exactly(entry.file)),
    ],
  })),
};
