// Run by `prepare`, so only where this repository itself is installed (`npm ci`, `npm install`
// in a clone), never in a user's install of the package. The Pulumi dynamic-provider host loads
// each resource's shim from a string, so the shim's `require("pulumi-docs-workspace/runtime")`
// is resolved from node_modules upward, never through package self-reference: inside this
// repository that name must therefore resolve to the project itself.
"use strict";
const fs = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const link = path.join(root, "node_modules", "pulumi-docs-workspace");
fs.mkdirSync(path.dirname(link), { recursive: true });
try {
  if (fs.realpathSync(link) === fs.realpathSync(root)) process.exit(0);
  fs.rmSync(link, { recursive: true, force: true });
} catch {
  // absent: create it below
}
fs.symlinkSync(path.relative(path.dirname(link), root), link, "dir");
