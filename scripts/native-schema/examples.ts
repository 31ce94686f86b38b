import * as fs from "node:fs";
import * as path from "node:path";
import type { ImportId } from "../../provider/lifecycle/import-id";
import { EXAMPLE_FILES, EXAMPLES_DIR, type ExampleLanguage } from "../registry-examples";

/**
 * What a resource's schema description ends with for the Registry and the SDKs' doc comments:
 * its example in every language, as `pulumi convert` wrote it (examples/registry, `npm run
 * examples`), between the `{{% examples %}}` markers Pulumi's docs generator and gen-sdk read, and
 * its `## Import` section, from the import id formats its definition declares (the plugin parses them).
 */

/** The fence each example's language takes, in the order the Registry shows them. */
const FENCES: readonly [ExampleLanguage, string][] = [
  ["typescript", "typescript"],
  ["python", "python"],
  ["go", "go"],
  ["yaml", "yaml"],
];

/** The `{{% examples %}}` block of a resource type; an error when it has no example. */
export function examplesSection(type: string): string {
  const dir = path.join(EXAMPLES_DIR, type);
  const blocks = FENCES.map(([language, fence]) => {
    const file = path.join(dir, EXAMPLE_FILES[language]);
    if (!fs.existsSync(file)) {
      throw new Error(
        `native schema: ${type} has no ${language} example (${path.relative(process.cwd(), file)}): write examples/registry/${type}/main.pp and run \`npm run examples\``,
      );
    }
    return `\`\`\`${fence}\n${fs.readFileSync(file, "utf8").trimEnd()}\n\`\`\``;
  });
  return [
    "{{% examples %}}",
    "## Example Usage",
    "{{% example %}}",
    `### A ${type}`,
    ...blocks,
    "{{% /example %}}",
    "{{% /examples %}}",
  ].join("\n\n");
}

/** The `## Import` section: one `pulumi import` line per format the definition declares. */
export function importSection(token: string, importId: ImportId): string {
  const lines = importId.formats.map((f) => `$ pulumi import ${token} <name> ${f}`);
  return ["## Import", "```sh\n" + lines.join("\n") + "\n```"].join("\n\n");
}
