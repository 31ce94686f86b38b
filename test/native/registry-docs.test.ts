import * as fs from "node:fs";
import * as path from "node:path";
import { KEYS, WORKSPACES } from "../../provider/config";
import { importIdFormats } from "../../provider/native/resources";
import { definitions } from "../../provider/resources/registry";
import { GO_IMPORT_BASE_PATH, SCHEMA_FILE } from "../../scripts/native-schema";
import {
  EXAMPLE_FILES,
  EXAMPLES_DIR,
  exampleTypes,
  sourceDigest,
  SOURCES_FILE,
  type ExampleLanguage,
} from "../../scripts/registry-examples";

/**
 * The Registry documentation: docs/_index.md and docs/installation-configuration.md, and each
 * resource's example and `## Import` section in the schema. That the examples compile or preview
 * is test/native/registry-examples.test.ts's (through the real CLI).
 */

const root = path.resolve(__dirname, "..", "..");
const schema = JSON.parse(fs.readFileSync(SCHEMA_FILE, "utf8")) as {
  resources: Record<string, { description: string }>;
  language: { nodejs: { packageName: string }; python: { packageName: string } };
};
const LANGUAGES = Object.keys(EXAMPLE_FILES) as ExampleLanguage[];
/** The examples that are not a resource's: the overview's and the explicit provider's. */
const PAGE_EXAMPLES = ["index", "provider"];

const read = (...parts: string[]) => fs.readFileSync(path.join(...parts), "utf8");
const example = (type: string, language: ExampleLanguage) =>
  read(EXAMPLES_DIR, type, EXAMPLE_FILES[language]).trimEnd();

describe("each resource's example, written once in PCL and converted", () => {
  test("every resource has one, and every example is a resource's or a page's", () => {
    expect(exampleTypes()).toEqual(
      [...definitions.map((d) => d.type), ...PAGE_EXAMPLES].sort((a, b) => (a < b ? -1 : 1)),
    );
  });

  test.each(exampleTypes())("%s: converted into every language from its present source", (type) => {
    for (const language of LANGUAGES) {
      expect(fs.existsSync(path.join(EXAMPLES_DIR, type, EXAMPLE_FILES[language]))).toBe(true);
    }
    const converted = (JSON.parse(read(SOURCES_FILE)) as Record<string, string>)[type];
    if (converted !== sourceDigest(type)) {
      throw new Error(`examples/registry/${type}/main.pp changed since: run \`npm run examples\``);
    }
  });
});

describe("each resource's schema description, as the Registry and the SDKs read it", () => {
  test.each(definitions.map((d) => [d.type, d.token]))(
    "%s: its example in every language, between the examples markers",
    (type, token) => {
      const description = schema.resources[token]!.description;
      const block = /\{\{% examples %\}\}[\s\S]*\{\{% \/examples %\}\}/.exec(description)?.[0];
      expect(block).toBeDefined();
      expect(block).toContain("{{% example %}}\n\n### ");
      for (const [language, fence] of [
        ["typescript", "typescript"],
        ["python", "python"],
        ["go", "go"],
        ["yaml", "yaml"],
      ] as const) {
        expect(block).toContain(`\`\`\`${fence}\n${example(type, language)}\n\`\`\``);
      }
    },
  );

  test.each(definitions.map((d) => [d.type, d.token]))(
    "%s: an Import section with each import id the plugin reads",
    (_type, token) => {
      const description = schema.resources[token]!.description;
      const section = description.slice(description.indexOf("## Import"));
      expect(section.startsWith("## Import")).toBe(true);
      for (const format of importIdFormats(token)) {
        expect(section).toContain(`$ pulumi import ${token} <name> ${format}\n`);
      }
    },
  );

  test("a site's section shows <siteId>/<id>, a grant its two forms", () => {
    const of = (type: string) => schema.resources[`docs-workspace:index:${type}`]!.description;
    expect(of("SiteSection")).toContain("<name> <siteId>/<id>\n");
    expect(of("SpacePermission")).toContain("<name> <spaceId>/teams/<teamId>\n");
    expect(of("SpacePermission")).toContain("<name> <spaceId>/users/<userId>\n");
  });
});

describe("docs/_index.md and docs/installation-configuration.md", () => {
  const index = read(root, "docs", "_index.md");
  const install = read(root, "docs", "installation-configuration.md");

  test.each([
    ["_index.md", index],
    ["installation-configuration.md", install],
  ])("%s has the front matter of a Registry package page", (_name, page) => {
    const front = /^---\n([\s\S]*?)\n---\n/.exec(page)?.[1] ?? "";
    expect(front).toMatch(/^title: \S/m);
    expect(front).toMatch(/^meta_desc: \S/m);
    expect(front).toMatch(/^layout: package$/m);
  });

  test("the overview shows examples/registry/index in every language, as converted", () => {
    for (const language of LANGUAGES) {
      expect(index).toContain(`\`\`\`${language}\n${example("index", language)}\n\`\`\``);
    }
  });

  test("the explicit provider is examples/registry/provider in every language, as converted", () => {
    for (const language of LANGUAGES) {
      expect(install).toContain(`\`\`\`${language}\n${example("provider", language)}\n\`\`\``);
    }
  });

  test("installation names each language's package with its own package manager", () => {
    const goModule = path.dirname(path.dirname(GO_IMPORT_BASE_PATH));
    expect(install).toContain(`npm install ${schema.language.nodejs.packageName}`);
    expect(install).toContain("npm install pulumi-docs-workspace ");
    expect(install).toContain(
      `pip install ${schema.language.python.packageName.replace(/_/g, "-")}`,
    );
    expect(install).toContain(`go get ${goModule} `);
    expect(install).toContain("pulumi config set docs-workspace:apiToken --secret");
  });

  test("configuration lists every key provider/config.ts reads, with its environment variable", () => {
    const rows = install.split("\n").filter((line) => line.startsWith("| `docs-workspace:"));
    const listed = rows.map((row) => /^\| `([^`]+)`\s*\| `([^`]+)`/.exec(row)?.slice(1, 3));
    expect(listed).toEqual([
      ...Object.values(KEYS).map((key) => [key.config, key.env]),
      [WORKSPACES.config, WORKSPACES.env],
    ]);
  });
});
