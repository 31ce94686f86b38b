import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { SDK_DIR } from "../../scripts/native-sdk";
import { sdkVersionProblems } from "../../scripts/release/sdk-versions";

/**
 * The committed SDKs follow the provider's version (Changesets' fixed group): after
 * `npx changeset version`, `npm run schema && npm run sdk` regenerate them at the new one. No CLI
 * needed: the real-CLI tier's sdk.test.ts checks that sdk/ is what gen-sdk writes.
 */
const root = path.resolve(__dirname, "..", "..");
const providerVersion = (
  JSON.parse(fs.readFileSync(path.join(root, "provider", "package.json"), "utf8")) as {
    version: string;
  }
).version;

test("every committed SDK states the provider package's version", () => {
  expect(sdkVersionProblems(SDK_DIR, providerVersion)).toEqual([]);
});

test("the Node.js SDK, a workspace package, has the fixed group's version and name", () => {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(SDK_DIR, "nodejs", "package.json"), "utf8"),
  ) as { name: string; version: string };
  expect(manifest).toMatchObject({
    name: "pulumi-docs-workspace-native",
    version: providerVersion,
  });
  const rootManifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
    workspaces: string[];
  };
  expect(rootManifest.workspaces).toContain("sdk/nodejs");
  const changesets = JSON.parse(
    fs.readFileSync(path.join(root, ".changeset", "config.json"), "utf8"),
  ) as { fixed: string[][] };
  const group = changesets.fixed.find((g) => g.includes("pulumi-docs-workspace"));
  expect(group).toContain("pulumi-docs-workspace-native");
});

test("a version bumped by `changeset version` alone is named in every file still behind", () => {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-sdk-version-"));
  try {
    fs.cpSync(SDK_DIR, copy, {
      recursive: true,
      filter: (src) => !/[/\\](bin|node_modules)$/.test(src),
    });
    // What `npx changeset version` does to the workspace package, and nothing else.
    const manifest = path.join(copy, "nodejs", "package.json");
    const text = fs.readFileSync(manifest, "utf8");
    fs.writeFileSync(manifest, text.replace(/^( {4}"version": )"[^"]+"/m, '$1"9.8.7"'));
    const problems = sdkVersionProblems(copy, "9.8.7");
    expect(problems).toHaveLength(5);
    expect(problems.join("\n")).toContain("sdk/python/pyproject.toml: version");
    expect(problems.join("\n")).toContain("sdk/go/docsworkspace/internal/pulumiUtilities.go");
    expect(problems.every((p) => p.includes("npm run schema && npm run sdk"))).toBe(true);
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
});
