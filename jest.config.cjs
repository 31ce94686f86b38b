/** Type-checking happens once, in `npm run typecheck`, before jest runs; with `isolatedModules` in tsconfig.json ts-jest only transpiles. */
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  transform: {
    "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.json" }],
  },
  // The tools' sources import the provider by its public entry; under jest that entry is the
  // provider's source, the one copy the tests import too (the built entry is for node).
  moduleNameMapper: { "^pulumi-docs-workspace/tools$": "<rootDir>/provider/tools.ts" },
  testTimeout: 60000,
  maxWorkers: 2,
};
