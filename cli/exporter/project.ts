import * as fs from "node:fs";
import * as path from "node:path";
import { format } from "prettier";
import type { Program } from "./program";

/** The provider's manifest: the generated project depends on the versions it was exported with. */
interface Manifest {
  name: string;
  version: string;
  peerDependencies?: Record<string, string>;
}

function manifest(): Manifest {
  // The provider package's own manifest, through its public `./package.json` entry: the generated
  // project depends on the provider, never on this tools package.
  return JSON.parse(
    fs.readFileSync(require.resolve("pulumi-docs-workspace/package.json"), "utf8"),
  ) as Manifest;
}

/** Formats generated TypeScript the way this project formats its own: prettier, 100 columns. */
export function formatSource(source: string): Promise<string> {
  return format(source, { parser: "typescript", printWidth: 100 });
}

export type ProjectFiles = Record<
  "Pulumi.yaml" | "package.json" | "tsconfig.json" | "index.ts",
  string
>;

/** The files of a ready Pulumi TypeScript project around `program`. */
export async function projectFiles(program: Program, projectName: string): Promise<ProjectFiles> {
  const own = manifest();
  const secrets = program.secrets.map(
    (s) => `#   pulumi config set --secret ${s.key} < FILE   # ${s.description}`,
  );
  return {
    "Pulumi.yaml": `${[
      `name: ${projectName}`,
      "description: A documentation workspace, exported by docs-workspace export.",
      "runtime:",
      "  name: nodejs",
      "  options:",
      "    typescript: true",
      ...(secrets.length > 0
        ? ["# Secrets the export could not read; set each before the first up:", ...secrets]
        : []),
    ].join("\n")}\n`,
    "package.json": `${JSON.stringify(
      {
        name: projectName,
        private: true,
        main: "index.ts",
        dependencies: {
          "@pulumi/pulumi": own.peerDependencies?.["@pulumi/pulumi"] ?? "^3.200.0",
          [own.name]: `^${own.version}`,
        },
      },
      null,
      2,
    )}\n`,
    "tsconfig.json": `${JSON.stringify(
      {
        compilerOptions: {
          strict: true,
          target: "ES2022",
          module: "commonjs",
          moduleResolution: "node",
          esModuleInterop: true,
          skipLibCheck: true,
        },
        files: ["index.ts"],
      },
      null,
      2,
    )}\n`,
    "index.ts": await formatSource(program.source),
  };
}

/** Writes the project into `dir` (made if missing); files already there are replaced. */
export function writeProject(dir: string, files: Readonly<Record<string, string>>): string[] {
  fs.mkdirSync(dir, { recursive: true });
  return Object.entries(files).map(([name, content]) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, content);
    return file;
  });
}
