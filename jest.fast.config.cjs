/**
 * The daily tier, `npm run test:fast`: every test but the slow ones, which `npm test` (CI) still
 * runs. A test file is slow when it says so in its code, not in a list kept here: it runs through
 * the real Pulumi CLI or a browser (`describeCli`, `describeRequiring`), builds the release
 * (`releaseDir`), or says `// @slow: <why>` on its first line (whole harness or lifecycle runs).
 */
const fs = require("node:fs");
const path = require("node:path");
const base = require("./jest.config.cjs");

const SLOW = /\bdescribeCli\(|\bdescribeRequiring\(|\breleaseDir\(|^\/\/ @slow\b/m;

/** Every test file under `dir`. */
function testFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(file);
    return entry.name.endsWith(".test.ts") ? [file] : [];
  });
}

const literal = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const slow = testFiles(path.join(__dirname, "test")).filter((file) =>
  SLOW.test(fs.readFileSync(file, "utf8")),
);

/** @type {import('jest').Config} */
module.exports = {
  ...base,
  testPathIgnorePatterns: ["/node_modules/", ...slow.map((file) => `^${literal(file)}$`)],
};
