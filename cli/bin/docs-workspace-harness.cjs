#!/usr/bin/env node
"use strict";
require("./launch.cjs").launch(
  "docs-workspace-harness",
  "dist/cli/harness/cli.js",
  "the version its package is tested on",
);
