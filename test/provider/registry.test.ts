import * as pkg from "../../provider/index";
import { definitions } from "../../provider/resources/registry";
import * as tools from "../../provider/tools";

/**
 * The registry (provider/resources/registry.ts) is the one list of the package's resources. The
 * package's entry and the tools' entry still export each resource by name, for TypeScript: these
 * tests fail the day one of them lists a resource the registry lacks, or lacks one it has.
 */
const isDefinition = (value: unknown): value is { token: string } =>
  typeof value === "object" && value !== null && "token" in value && "handlers" in value;

test("the registry holds each resource once, by kind, type and token", () => {
  for (const key of ["kind", "type", "token"] as const) {
    expect(new Set(definitions.map((d) => d[key])).size).toBe(definitions.length);
  }
});

test("the package exports a Resource class for each resource of the registry, and no other", () => {
  const classes = Object.entries(pkg)
    .filter(([, value]) => typeof value === "function" && "props" in value)
    .map(([name]) => name);
  expect(classes.sort()).toEqual(definitions.map((d) => d.type).sort());
});

test("the tools' entry exports each definition of the registry by name, and no other", () => {
  const exported = Object.values(tools).filter(isDefinition);
  expect(new Set(exported)).toEqual(new Set(definitions));
  expect(exported).toHaveLength(definitions.length);
});

test("the grant resources are one declaration: each differs from the others in its target alone", () => {
  const grants = definitions.filter((d) => d.additiveTarget?.list === "permissions");
  expect(grants.map((d) => d.type).sort()).toEqual([
    "CollectionPermission",
    "SitePermission",
    "SpacePermission",
  ]);
  // Each grant, its target's key written as `<target>`.
  const shape = (d: (typeof grants)[number]) => {
    const key = d.additiveTarget!.key;
    const named = (k: string) => (k === key ? "<target>" : k);
    return {
      inputs: Object.keys(d.inputs.shape).map(named),
      outputs: d.outputs.map(named),
      replaceOnChange: d.replaceOnChange.map(named),
      importId: d.importId.formats.map((f) => f.replace(`<${key}>`, "<target>")),
      repeatable: d.repeatable,
    };
  };
  for (const d of grants) {
    expect(definitions.find((o) => o.type === d.additiveTarget!.owner)).toBeDefined();
    expect(shape(d)).toEqual(shape(grants[0]!));
  }
});

test("what the exporter reads on a definition names outputs and types of the registry", () => {
  const types = definitions.map((d) => d.type);
  const owning = definitions.filter((d) => (d.exporter.owns ?? []).length > 0);
  expect(owning.map((d) => d.type).sort()).toEqual(["SiteSection", "Translation"]);
  for (const d of owning) {
    for (const owned of d.exporter.owns!) {
      expect(d.outputs).toContain(owned.output);
      expect(types).toContain(owned.type);
    }
  }
  const standing = definitions.filter((d) => d.exporter.standing).map((d) => d.type);
  expect(standing.sort()).toEqual(["OrganizationMember", "OrganizationSettings"]);
});
