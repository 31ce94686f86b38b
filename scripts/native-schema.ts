import * as fs from "node:fs";
import * as path from "node:path";
import { CONFIG_NAMESPACE } from "../provider/config";
import { definitions, type RegisteredResource } from "../provider/resources/registry";
import { configProperties } from "./native-schema/config";
import { examplesSection, importSection } from "./native-schema/examples";
import { inputProperties } from "./native-schema/inputs";
import { Sources, type Lookup } from "./native-schema/source";
import { paragraphs, TypeTable, type Property, type PropertySpec } from "./native-schema/spec";

/**
 * `npm run schema`: writes provider/native/schema.json, the native provider's Pulumi package
 * schema, from the declarations the dynamic resources use: each definition's zod inputs (types,
 * enums, required, limits), its outputs, secrets and replacements, and the TSDoc and output types
 * the TypeScript checker reads from provider/resources and provider/lookups. Never edited by hand:
 * test/native/schema.test.ts fails when the committed file differs from a fresh generation.
 */

const rootDir = path.resolve(__dirname, "..");
export const SCHEMA_FILE = path.join(rootDir, "provider", "native", "schema.json");

const ADOPT =
  "Adoption: with `adoptId`, create takes over that existing object (read, then updated to the declared arguments) instead of making another; later changes to `adoptId` are no change. `pulumi import` does the same through the engine.";

function specs(properties: Record<string, Property>): Record<string, PropertySpec> {
  return Object.fromEntries(Object.entries(properties).map(([k, p]) => [k, p.spec]));
}

function requiredOf(properties: Record<string, Property>): string[] {
  return Object.keys(properties).filter((k) => properties[k]!.required);
}

function resourceSpec(table: TypeTable, sources: Sources, def: RegisteredResource) {
  const file = sources.resourceFile(def.type);
  const definitionName = def.type.charAt(0).toLowerCase() + def.type.slice(1);
  const inputs = inputProperties(table, def.type, def.inputs, sources.argsDocs(file, def.type));
  const mapperDocs = sources.outputDocs(file, definitionName);
  const own = def.outputs.filter((key) => !(key in inputs));
  const typed = sources.outputTypes(file, definitionName, def.type, def.outputs, own);
  const secret = (key: string) => def.secretOutputs.includes(key);
  for (const [key, input] of Object.entries(inputs)) {
    input.spec = {
      ...input.spec,
      ...(def.replaceOnChange.includes(key) ? { replaceOnChanges: true } : {}),
      ...(secret(key) ? { secret: true } : {}),
    };
  }
  const outputs: Record<string, Property> = {};
  // The workspace too: the state keeps it, and replaceOnChanges is read from the outputs.
  const workspace = def.replaceOnChange.filter((k) => !def.outputs.includes(k));
  for (const key of [...def.outputs, ...workspace]) {
    // An output that is also an input has the input's type (its enum, its object type).
    const { description: _, default: __, ...type } = inputs[key]?.spec ?? typed[key]!.spec;
    const description = paragraphs(inputs[key]?.spec.description, mapperDocs[key]);
    outputs[key] = {
      spec: {
        ...type,
        ...(description === undefined ? {} : { description }),
        ...(secret(key) ? { secret: true } : {}),
      },
      required: typed[key]?.required ?? false,
    };
  }
  const createOnly =
    def.createOnly.length === 0
      ? undefined
      : `Set only at creation: ${def.createOnly.map((k) => `\`${k}\``).join(", ")} (a later change is no change).`;
  return {
    description: paragraphs(
      sources.classDoc(file, def.type),
      createOnly,
      ADOPT,
      examplesSection(def.type),
      importSection(def.token, def.importId),
    ),
    properties: specs(outputs),
    required: requiredOf(outputs),
    inputProperties: specs(inputs),
    requiredInputs: requiredOf(inputs),
  };
}

function functionSpec(lookup: Lookup) {
  const inputs = requiredOf(lookup.inputs);
  return {
    description: lookup.description,
    inputs: {
      type: "object",
      properties: specs(lookup.inputs),
      ...(inputs.length > 0 ? { required: inputs } : {}),
    },
    outputs: {
      type: "object",
      properties: specs(lookup.outputs),
      required: requiredOf(lookup.outputs),
    },
  };
}

function packageVersion(): string {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(rootDir, "provider", "package.json"), "utf8"),
  ) as {
    version: string;
  };
  return manifest.version;
}

/** The package schema as an object, keys in a fixed order. */
export function generateSchema(): Record<string, unknown> {
  const table = new TypeTable(CONFIG_NAMESPACE);
  const sources = new Sources(table);
  const config = configProperties(table, sources.configDocs());
  const resources = Object.fromEntries(
    [...definitions]
      .sort((a, b) => a.token.localeCompare(b.token))
      .map((def) => [def.token, resourceSpec(table, sources, def)]),
  );
  const functions = Object.fromEntries(
    sources
      .lookups()
      .map((lookup) => [`${CONFIG_NAMESPACE}:index:${lookup.name}`, functionSpec(lookup)]),
  );
  return {
    name: CONFIG_NAMESPACE,
    displayName: "Documentation Workspace",
    version: packageVersion(),
    description:
      "Resources of the Documentation Workspace Management API: collections, spaces, docs sites and their structure, share links, teams, SSO, OpenAPI specs and translations.",
    keywords: ["pulumi", "docs-workspace", "documentation", "kind/native", "category/utility"],
    homepage: REPOSITORY,
    license: "Apache-2.0",
    repository: REPOSITORY,
    publisher: PUBLISHER,
    logoUrl: LOGO_URL,
    pluginDownloadURL: PLUGIN_DOWNLOAD_URL,
    meta: { moduleFormat: "(.*)" },
    config: { variables: config },
    provider: {
      description: "The docs-workspace provider: where the API is and the credentials to call it.",
      inputProperties: config,
      properties: Object.fromEntries(
        Object.entries(config).filter(([, spec]) => spec.type === "string"),
      ),
    },
    types: table.toJSON(),
    resources,
    functions,
    language: languages(),
  };
}

/** The repository the package is published from: its homepage, and its releases hold the plugin. */
export const REPOSITORY = "https://github.com/docs-workspace/pulumi-docs-workspace";
/** Who publishes the package, as the Registry shows it. */
export const PUBLISHER = "docs-workspace";
/** docs/logo.svg of the repository's main branch, as GitHub serves its raw files. */
export const LOGO_URL =
  "https://raw.githubusercontent.com/docs-workspace/pulumi-docs-workspace/main/docs/logo.svg";
/**
 * Where the engine downloads the plugin: the repository's GitHub releases, each carrying
 * `pulumi-resource-docs-workspace-v<version>-<os>-<arch>.tar.gz` (`npm run release` builds them).
 */
export const PLUGIN_DOWNLOAD_URL = "github://api.github.com/docs-workspace/pulumi-docs-workspace";

/** The Go module: its go.mod is sdk/go.mod, released by the tag `sdk/v<version>`. */
export const GO_MODULE_PATH = "github.com/docs-workspace/pulumi-docs-workspace/sdk";
/** Where the Go SDK's package lives: sdk/go/docsworkspace of that module. */
export const GO_IMPORT_BASE_PATH = `${GO_MODULE_PATH}/go/docsworkspace`;
/** The npm package of the generated Node.js SDK (the dynamic resources are `pulumi-docs-workspace`). */
export const NODEJS_PACKAGE = "pulumi-docs-workspace-native";
/** The Python distribution (PyPI name; pip also accepts `pulumi_docs_workspace`) and its import name. */
export const PYTHON_PACKAGE = "pulumi_docs_workspace";

/**
 * The language sections gen-sdk reads. Each SDK carries the schema's version
 * (`respectSchemaVersion`: without it the generators write 0.0.0 or a `${VERSION}` placeholder for
 * a build to fill in). The Node.js SDK's TypeScript and Node types are the workspace's own, so that
 * as a workspace package it adds none of its own to the install. .NET and Java are not generated
 * here (docs/native-sdks.md), their sections are ready for when their generators are reachable.
 */
function languages(): Record<string, Record<string, unknown>> {
  const root = JSON.parse(fs.readFileSync(path.join(rootDir, "package.json"), "utf8")) as {
    devDependencies: Record<string, string>;
  };
  return {
    nodejs: {
      packageName: NODEJS_PACKAGE,
      packageDescription:
        "The docs-workspace provider's native Pulumi SDK: the Documentation Workspace Management API's resources, served by the plugin.",
      dependencies: { "@pulumi/pulumi": "^3.142.0" },
      devDependencies: {
        "@types/node": root.devDependencies["@types/node"]!,
        typescript: root.devDependencies.typescript!,
      },
      respectSchemaVersion: true,
    },
    python: {
      packageName: PYTHON_PACKAGE,
      requires: { pulumi: ">=3.142.0,<4.0.0" },
      pyproject: { enabled: true },
      respectSchemaVersion: true,
    },
    go: {
      importBasePath: GO_IMPORT_BASE_PATH,
      generateResourceContainerTypes: true,
      respectSchemaVersion: true,
    },
    csharp: {
      rootNamespace: "DocsWorkspace",
      packageReferences: { Pulumi: "3.*" },
      respectSchemaVersion: true,
    },
    java: {
      basePackage: "io.github.docsworkspace",
      buildFiles: "gradle",
      dependencies: { "com.pulumi:pulumi": "1.0.0" },
    },
  };
}

/**
 * The schema as committed: JSON of two-space indent, keys in the order the generator writes them
 * (resources, functions and types sorted by token), so that one declaration gives one text.
 * Prettier leaves it alone (.prettierignore): the generator owns its format.
 */
export function schemaText(): string {
  return `${JSON.stringify(generateSchema(), null, 2)}\n`;
}

if (require.main === module) {
  fs.writeFileSync(SCHEMA_FILE, schemaText());
  console.log(`wrote ${path.relative(process.cwd(), SCHEMA_FILE)}`);
}
