import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { camelCase, code, kebabCase, literal, Names } from "../../cli/exporter/code";
import * as ts from "typescript";
import { readManaged } from "../../cli/exporter/unmanaged";
import { inventoryOf } from "../support/inventory";
import {
  buildProgram,
  COMMON_INPUTS,
  EXPORTED_TYPES,
  SKIPPED_KINDS,
} from "../../cli/exporter/program";
import type { z } from "zod";
import type { DefinedResource } from "../../provider/lifecycle/define";

const resourcesDir = path.resolve(__dirname, "../../provider/resources");

/** Every resource the provider defines, found in provider/resources/*.ts. */
function definitions(): DefinedResource<z.ZodObject, unknown>[] {
  return fs
    .readdirSync(resourcesDir)
    .filter((file) => file.endsWith(".ts"))
    .flatMap((file) =>
      // Found by listing the folder, so that a resource added later is checked with no edit here.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      Object.values(require(path.join(resourcesDir, file)) as Record<string, unknown>),
    )
    .filter(
      (value): value is DefinedResource<z.ZodObject, unknown> =>
        typeof value === "object" && value !== null && "handlers" in value && "inputs" in value,
    );
}

test("every resource the provider defines is exported, or left to another resource with a reason", () => {
  const types = definitions().map((d) => d.type);
  expect(types.length).toBeGreaterThanOrEqual(15);
  for (const type of types) {
    expect(EXPORTED_TYPES.includes(type) || type in SKIPPED_KINDS).toBe(true);
  }
  expect([...EXPORTED_TYPES, ...Object.keys(SKIPPED_KINDS)].sort()).toEqual(types.sort());
  for (const key of Object.keys(COMMON_INPUTS)) {
    for (const d of definitions()) expect(Object.keys(d.inputs.shape)).toContain(key);
  }
});

test("variable names are valid identifiers, unique, never a reserved word or a name the program uses", () => {
  const names = new Names(["pulumi", "config", "Space"]);
  expect(names.take("Engineering handbook", "Collection")).toBe("engineeringHandbook");
  expect(names.take("Engineering handbook", "Space")).toBe("engineeringHandbookSpace");
  expect(names.take("Engineering handbook", "Space")).toBe("engineeringHandbook2");
  expect(names.take("2024 plans", "Space")).toBe("space2024Plans");
  expect(names.take("📟", "Space")).toBe("space");
  expect(names.take("class", "Collection")).toBe("classCollection");
  expect(names.take("Config", "Collection")).toBe("configCollection");
  expect(names.take("Équipe café", "Team")).toBe("equipeCafe");
  expect(camelCase("on-call  RUNBOOK")).toBe("onCallRunbook");
  expect(kebabCase("paymentsTeam2")).toBe("payments-team-2");
});

test("values are written as literals, references as code, texts of several lines as template literals", () => {
  expect(
    literal({
      title: 'A "quoted" title',
      parent: code("handbook.id"),
      "odd-key": [1, true, null],
      left: undefined,
    }),
  ).toBe('{ title: "A \\"quoted\\" title", parent: handbook.id, "odd-key": [1, true, null] }');
  const text = "line `one` ${x}\r\nline \\two\n";
  expect(eval(literal(text))).toBe(text);
});

test("titles cannot end a comment of the generated program: every line terminator TypeScript knows is folded", () => {
  const escape = "Acme\u2028process.exit(1)\u2029globalThis.x = 1\r\nthe end";
  const inventory = inventoryOf({
    organization: { id: "org1", title: escape, emailDomains: [] },
    sites: [
      {
        site: { id: "site1", title: escape, type: "basic", visibility: "public", published: true },
        sections: [{ id: "sec1", title: escape, path: "s", siteSpaces: [] }],
        siteSpaces: [],
        groups: [],
        shareLinks: [],
        adaptiveSchema: { jsonSchema: {} },
        customization: { site: {}, siteSpaces: {} },
        redirects: [],
        externalLinks: [],
        visitorAuth: { backend: "custom", privateKey: "never written" },
        agentSettings: {
          scans: { topics: "auto" },
          findings: { changeRequests: "never" },
          editing: { customInstructions: { object: "document", data: {}, nodes: [] } },
        },
        ads: { status: "pending", submittable: true },
        mcpServers: [],
        channels: [],
        contextConnections: [],
      },
    ],
  });
  const { source } = buildProgram(inventory);
  const file = ts.createSourceFile("index.ts", source, ts.ScriptTarget.Latest);
  const kinds = file.statements.map((s) =>
    ts.isImportDeclaration(s) ? "import" : ts.isVariableStatement(s) ? "const" : "other",
  );
  // The config, the site and the organization's settings; the section holds no space.
  expect(kinds).toEqual(["import", "import", "const", "const", "const"]);
});

test("control characters in titles and texts are written into index.ts as escapes, and read back as they were", () => {
  const hostile = "Acme\x1b]52;c;ZWNobyBwd25lZA==\x07\x1b[2J\u009b31m\u202eevil\x00\x7f\t";
  const control =
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
  for (const value of [hostile, `${hostile}\nsecond line`, { [hostile]: hostile }]) {
    const written = literal(value);
    expect(written).not.toMatch(control);
    expect(eval(`(${written})`)).toEqual(value);
  }
  const inventory = inventoryOf({
    organization: { id: "org1", title: hostile, emailDomains: [] },
  });
  const { source } = buildProgram(inventory);
  expect(source).toContain("Acme\\x1b]52;c;ZWNobyBwd25lZA==\\x07");
  expect(source).not.toMatch(control);
});

test("two titles that differ only in case get names that differ in the stack too", () => {
  const names = new Names();
  const first = names.take("FooBAR", "Space");
  const second = names.take("Foo Bar", "Space");
  expect(first).not.toBe(second);
  // The resource's name in the stack: the same one twice is a duplicate URN at the first up.
  expect(kebabCase(first)).not.toBe(kebabCase(second));
});

test("a state file that is not JSON is refused without quoting its text, which may hold a token", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "unmanaged-"));
  try {
    const file = path.join(dir, ".env");
    fs.writeFileSync(file, "tok_SECRET_1234567890\n");
    expect(() => readManaged(file)).toThrow(`${file}: not a readable state file (not JSON)`);
    expect(() => readManaged(file)).not.toThrow(/tok_SECRET/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
