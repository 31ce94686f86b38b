"use strict";
// What each bin of this package does first, in code any Node.js can parse: check the Node.js
// version the package's `engines` asks for, then run the built command, or say how to build it.
// The bins are committed files, not the build's: npm links a workspace's bins when it installs,
// before `npm run build` makes dist/, and skips a bin whose file is missing. The emulator's and
// the tools' packages each carry this file (a package ships only its own folder);
// test/commands.test.ts keeps the two copies equal.
const fs = require("node:fs");
const path = require("node:path");

/** Whether the dotted version `have` is `need` or later. */
function atLeast(have, need) {
  const a = have.split(".").map(Number);
  const b = need.split(".").map(Number);
  for (let i = 0; i < b.length; i++) {
    if ((a[i] || 0) !== b[i]) return (a[i] || 0) > b[i];
  }
  return true;
}

/**
 * Runs `target` (a built file, relative to the package) as the command `command`; `why` says what
 * needs the package's minimum Node.js version.
 */
function launch(command, target, why) {
  const root = path.join(__dirname, "..");
  const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
  const minimum = /^>=\s*([\d.]+)$/.exec(manifest.engines.node)[1];
  if (!atLeast(process.versions.node, minimum)) {
    process.stderr.write(
      `${command} needs Node.js ${minimum} or later (${why}); this is Node.js ${process.versions.node} (${process.execPath}). ` +
        `In the repository, npm scripts and npx run the Node.js that \`npm ci\` installed (node_modules/.bin/node).\n`,
    );
    process.exit(1);
  }
  const file = path.join(root, target);
  if (!fs.existsSync(file)) {
    process.stderr.write(
      `${command}: ${path.relative(process.cwd(), file)} is not built yet: run \`npm run build\` in the repository first.\n`,
    );
    process.exit(1);
  }
  require(file).runCommand(process.argv.slice(2));
}

module.exports = { launch };
