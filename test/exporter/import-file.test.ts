import { spawnSync } from "node:child_process";
import * as path from "node:path";
import { Code } from "../../cli/exporter/code";
import type { Declaration } from "../../cli/exporter/declarations";
import { importFile } from "../../cli/exporter/import-file";

/**
 * What the exporter's import.json lists (issue 36, item 6): by default not the organization's
 * settings and members, whose id would turn every `organizationId` of the code `pulumi import`
 * writes into a reference to the settings; with `--only`, the kinds named.
 */
const declaration = (type: string, variable: string, id: string, args = {}): Declaration => ({
  type,
  variable,
  name: variable.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`),
  id,
  title: variable,
  args,
  adoptId: id,
  comments: [],
});
const declarations = [
  declaration("OrganizationSettings", "organizationSettings", "org_1"),
  declaration("OrganizationMember", "ada", "user_ada"),
  declaration("Collection", "handbook", "col_1"),
  declaration("Space", "guide", "spc_1", { parent: new Code("handbook.id") }),
  declaration("Site", "docs", "site_1"),
  declaration("SiteSection", "guides", "sec_1", { siteId: new Code("docs.id") }),
];
const listed = (file: ReturnType<typeof importFile>) =>
  file.resources.map((r) => `${r.type.replace("docs-workspace:index:", "")} ${r.name} ${r.id}`);

test("by default import.json lists every kind but the organization's settings and members", () => {
  expect(listed(importFile(declarations))).toEqual([
    "Collection handbook col_1",
    "Space guide spc_1",
    "Site docs site_1",
    "SiteSection guides site_1/sec_1",
  ]);
});

/** The built command's exit code and stderr: `--only` is read before anything is asked of the API. */
function exporter(...args: string[]) {
  const cli = path.resolve(__dirname, "../../cli/dist/cli/exporter/cli.js");
  const result = spawnSync(process.execPath, [cli, ...args], { encoding: "utf8", env: {} });
  return { code: result.status, stderr: result.stderr };
}

test("--only lists the kinds it names, an object of a site still named through its site", () => {
  const only = new Set(["Space", "SiteSection", "OrganizationSettings"]);
  expect(listed(importFile(declarations, only))).toEqual([
    "OrganizationSettings organizationSettings org_1",
    "Space guide spc_1",
    "SiteSection guides site_1/sec_1",
  ]);
});

test("--only refuses a kind that is no resource, naming the kinds, and goes with import.json only", () => {
  const typo = exporter("export", "--out", "x", "--only", "Space,Spaces");
  expect(typo.code).toBe(2);
  expect(typo.stderr).toMatch(/--only takes resource kinds \(Collection, Space, .*\); not Spaces/);
  const clone = exporter("export", "--out", "x", "--clone", "--only", "Space");
  expect([clone.code, clone.stderr]).toEqual([
    2,
    expect.stringContaining("--only goes with an export that writes import.json"),
  ]);
  // Repeated and comma-separated alike: parsed, then the export asks for an organization.
  const both = exporter("export", "--out", "x", "--only", "Space", "--only", "Site,SiteSection");
  expect([both.code, both.stderr]).toEqual([
    1,
    expect.stringContaining("no organization to export"),
  ]);
});
