import { fromImportId, importIdFormats, importIdOf } from "../../provider/native/resources";
import { definitions } from "../../provider/resources/registry";

/** A format with each `<key>` filled in by a sample value: `<siteId>/<id>` -> `siteId-1/id-1`. */
const filled = (format: string) => format.replace(/<(\w+)>/g, "$1-1");

describe("import ids: the formats the schema shows are the ones the plugin reads", () => {
  test.each(definitions.map((d) => d.token))(
    "%s: each format's keys reach the read, its id is the object's",
    (token) => {
      for (const format of importIdFormats(token)) {
        const { id, known } = fromImportId(token, filled(format));
        const keys = [...format.matchAll(/<(\w+)>/g)].map((m) => m[1]!);
        for (const key of keys.filter((k) => k !== "id")) expect(known[key]).toBe(`${key}-1`);
        expect(id).toBe(
          keys.includes("id")
            ? "id-1"
            : token.endsWith(":SiteSpaceCustomization")
              ? "siteSpaceId-1"
              : filled(format),
        );
      }
    },
  );

  test.each(definitions.map((d) => d.token))(
    "%s: the import id written for an object reads back as that object's id",
    (token) => {
      // An object's id as its state holds it: the whole first format where that is the object's.
      const format = importIdFormats(token)[0]!;
      const { id } = fromImportId(token, filled(format));
      const parents = {
        siteId: "siteId-1",
        teamId: "teamId-1",
        organizationId: "organizationId-1",
        integration: "integration-1",
        installationId: "installationId-1",
      };
      const written = importIdOf(token, id, parents);
      expect(written).toBe(filled(format));
      expect(fromImportId(token, written).id).toBe(id);
    },
  );

  test("a site's object without its site has no import id: the error names the missing parent", () => {
    expect(() => importIdOf("docs-workspace:index:SiteSection", "sec_2", {})).toThrow(
      "SiteSection sec_2: its import id needs its siteId",
    );
  });

  test("a site's section is imported as <siteId>/<id>, its read given the site", () => {
    expect(importIdFormats("docs-workspace:index:SiteSection")).toEqual(["<siteId>/<id>"]);
    expect(fromImportId("docs-workspace:index:SiteSection", "site_1/sec_2")).toEqual({
      id: "sec_2",
      known: { siteId: "site_1" },
    });
  });

  test("a grant names one principal: the other is null", () => {
    expect(fromImportId("docs-workspace:index:SpacePermission", "spc_1/users/u_2")).toEqual({
      id: "spc_1/users/u_2",
      known: { spaceId: "spc_1", teamId: null, userId: "u_2" },
    });
  });

  test("an import id of another shape, where the whole id is the object's, is refused naming the formats", () => {
    expect(() => fromImportId("docs-workspace:index:SitePermission", "site_1/groups/g")).toThrow(
      "SitePermission site_1/groups/g: an import id is <siteId>/teams/<teamId> or <siteId>/users/<userId>",
    );
  });

  test("a plain id of a site's object is still its id (a .get() gives the site among its inputs)", () => {
    expect(fromImportId("docs-workspace:index:ShareLink", "lnk_1")).toEqual({
      id: "lnk_1",
      known: {},
    });
  });
});

describe("import ids: declared on each definition", () => {
  test.each(definitions.map((d) => [d.type, d] as const))(
    "%s: the formats the plugin reads are its definition's, each key an input or its own id",
    (_type, d) => {
      expect(importIdFormats(d.token)).toBe(d.importId.formats);
      const inputs = Object.keys(d.inputs.shape);
      for (const format of d.importId.formats) {
        for (const [, key] of format.matchAll(/<(\w+)>/g)) {
          expect(key === "id" || key === d.importId.id || inputs.includes(key!)).toBe(true);
        }
      }
    },
  );

  test("a resource type the plugin does not serve has no import id: the error names those it serves", () => {
    expect(() => importIdFormats("docs-workspace:index:Nothing")).toThrow(
      /no resource type "docs-workspace:index:Nothing"; it serves docs-workspace:index:Collection, /,
    );
  });
});
