#!/usr/bin/env node
"use strict";
require("./launch.cjs").launch(
  "docs-workspace-emulator",
  "dist/emulator/cli.js",
  "its database is node:sqlite, built in without a flag since 22.13",
);
