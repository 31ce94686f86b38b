/** Type-checking happens once, in `npm run typecheck`, before jest runs; with `isolatedModules` in tsconfig.json ts-jest only transpiles. */
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  transform: {
    "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.json" }],
  },
  testTimeout: 60000,
  maxWorkers: 2,
};
