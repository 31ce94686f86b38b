import * as fs from "node:fs";
import * as path from "node:path";

/**
 * The native provider's Pulumi package schema, as `npm run schema` generated and committed it
 * (provider/native/schema.json, copied beside this module by the build): what `GetSchema`
 * answers, and so what `pulumi package get-schema` prints and `gen-sdk` reads.
 */
export function packageSchemaText(): string {
  return fs.readFileSync(path.join(__dirname, "schema.json"), "utf8");
}
