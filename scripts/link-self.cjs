// The Pulumi dynamic-provider host loads each resource's shim from a string, so the shim's
// `require("pulumi-docs-workspace/runtime")` is resolved from node_modules upward, never through
// package self-reference. Inside this repository that name must therefore resolve to the project
// itself; when the package is installed as a dependency this script has nothing to do.
"use strict";
const fs = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const link = path.join(root, "node_modules", "pulumi-docs-workspace");
if (!fs.existsSync(path.join(root, ".git")) && !fs.existsSync(path.join(root, "tsconfig.json"))) {
  process.exit(0);
}
fs.mkdirSync(path.dirname(link), { recursive: true });
try {
  if (fs.realpathSync(link) === fs.realpathSync(root)) process.exit(0);
  fs.rmSync(link, { recursive: true, force: true });
} catch {
  // absent: create it below
}
fs.symlinkSync(path.relative(path.dirname(link), root), link, "dir");
