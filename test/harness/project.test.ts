import * as fs from "node:fs";
import * as path from "node:path";
import { loadProject } from "../../harness/project";

/** The stack config the harness reads, as `pulumi config set` leaves it. */
describe("stack config", () => {
  let dir: string;
  beforeEach(() => {
    // Inside the project: the harness finds @pulumi/pulumi from the program's folder upward.
    dir = fs.mkdtempSync(path.join(__dirname, ".project-"));
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: p\nruntime: nodejs\n");
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  test("a value the CLI encrypted inside a structured value is refused, naming the flag to pass it by", () => {
    fs.writeFileSync(
      path.join(dir, "Pulumi.dev.yaml"),
      [
        "config:",
        "  docs-workspace:workspaces:",
        "    prod:",
        "      organizationId: org_prod",
        "      apiToken:",
        "        secure: v1:abcdef",
      ].join("\n"),
    );
    expect(() => loadProject(dir, "dev", {}, {})).toThrow(
      /docs-workspace:workspaces is encrypted by the Pulumi CLI, which the harness cannot decrypt; pass it as a secret \(--secret-env docs-workspace:workspaces=VARIABLE/,
    );
    const json = JSON.stringify({ prod: { organizationId: "org_prod", apiToken: "t" } });
    const project = loadProject(dir, "dev", {}, { "docs-workspace:workspaces": json });
    expect(project.config["docs-workspace:workspaces"]).toBe(json);
    expect(project.secretKeys).toEqual(["docs-workspace:workspaces"]);
  });

  test("a structured value in clear reaches the program as JSON", () => {
    fs.writeFileSync(
      path.join(dir, "Pulumi.dev.yaml"),
      "config:\n  docs-workspace:workspaces:\n    prod:\n      organizationId: org_prod\n",
    );
    expect(loadProject(dir, "dev", {}, {}).config["docs-workspace:workspaces"]).toBe(
      JSON.stringify({ prod: { organizationId: "org_prod" } }),
    );
  });
});
