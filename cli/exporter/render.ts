import { escapeControls, literal } from "./code";
import type { Declaration } from "./declarations";
import type { Inventory } from "./inventory";

/** The program's `index.ts`, before formatting: its header, imports and notes, then each declaration. */
export function render(inventory: Inventory, declarations: Declaration[], notes: string[]): string {
  const used = [...new Set(declarations.map((d) => d.type))].sort();
  const org = inventory.organization;
  const lines = [
    `// The workspace of organization ${comment(org.title)} (${org.id}), as \`docs-workspace export\``,
    "// read it. Each resource carries `adoptId` unless this is a clone: the first `up` takes the",
    "// objects over instead of making them again. The API endpoint, token and organization come",
    "// from the stack config (`docs-workspace:*`) or the environment (`DOCS_WORKSPACE_*`).",
    'import * as pulumi from "@pulumi/pulumi";',
    `import { ${used.join(", ")} } from "pulumi-docs-workspace";`,
    "",
    "const config = new pulumi.Config();",
    ...notes.map((n) => `// ${comment(n)}`),
    "",
  ];
  for (const d of declarations) {
    const args = { ...d.args, ...(d.adoptId === undefined ? {} : { adoptId: d.adoptId }) };
    const options = d.dependsOn ? `, { dependsOn: [${d.dependsOn.join(", ")}] }` : "";
    lines.push(
      "",
      ...d.comments.map((c) => `// ${comment(c)}`),
      `const ${d.variable} = new ${d.type}(${literal(d.name)}, ${literal(args)}${options});`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/**
 * Text safe inside a line comment: every line terminator TypeScript knows is folded, and every
 * other control character written as its escape.
 */
function comment(text: string): string {
  return escapeControls(text.replace(/[\r\n\u2028\u2029]+/g, " "));
}
