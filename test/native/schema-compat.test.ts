import * as fs from "node:fs";
import * as path from "node:path";
import { SCHEMA_FILE } from "../../scripts/native-schema";
import { surfaceOf, type Surface } from "../support/schema-surface";

/**
 * A program written against the SDKs of the last release still compiles against the next: every
 * type, enum value, input and output the released schema had is still there, typed the same.
 * test/fixtures/release-0.3.0/README.md says how the released surface was taken.
 */

const released = JSON.parse(
  fs.readFileSync(
    path.join(__dirname, "..", "fixtures", "release-0.3.0", "schema-surface.json"),
    "utf8",
  ),
) as Surface;
const current = surfaceOf(JSON.parse(fs.readFileSync(SCHEMA_FILE, "utf8")));

test("the released surface is the whole of 0.3.0's schema, enums and styling's fonts among it", () => {
  expect(Object.keys(released).length).toBeGreaterThan(800);
  expect(released["types.docs-workspace:index:CustomizationFont.enum.Inter"]).toBe("value");
  expect(released["types.docs-workspace:index:CustomizationStyling.font"]).toBe(
    "#/types/docs-workspace:index:CustomizationFont",
  );
});

test("every type, enum value, input and output of 0.3.0 is in the schema, typed the same", () => {
  const changed = Object.entries(released)
    .filter(([entry, type]) => current[entry] !== type)
    .map(([entry, type]) => `${entry}: ${type} => ${current[entry] ?? "(gone)"}`);
  expect(changed).toEqual([]);
});
