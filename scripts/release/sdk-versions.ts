/**
 * Where each committed SDK under sdk/ states its version, and the check that all are the
 * provider's: `npx changeset version` bumps the npm packages only, `npm run schema && npm run sdk`
 * must follow (docs/native-sdks.md). Used by the release's npm step and by
 * test/native/sdk-version.test.ts.
 */
import * as fs from "node:fs";
import * as path from "node:path";

/** Where each committed SDK states its version: file (under sdk/) and how to find it there. */
const VERSION_SITES: [file: string, pattern: RegExp][] = [
  ["nodejs/package.json", /^ {4}"version": "([^"]+)"/m],
  ["nodejs/package.json", /"pulumi": \{[^}]*"version": "([^"]+)"/],
  ["python/pyproject.toml", /^\s*version = "([^"]+)"/m],
  ["python/pulumi_docs_workspace/pulumi-plugin.json", /"version": "([^"]+)"/],
  ["go/docsworkspace/pulumi-plugin.json", /"version": "([^"]+)"/],
  ["go/docsworkspace/internal/pulumiUtilities.go", /semver\.MustParse\("([^"]+)"\)/],
];

/**
 * Each place an SDK under `dir` states a version other than `version` (the provider's): what
 * `npx changeset version` leaves until `npm run schema && npm run sdk` follow it. Empty when all
 * agree. The Python version is PEP 440's spelling of the same (0.3.0 stays 0.3.0).
 */
export function sdkVersionProblems(dir: string, version: string): string[] {
  return VERSION_SITES.flatMap(([file, pattern]) => {
    const at = path.join(dir, file);
    const found = fs.existsSync(at) ? pattern.exec(fs.readFileSync(at, "utf8"))?.[1] : undefined;
    if (found === undefined) return [`sdk/${file}: no version found`];
    return found === version
      ? []
      : [
          `sdk/${file}: version ${found}, not the provider's ${version} (run \`npm run schema && npm run sdk\`)`,
        ];
  });
}
