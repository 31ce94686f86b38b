import * as fs from "node:fs";
import * as path from "node:path";
import { z } from "zod";
import * as publicSurface from "../../provider/index";
import { KEYS, WORKSPACES } from "../../provider/config";
import { definitions } from "../../provider/resources/registry";
import {
  GO_IMPORT_BASE_PATH,
  GO_MODULE_PATH,
  SCHEMA_FILE,
  schemaText,
} from "../../scripts/native-schema";

const root = path.resolve(__dirname, "..", "..");

interface Property {
  type?: string;
  $ref?: string;
  secret?: boolean;
  replaceOnChanges?: boolean;
  description?: string;
  default?: unknown;
  defaultInfo?: { environment: string[] };
  additionalProperties?: Property;
}
interface ObjectSpec {
  properties: Record<string, Property>;
  required?: string[];
}
interface ResourceSpec extends ObjectSpec {
  description?: string;
  inputProperties: Record<string, Property>;
  requiredInputs?: string[];
}
interface Schema {
  name: string;
  version: string;
  publisher: string;
  repository: string;
  homepage: string;
  logoUrl: string;
  pluginDownloadURL: string;
  keywords: string[];
  license: string;
  meta?: Record<string, unknown>;
  config: { variables: Record<string, Property> };
  provider: { inputProperties: Record<string, Property> };
  types: Record<string, ObjectSpec & { enum?: { value: string }[] }>;
  resources: Record<string, ResourceSpec>;
  functions: Record<string, { inputs: ObjectSpec; outputs: ObjectSpec }>;
  language: Record<string, Record<string, unknown>>;
}

const committed = fs.readFileSync(SCHEMA_FILE, "utf8");
const schema = JSON.parse(committed) as Schema;

const keysWhere = (props: Record<string, Property>, flag: "secret" | "replaceOnChanges") =>
  Object.keys(props)
    .filter((k) => props[k]![flag] === true)
    .sort();

/** The zod schema under `.optional()`, `.nullable()` and `.default()`. */
function unwrapped(schema: z.ZodType): z.ZodType {
  let current = schema;
  while (
    current instanceof z.ZodOptional ||
    current instanceof z.ZodNullable ||
    current instanceof z.ZodDefault
  ) {
    current = current.unwrap() as z.ZodType;
  }
  return current;
}

test("the committed schema is what `npm run schema` generates from the declarations", () => {
  const fresh = schemaText();
  if (fresh !== committed) {
    const lines = committed.split("\n");
    const at = fresh.split("\n").findIndex((line, i) => line !== lines[i]);
    throw new Error(
      `provider/native/schema.json is out of date (first difference at line ${at + 1}): run \`npm run schema\` and commit it`,
    );
  }
}, 60_000);

test("the schema names the package docs-workspace at the provider package's version", () => {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(root, "provider", "package.json"), "utf8"),
  ) as {
    version: string;
  };
  expect(schema.name).toBe("docs-workspace");
  expect(schema.version).toBe(manifest.version);
  expect(schema.language.nodejs!.packageName).toBe("pulumi-docs-workspace-native");
  expect(schema.language.python!.packageName).toBe("pulumi_docs_workspace");
});

test("the schema carries the Registry's metadata: publisher, repository, homepage, logo, license, keywords", () => {
  const repository = "https://github.com/docs-workspace/pulumi-docs-workspace";
  expect(schema.publisher).toBe("docs-workspace");
  expect(schema.repository).toBe(repository);
  expect(schema.homepage).toBe(repository);
  expect(schema.license).toBe("Apache-2.0");
  expect(schema.keywords).toEqual(expect.arrayContaining(["pulumi", "kind/native"]));
  expect(schema.keywords.filter((k) => k.startsWith("category/"))).toHaveLength(1);
  // The logo is this repository's file, at the address GitHub serves its raw main branch from.
  const raw = "https://raw.githubusercontent.com/docs-workspace/pulumi-docs-workspace/main/";
  expect(schema.logoUrl.startsWith(raw)).toBe(true);
  const logo = fs.readFileSync(path.join(root, schema.logoUrl.slice(raw.length)), "utf8");
  expect(logo).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]* viewBox="[\d. ]+"/);
});

test("the plugin downloads from this repository's GitHub releases", () => {
  expect(schema.pluginDownloadURL).toBe(
    "github://api.github.com/docs-workspace/pulumi-docs-workspace",
  );
});

test("each language section names its package, and every SDK carries the schema's version", () => {
  const { nodejs, python, go, csharp, java } = schema.language;
  for (const section of [nodejs, python, go, csharp]) {
    expect(section!.respectSchemaVersion).toBe(true);
  }
  // gen-sdk then writes no go.mod of its own into sdk/go: the module is sdk/ (sdk/go.mod).
  expect(schema.meta?.supportPack).toBeUndefined();
  expect(nodejs!.packageName).toBe("pulumi-docs-workspace-native");
  expect(Object.keys(nodejs!.dependencies as object)).toEqual(["@pulumi/pulumi"]);
  // The workspace's own TypeScript and Node types: the SDK is one of its packages.
  const rootManifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
    devDependencies: Record<string, string>;
  };
  expect(nodejs!.devDependencies).toEqual({
    "@types/node": rootManifest.devDependencies["@types/node"],
    typescript: rootManifest.devDependencies.typescript,
  });
  expect(python).toMatchObject({
    packageName: "pulumi_docs_workspace",
    pyproject: { enabled: true },
    requires: { pulumi: expect.stringMatching(/^>=3\.\d+\.\d+,<4\.0\.0$/) },
  });
  expect(go).toMatchObject({
    importBasePath: "github.com/docs-workspace/pulumi-docs-workspace/sdk/go/docsworkspace",
    generateResourceContainerTypes: true,
  });
  expect(GO_IMPORT_BASE_PATH.startsWith(`${GO_MODULE_PATH}/`)).toBe(true);
  expect(csharp!.rootNamespace).toBe("DocsWorkspace");
  expect(java!.basePackage).toBe("io.github.docsworkspace");
});

describe.each(definitions.map((d) => [d.token, d] as const))("resource %s", (token, def) => {
  const resource = schema.resources[token]!;

  test("is declared, with every input of its zod schema, required where zod requires it", () => {
    expect(resource).toBeDefined();
    const shape = def.inputs.shape as Record<string, z.ZodType>;
    expect(Object.keys(resource.inputProperties).sort()).toEqual(Object.keys(shape).sort());
    const required = Object.keys(shape).filter((k) => !shape[k]!.safeParse(undefined).success);
    expect([...(resource.requiredInputs ?? [])].sort()).toEqual(required.sort());
  });

  test("carries every output of its Resource class", () => {
    for (const key of def.outputs) expect(resource.properties).toHaveProperty(key);
  });

  test("marks secret exactly its secret outputs", () => {
    const secrets = [...def.secretOutputs].sort();
    expect(keysWhere(resource.properties, "secret")).toEqual(secrets);
    const secretInputs = secrets.filter((k) => k in resource.inputProperties);
    expect(keysWhere(resource.inputProperties, "secret")).toEqual(secretInputs);
  });

  test("replaces on a change of exactly the inputs its definition replaces on", () => {
    const replaces = [...def.replaceOnChange].sort();
    expect(keysWhere(resource.inputProperties, "replaceOnChanges")).toEqual(replaces);
    // The SDKs read replaceOnChanges from the outputs.
    expect(keysWhere(resource.properties, "replaceOnChanges")).toEqual(replaces);
  });

  test("types each zod enum input as an enum type of the same values", () => {
    const shape = def.inputs.shape as Record<string, z.ZodType>;
    for (const [key, input] of Object.entries(shape)) {
      const inner = unwrapped(input);
      if (!(inner instanceof z.ZodEnum)) continue;
      const ref = resource.inputProperties[key]!.$ref ?? "";
      const type = schema.types[ref.replace("#/types/", "")];
      expect(type?.enum?.map((e) => e.value)).toEqual(inner.options);
    }
  });

  test("documents adoptId and describes the resource", () => {
    expect(resource.description).toMatch(/adoptId/);
    expect(resource.inputProperties.adoptId!.description).toEqual(expect.any(String));
  });
});

test("every lookup of the package is a function, with the workspace among its inputs", () => {
  const lookups = Object.keys(publicSurface).filter((name) => /^get[A-Z]/.test(name));
  expect(lookups.length).toBeGreaterThanOrEqual(5);
  expect(Object.keys(schema.functions).sort()).toEqual(
    lookups.map((name) => `docs-workspace:index:${name}`).sort(),
  );
  for (const fn of Object.values(schema.functions)) {
    expect(fn.inputs.properties).toHaveProperty("workspace");
    expect(fn.outputs.required?.length).toBeGreaterThan(0);
  }
});

test("the provider's configuration falls back to the environment provider/config.ts reads", () => {
  for (const props of [schema.config.variables, schema.provider.inputProperties]) {
    for (const [name, key] of Object.entries(KEYS)) {
      expect(props[name]!.defaultInfo!.environment).toEqual([key.env]);
      expect(props[name]!.secret === true).toBe(key.secret);
    }
    expect(props.workspaces!.description).toContain(WORKSPACES.env);
    const settings = schema.types[props.workspaces!.additionalProperties!.$ref!.slice(8)]!;
    expect(Object.keys(settings.properties).sort()).toEqual([
      "apiToken",
      "apiUrl",
      "organizationId",
    ]);
    expect(settings.properties.apiToken!.secret).toBe(true);
  }
});

test("packageSchemaText() of the build answers the committed schema", () => {
  const built = path.join(root, "provider", "dist", "provider", "native", "schema.js");
  if (!fs.existsSync(built))
    throw new Error("no dist/provider/native/schema.js: run `npm run build`");
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the built module, as the plugin has it
  const { packageSchemaText } = require(built) as { packageSchemaText(): string };
  // tsc copies the JSON into dist with an indent of its own: the same schema, not the same text.
  expect(JSON.parse(packageSchemaText())).toEqual(schema);
});
