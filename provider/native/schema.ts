import * as fs from "node:fs";
import * as path from "node:path";

/**
 * The package schema the plugin answers GetSchema with: provider/native/schema.json, generated
 * from the resources' declarations (`npm run schema`), read from the package (dist/provider/native
 * sits two folders below the package root, as provider/native does).
 */
export function packageSchemaText(): string {
  const root = path.resolve(
    __dirname,
    __dirname.includes(`${path.sep}dist${path.sep}`) ? "../../.." : "../..",
  );
  const file = path.join(root, "provider", "native", "schema.json");
  // Until the schema is generated, the package's name alone: the engine needs no more to run it.
  return fs.existsSync(file)
    ? fs.readFileSync(file, "utf8")
    : JSON.stringify({ name: "docs-workspace" });
}
