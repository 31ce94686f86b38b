#!/usr/bin/env node
"use strict";
require("./launch.cjs").launch(
  "docs-workspace",
  "dist/cli/exporter/cli.js",
  "the version its package is tested on",
);
