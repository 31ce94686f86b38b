import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { loadProject, resolveEntryPoint } from "../../cli/harness/project";

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

/** The program the Node.js host would run, found as the host finds it (cmd/run/run.js). */
describe("entry points", () => {
  let work: string;
  const write = (file: string, text = "") => {
    fs.mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
    fs.writeFileSync(path.join(work, file), text);
  };
  const at = (...parts: string[]) => path.join(work, ...parts);
  beforeEach(() => {
    // Outside the repository: no package.json above but the ones a test writes.
    work = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "harness-entry-")));
  });
  afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

  test("without main and without a package.json, the program folder, run from itself", () => {
    write("prog/index.ts");
    expect(resolveEntryPoint(at("prog"), "")).toEqual({ cwd: at("prog"), program: at("prog") });
  });

  test("a main file is run as it is, from its own folder", () => {
    write("prog/src/app.ts");
    write("package.json", JSON.stringify({ main: "lib.js" }));
    write("lib.js");
    expect(resolveEntryPoint(at("prog"), "src/app.ts")).toEqual({
      cwd: at("prog", "src"),
      program: at("prog", "src", "app.ts"),
    });
  });

  test("a main folder with a package.json above it runs that package's main, as the CLI would", () => {
    write("package.json", JSON.stringify({ main: "./dist/index.js" }));
    write("dist/index.js");
    write("examples/workspace/index.ts");
    write("Pulumi.yaml");
    expect(resolveEntryPoint(work, "examples/workspace/")).toEqual({
      cwd: at("examples", "workspace"),
      program: at("dist", "index.js"),
      manifest: at("package.json"),
    });
    // No main at all: the project's own folder, and the same package.json.
    expect(resolveEntryPoint(at("examples", "workspace"), "").program).toBe(at("dist", "index.js"));
  });

  test('exports comes before main: a string, or the "." entry\'s default, require or import', () => {
    write("prog/index.ts");
    write("prog/a.js");
    write("prog/b.js");
    write("prog/package.json", JSON.stringify({ main: "a.js", exports: "./b.js" }));
    expect(resolveEntryPoint(at("prog"), "").program).toBe(at("prog", "b.js"));
    write(
      "prog/package.json",
      JSON.stringify({ main: "a.js", exports: { ".": { types: "./x.d.ts", require: "./b.js" } } }),
    );
    expect(resolveEntryPoint(at("prog"), "").program).toBe(at("prog", "b.js"));
    // An exports map without "." names nothing, and main is not consulted.
    write("prog/package.json", JSON.stringify({ main: "a.js", exports: { "./x": "./b.js" } }));
    expect(resolveEntryPoint(at("prog"), "").program).toBe(at("prog"));
  });

  test("an entry the package.json names but that does not exist falls back to the folder", () => {
    write("prog/index.ts");
    write("prog/package.json", JSON.stringify({ main: "bin/index.js" }));
    expect(resolveEntryPoint(at("prog"), "").program).toBe(at("prog"));
  });

  test("a main that does not exist is refused, as the CLI refuses it", () => {
    write("prog/index.ts");
    expect(() => resolveEntryPoint(at("prog"), "index.js")).toThrow(
      /project 'main' could not be read/,
    );
  });

  test("every Node.js Pulumi project of this repository runs its own program, not the package's library", () => {
    const root = path.resolve(__dirname, "..", "..");
    // The harness runs Node.js programs; the native provider's YAML, Python and Go ones are the CLI's.
    const nodejs = (dir: string) =>
      /^runtime:\s*(?:nodejs\b|\n\s+name:\s*nodejs\b)/m.test(
        fs.readFileSync(path.join(dir, "Pulumi.yaml"), "utf8"),
      );
    const projects = [
      root,
      ...["examples", path.join("test", "fixtures")].flatMap((parent) =>
        fs
          .readdirSync(path.join(root, parent))
          .map((d) => path.join(root, parent, d))
          .filter((d) => fs.existsSync(path.join(d, "Pulumi.yaml")) && nodejs(d)),
      ),
    ];
    expect(projects.length).toBeGreaterThan(10);
    for (const dir of projects) {
      const { main, cwd } = loadProject(dir, "dev");
      expect({ dir, main: path.relative(dir, main) }).toEqual({
        dir,
        main: expect.stringMatching(/^(?!\.\.)(?!dist\/).*\.ts$/),
      });
      expect(cwd).toBe(path.dirname(main));
    }
  });
});
