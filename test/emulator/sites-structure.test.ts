import { message, startSitesHarness, type SitesHarness } from "./sites-helpers";

let h: SitesHarness;
beforeAll(async () => {
  h = await startSitesHarness();
});
afterAll(() => h.t.close());

/** A new site; returns its path prefix. */
async function newSite(spaces: string[] = []): Promise<string> {
  const reply = await h.call("POST", h.sites, { title: "Structure", spaces });
  expect(reply.status).toBe(201);
  return `${h.sites}/${reply.body.id as string}`;
}

async function newSection(site: string, title: string, spaceId: string | null = null) {
  const reply = await h.call("POST", `${site}/sections`, { spaceId, title });
  expect(reply.status).toBe(201);
  return reply.body;
}

async function groupSectionIds(site: string, groupId: string): Promise<string[]> {
  const list = await h.call("GET", `${site}/section-groups`);
  const group = list.body.items!.find((g) => g.id === groupId)!;
  return (group.sections as { id: string }[]).map((s) => s.id);
}

const sectionOrder = async (site: string) =>
  (await h.call("GET", `${site}/sections`)).body.items!.map((s) => s.id);

describe("site spaces", () => {
  test("create links a space at the root of a site without sections, path from its title", async () => {
    const site = await newSite();
    const space = await h.createSpace("Getting Started!");
    const reply = await h.call("POST", `${site}/site-spaces`, { spaceId: space });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      object: "site-space",
      path: "getting-started",
      title: "Getting Started!",
      default: true,
      space: { object: "space", id: space },
    });
    expect(reply.body.section).toBeUndefined();
    // The same space again gets a path made unique at the root.
    const again = await h.call("POST", `${site}/site-spaces`, { spaceId: space });
    expect([again.body.path, again.body.default]).toEqual(["getting-started-2", false]);
  });

  test("create validates spaceId and sectionId", async () => {
    const site = await newSite();
    expect(message(await h.call("POST", `${site}/site-spaces`, {}))).toBe("spaceId is required");
    const unknown = await h.call("POST", `${site}/site-spaces`, { spaceId: "nope" });
    expect([unknown.status, message(unknown)]).toEqual([
      400,
      "spaceId nope is not a live space of this organization",
    ]);
    const space = await h.createSpace("Any");
    const badSection = await h.call("POST", `${site}/site-spaces`, {
      spaceId: space,
      sectionId: "nope",
    });
    expect([badSection.status, message(badSection)]).toEqual([
      400,
      "sectionId nope is not a section of this site",
    ]);
  });

  test("without sectionId a site space joins the default section", async () => {
    const site = await newSite();
    const first = await newSection(site, "First");
    const second = await newSection(site, "Second");
    const space = await h.createSpace("Extra");
    const reply = await h.call("POST", `${site}/site-spaces`, { spaceId: space });
    expect(reply.body.section).toBe(first.id);
    const explicit = await h.call("POST", `${site}/site-spaces`, {
      spaceId: space,
      sectionId: second.id,
    });
    expect(explicit.body.section).toBe(second.id);
  });

  test("a path is unique within its section and within the root: a duplicate is 409", async () => {
    const rootA = await h.createSpace("Alpha");
    const rootB = await h.createSpace("Beta");
    const site = await newSite([rootA, rootB]);
    const rootSpaces = (await h.call("GET", `${site}/site-spaces`)).body.items!;
    const atRoot = await h.call("PATCH", `${site}/site-spaces/${rootSpaces[1]!.id as string}`, {
      path: "alpha",
    });
    expect([atRoot.status, message(atRoot)]).toEqual([
      409,
      "path alpha is already used at the site root",
    ]);

    const section = await newSection(site, "Section", rootA);
    const sectionId = section.id as string;
    const inSection = await h.call("POST", `${site}/site-spaces`, { spaceId: rootB, sectionId });
    // "alpha" at the root does not collide with "alpha" in the section.
    const sectionAlpha = (section.siteSpaces as { id: string; path: string }[])[0]!;
    expect(sectionAlpha.path).toBe("alpha");
    const dup = await h.call("PATCH", `${site}/site-spaces/${inSection.body.id as string}`, {
      path: "alpha",
    });
    expect([dup.status, message(dup)]).toEqual([
      409,
      `path alpha is already used in section ${sectionId}`,
    ]);
    // Its own path is not a conflict.
    const same = await h.call("PATCH", `${site}/site-spaces/${sectionAlpha.id}`, { path: "alpha" });
    expect(same.status).toBe(200);
  });

  test("PATCH sets path (1 to 100), condition (1 to 1024, null removes) and spaceId", async () => {
    const space = await h.createSpace("Patched");
    const site = await newSite([space]);
    const id = (await h.call("GET", `${site}/site-spaces`)).body.items![0]!.id as string;
    const path = `${site}/site-spaces/${id}`;
    const other = await h.createSpace("Other");
    const reply = await h.call("PATCH", path, {
      path: "p".repeat(100),
      condition: "c".repeat(1024),
      spaceId: other,
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      path: "p".repeat(100),
      condition: "c".repeat(1024),
      space: { id: other },
      title: "Other",
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ path: "" }, "path must not be empty"],
      [{ path: "p".repeat(101) }, "path must be at most 100 characters"],
      [{ condition: "" }, "condition must not be empty"],
      [{ condition: "c".repeat(1025) }, "condition must be at most 1024 characters"],
      [{ spaceId: "nope" }, "spaceId nope is not a live space of this organization"],
    ];
    for (const [body, text] of cases) {
      const bad = await h.call("PATCH", path, body);
      expect([bad.status, message(bad)]).toEqual([400, text]);
    }
    const untouched = await h.call("PATCH", path, {});
    expect(untouched.body.condition).toBe("c".repeat(1024));
    const removed = await h.call("PATCH", path, { condition: null });
    expect(removed.body.condition).toBeUndefined();
    expect((await h.call("PATCH", `${site}/site-spaces/nope`, { path: "x" })).status).toBe(404);
  });

  test("hidden is false until a PATCH sets it; every site-space shape answers it", async () => {
    const space = await h.createSpace("Hideable");
    const site = await newSite();
    const section = await newSection(site, "Guides");
    const created = await h.call("POST", `${site}/site-spaces`, {
      spaceId: space,
      sectionId: section.id,
    });
    expect(created.status).toBe(201);
    expect(created.body.hidden).toBe(false);
    const path = `${site}/site-spaces/${created.body.id as string}`;

    const hidden = await h.call("PATCH", path, { hidden: true });
    expect([hidden.status, hidden.body.hidden]).toEqual([200, true]);
    // A PATCH without it leaves it as it is.
    const renamed = await h.call("PATCH", path, { path: "hideable-docs" });
    expect(renamed.body).toMatchObject({ path: "hideable-docs", hidden: true });

    const listed = (await h.call("GET", `${site}/site-spaces`)).body.items!;
    expect(listed.map((s) => [s.path, s.hidden])).toEqual([
      ["guides", false],
      ["hideable-docs", true],
    ]);
    const sections = (await h.call("GET", `${site}/sections`)).body.items!;
    const embedded = sections[0]!.siteSpaces as { path: string; hidden: boolean }[];
    expect(embedded.map((s) => [s.path, s.hidden])).toEqual([
      ["guides", false],
      ["hideable-docs", true],
    ]);

    expect((await h.call("PATCH", path, { hidden: false })).body.hidden).toBe(false);
    for (const value of ["yes", 1, null]) {
      const bad = await h.call("PATCH", path, { hidden: value });
      expect([bad.status, message(bad)]).toEqual([400, "hidden must be a boolean"]);
    }
    expect((await h.call("PATCH", path, {})).body.hidden).toBe(false);
  });

  test("list filters on default and pages; DELETE is 205, then 204 once absent", async () => {
    const spaces = [
      await h.createSpace("One"),
      await h.createSpace("Two"),
      await h.createSpace("Three"),
    ];
    const site = await newSite(spaces);
    const all = await h.call("GET", `${site}/site-spaces`);
    expect(all.body.items!.map((s) => s.path)).toEqual(["one", "two", "three"]);
    const onlyDefault = await h.call("GET", `${site}/site-spaces?default=true`);
    expect(onlyDefault.body.items!.map((s) => s.path)).toEqual(["one"]);
    const others = await h.call("GET", `${site}/site-spaces?default=false`);
    expect(others.body.items!.map((s) => s.path)).toEqual(["two", "three"]);
    const page = await h.call("GET", `${site}/site-spaces?limit=2`);
    expect(page.body).toMatchObject({ count: 3 });
    expect(page.body.items).toHaveLength(2);

    // The site's defaultSiteSpace moves the default.
    const three = all.body.items![2]!.id as string;
    await h.call("PATCH", site, { defaultSiteSpace: three });
    const moved = await h.call("GET", `${site}/site-spaces?default=true`);
    expect(moved.body.items!.map((s) => s.id)).toEqual([three]);

    expect((await h.call("DELETE", `${site}/site-spaces/${three}`)).status).toBe(205);
    expect((await h.call("DELETE", `${site}/site-spaces/${three}`)).status).toBe(204);
    expect((await h.call("GET", site)).body.siteSpaces).toBe(2);
  });

  test("the deprecated move reorders site spaces within their container", async () => {
    const spaces = [await h.createSpace("A"), await h.createSpace("B"), await h.createSpace("C")];
    const site = await newSite(spaces);
    const ids = (await h.call("GET", `${site}/site-spaces`)).body.items!.map((s) => s.id as string);
    const [a, b, c] = ids as [string, string, string];
    const paths = async () =>
      (await h.call("GET", `${site}/site-spaces`)).body.items!.map((s) => s.path);

    const before = await h.call("POST", `${site}/site-spaces/${c}/move`, {
      position: { before: { type: "site-space", siteSpace: a } },
    });
    expect([before.status, before.body.id]).toEqual([200, c]);
    expect(await paths()).toEqual(["c", "a", "b"]);
    await h.call("POST", `${site}/site-spaces/${c}/move`, {
      position: { after: { type: "site-space", siteSpace: b } },
    });
    expect(await paths()).toEqual(["a", "b", "c"]);
    await h.call("POST", `${site}/site-spaces/${a}/move`, {
      position: {
        after: { type: "site-space", siteSpace: b },
        before: { type: "site-space", siteSpace: c },
      },
    });
    expect(await paths()).toEqual(["b", "a", "c"]);

    const invalid: [unknown, string][] = [
      [{ position: {} }, "position must have before or after"],
      [
        { position: { before: { type: "site-space", siteSpace: "nope" } } },
        "position.before.siteSpace nope is not one of",
      ],
      [
        { position: { before: { type: "space", siteSpace: b } } },
        'position.before.type must be "site-space"',
      ],
      [
        { position: { after: { type: "site-space", siteSpace: a } } },
        "position.after.siteSpace must not reference the item being moved",
      ],
      [
        {
          position: {
            after: { type: "site-space", siteSpace: c },
            before: { type: "site-space", siteSpace: b },
          },
        },
        "not neighbours",
      ],
      [{}, "position is required"],
    ];
    for (const [body, text] of invalid) {
      const reply = await h.call("POST", `${site}/site-spaces/${a}/move`, body);
      expect([reply.status, message(reply)]).toEqual([400, expect.stringContaining(text)]);
    }
    expect(await paths()).toEqual(["b", "a", "c"]);
    expect(
      (
        await h.call("POST", `${site}/site-spaces/nope/move`, {
          position: { before: { type: "site-space", siteSpace: a } },
        })
      ).status,
    ).toBe(404);
  });
});

describe("sections", () => {
  test("create with spaceId null makes a new space and links it; the first section is the default", async () => {
    const site = await newSite();
    const first = await newSection(site, "Guides");
    expect(first).toMatchObject({
      object: "site-section",
      title: "Guides",
      path: "guides",
      default: true,
    });
    const siteSpaces = first.siteSpaces as {
      section: string;
      space: { id: string; title: string };
    }[];
    expect(siteSpaces).toHaveLength(1);
    expect(siteSpaces[0]!.section).toBe(first.id);
    const space = await h.call("GET", `/spaces/${siteSpaces[0]!.space.id}`);
    expect([space.status, space.body.title]).toEqual([200, "Guides"]);

    const existing = await h.createSpace("Reference");
    const second = await h.call("POST", `${site}/sections`, { spaceId: existing, icon: "book" });
    expect(second.body).toMatchObject({
      title: "Reference",
      path: "reference",
      default: false,
      icon: "book",
    });
    expect((second.body.siteSpaces as { space: { id: string } }[])[0]!.space.id).toBe(existing);
    // Same title: the section path is made unique within the site.
    const third = await newSection(site, "Guides");
    expect(third.path).toBe("guides-2");
    expect(await sectionOrder(site)).toEqual([first.id, second.body.id, third.id]);
  });

  test("create validates its body", async () => {
    const site = await newSite();
    const cases: [unknown, string][] = [
      [{}, "spaceId is required"],
      [{ spaceId: null, title: "x" }, "title must be at least 2 characters"],
      [{ spaceId: null, title: "t".repeat(129) }, "title must be at most 128 characters"],
      [{ spaceId: "nope" }, "spaceId nope is not a live space of this organization"],
      [
        { spaceId: null, siteSectionGroupId: "nope" },
        "siteSectionGroupId nope is not a section group of this site",
      ],
      [{ spaceId: null, icon: "i".repeat(51) }, "icon must be at most 50 characters"],
    ];
    for (const [body, text] of cases) {
      const reply = await h.call("POST", `${site}/sections`, body);
      expect([reply.status, message(reply)]).toEqual([400, text]);
    }
    expect((await h.call("GET", `${site}/sections`)).body.count).toBe(0);
  });

  test("PATCH sets its fields; a path taken in the site is 409", async () => {
    const site = await newSite();
    const a = await newSection(site, "Alpha");
    const b = await newSection(site, "Beta");
    const path = `${site}/sections/${b.id as string}`;
    const reply = await h.call("PATCH", path, {
      title: "Beta 2",
      path: "p".repeat(100),
      condition: "visitor.claims.isBeta === true",
      icon: "gear",
      description: "d".repeat(256),
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      title: "Beta 2",
      path: "p".repeat(100),
      condition: "visitor.claims.isBeta === true",
      icon: "gear",
      description: "d".repeat(256),
    });
    const cleared = await h.call("PATCH", path, { condition: null, icon: null });
    expect([cleared.body.condition, cleared.body.icon]).toEqual([undefined, undefined]);
    const taken = await h.call("PATCH", path, { path: a.path });
    expect([taken.status, message(taken)]).toEqual([
      409,
      "path alpha is already used by another section of this site",
    ]);
    for (const [body, text] of [
      [{ path: "" }, "path must not be empty"],
      [{ path: "p".repeat(101) }, "path must be at most 100 characters"],
      [{ description: "d".repeat(257) }, "description must be at most 256 characters"],
      [{ condition: "c".repeat(1025) }, "condition must be at most 1024 characters"],
      [{ defaultSiteSpace: "nope" }, "defaultSiteSpace nope is not a site space of this section"],
    ] as const) {
      const bad = await h.call("PATCH", path, body);
      expect([bad.status, message(bad)]).toEqual([400, text]);
    }
    expect((await h.call("PATCH", `${site}/sections/nope`, { title: "Nope" })).status).toBe(404);
  });

  test("defaultSiteSection and a section's defaultSiteSpace choose the defaults", async () => {
    const site = await newSite();
    const a = await newSection(site, "Alpha");
    const b = await newSection(site, "Beta");
    const extra = await h.createSpace("Extra");
    const added = await h.call("POST", `${site}/site-spaces`, { spaceId: extra, sectionId: b.id });
    const patched = await h.call("PATCH", site, { defaultSiteSection: b.id });
    expect(patched.status).toBe(200);
    const sections = (await h.call("GET", `${site}/sections`)).body.items!;
    expect(sections.map((s) => [s.id, s.default])).toEqual([
      [a.id, false],
      [b.id, true],
    ]);
    const chosen = await h.call("PATCH", `${site}/sections/${b.id as string}`, {
      defaultSiteSpace: added.body.id,
    });
    expect(chosen.status).toBe(200);
    const defaults = await h.call("GET", `${site}/site-spaces?default=true`);
    expect(defaults.body.items!.map((s) => s.id)).toEqual([added.body.id]);
  });

  test("DELETE removes the section and its site spaces; the next section becomes default", async () => {
    const site = await newSite();
    const a = await newSection(site, "Alpha");
    const b = await newSection(site, "Beta");
    const spaceId = (a.siteSpaces as { space: { id: string } }[])[0]!.space.id;
    expect((await h.call("DELETE", `${site}/sections/${a.id as string}`)).status).toBe(205);
    expect((await h.call("DELETE", `${site}/sections/${a.id as string}`)).status).toBe(204);
    const sections = (await h.call("GET", `${site}/sections`)).body.items!;
    expect(sections.map((s) => [s.id, s.default])).toEqual([[b.id, true]]);
    const siteSpaces = (await h.call("GET", `${site}/site-spaces`)).body.items!;
    expect(siteSpaces.map((s) => s.section)).toEqual([b.id]);
    expect((await h.call("GET", `/spaces/${spaceId}`)).status).toBe(200);
  });
});

describe("section groups", () => {
  test("create answers 201 with the sections in the given order; PATCH and DELETE", async () => {
    const site = await newSite();
    const a = await newSection(site, "Alpha");
    const b = await newSection(site, "Beta");
    const created = await h.call("POST", `${site}/section-groups`, {
      title: "Group",
      icon: "folder",
      sections: [b.id, a.id],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      object: "site-section-group",
      title: "Group",
      icon: "folder",
    });
    expect(
      (created.body.sections as { id: string; sectionGroup: string }[]).map((s) => [
        s.id,
        s.sectionGroup,
      ]),
    ).toEqual([
      [b.id, created.body.id],
      [a.id, created.body.id],
    ]);
    const groupPath = `${site}/section-groups/${created.body.id as string}`;
    const patched = await h.call("PATCH", groupPath, { title: "t".repeat(100), icon: null });
    expect(patched.status).toBe(200);
    expect([patched.body.title, patched.body.icon]).toEqual(["t".repeat(100), undefined]);
    for (const [method, path, body, text] of [
      ["PATCH", groupPath, { title: "" }, "title must not be empty"],
      ["PATCH", groupPath, { title: "t".repeat(101) }, "title must be at most 100 characters"],
      ["POST", `${site}/section-groups`, {}, "title is required"],
      [
        "POST",
        `${site}/section-groups`,
        { title: "G", sections: ["nope"] },
        "sections[0] nope is not a section of this site",
      ],
      [
        "POST",
        `${site}/section-groups`,
        { title: "G", sections: [a.id, a.id] },
        `sections[1] ${a.id as string} is listed twice`,
      ],
    ] as const) {
      const reply = await h.call(method, path, body);
      expect([reply.status, message(reply)]).toEqual([400, text]);
    }
    expect((await h.call("PATCH", `${site}/section-groups/nope`, { title: "x" })).status).toBe(404);

    // Deleting the group keeps its sections, in the group's order, where the group was.
    expect((await h.call("DELETE", groupPath)).status).toBe(205);
    expect((await h.call("DELETE", groupPath)).status).toBe(204);
    expect((await h.call("GET", `${site}/section-groups`)).body.count).toBe(0);
    const sections = (await h.call("GET", `${site}/sections`)).body.items!;
    expect(sections.map((s) => [s.id, s.sectionGroup])).toEqual([
      [b.id, undefined],
      [a.id, undefined],
    ]);
  });

  test("add and remove keep the group's sections in exact order", async () => {
    const site = await newSite();
    const [a, b, c] = [
      await newSection(site, "Alpha"),
      await newSection(site, "Beta"),
      await newSection(site, "Gamma"),
    ];
    const group = await h.call("POST", `${site}/section-groups`, {
      title: "Group",
      sections: [c.id],
    });
    const groupId = group.body.id as string;
    const groupPath = `${site}/section-groups/${groupId}`;
    // A section after the group on the top level, so where a removed section lands shows.
    const d = await newSection(site, "Delta");
    const added = await h.call("POST", `${groupPath}/sections`, { sectionId: a.id });
    expect(added.status).toBe(200);
    expect((added.body.sections as { id: string }[]).map((s) => s.id)).toEqual([c.id, a.id]);
    await h.call("POST", `${groupPath}/sections`, { sectionId: b.id });
    expect(await groupSectionIds(site, groupId)).toEqual([c.id, a.id, b.id]);
    // Adding a section already in the group changes nothing.
    await h.call("POST", `${groupPath}/sections`, { sectionId: c.id });
    expect(await groupSectionIds(site, groupId)).toEqual([c.id, a.id, b.id]);

    expect((await h.call("DELETE", `${groupPath}/sections/${a.id as string}`)).status).toBe(204);
    expect(await groupSectionIds(site, groupId)).toEqual([c.id, b.id]);
    // Removing a section that is not in the group is still 204 and changes nothing.
    expect((await h.call("DELETE", `${groupPath}/sections/${a.id as string}`)).status).toBe(204);
    expect(await groupSectionIds(site, groupId)).toEqual([c.id, b.id]);
    // The removed section comes right after the group on the top level.
    expect(await sectionOrder(site)).toEqual([c.id, b.id, a.id, d.id]);

    const bad = await h.call("POST", `${groupPath}/sections`, { sectionId: "nope" });
    expect([bad.status, message(bad)]).toEqual([
      400,
      "sectionId nope is not a section of this site",
    ]);
    expect(
      (await h.call("POST", `${site}/section-groups/nope/sections`, { sectionId: a.id })).status,
    ).toBe(404);
    // A section moved into a group through the section's PATCH lands at the group's end.
    await h.call("PATCH", `${site}/sections/${a.id as string}`, { siteSectionGroupId: groupId });
    expect(await groupSectionIds(site, groupId)).toEqual([c.id, b.id, a.id]);
    await h.call("PATCH", `${site}/sections/${b.id as string}`, { siteSectionGroupId: null });
    expect(await groupSectionIds(site, groupId)).toEqual([c.id, a.id]);
  });

  test("move places the group among the top-level sections and groups; invalid positions are 400", async () => {
    const site = await newSite();
    const [a, b, c] = [
      await newSection(site, "Alpha"),
      await newSection(site, "Beta"),
      await newSection(site, "Gamma"),
    ];
    const g = await h.call("POST", `${site}/section-groups`, { title: "G", sections: [c.id] });
    const g2 = await h.call("POST", `${site}/section-groups`, { title: "G2" });
    const movePath = `${site}/section-groups/${g.body.id as string}/move`;
    // Top level now: a, b, g (c), g2 (empty).
    expect(await sectionOrder(site)).toEqual([a.id, b.id, c.id]);

    const moved = await h.call("POST", movePath, {
      position: { before: { type: "site-section", id: a.id } },
    });
    expect(moved.status).toBe(200);
    expect((moved.body.sections as { id: string }[]).map((s) => s.id)).toEqual([c.id]);
    expect(await sectionOrder(site)).toEqual([c.id, a.id, b.id]);
    await h.call("POST", movePath, { position: { after: { type: "site-section", id: a.id } } });
    expect(await sectionOrder(site)).toEqual([a.id, c.id, b.id]);
    await h.call("POST", movePath, {
      position: { after: { type: "site-section-group", id: g2.body.id } },
    });
    expect(await sectionOrder(site)).toEqual([a.id, b.id, c.id]);
    await h.call("POST", movePath, {
      position: {
        after: { type: "site-section", id: a.id },
        before: { type: "site-section", id: b.id },
      },
    });
    expect(await sectionOrder(site)).toEqual([a.id, c.id, b.id]);

    const invalid: [unknown, string][] = [
      [{ position: {} }, "position must have before or after"],
      [
        { position: { before: { type: "site-space", id: a.id } } },
        "position.before.type must be one of",
      ],
      [
        { position: { before: { type: "site-section", id: "nope" } } },
        "position.before.id nope is not a section of this site",
      ],
      [
        { position: { before: { type: "site-section", id: c.id } } },
        `position.before.id ${c.id as string} is inside section group`,
      ],
      [
        { position: { after: { type: "site-section-group", id: "nope" } } },
        "position.after site-section-group:nope is not one of",
      ],
      [
        { position: { after: { type: "site-section-group", id: g.body.id } } },
        "must not reference the item being moved",
      ],
      [
        {
          position: {
            after: { type: "site-section", id: b.id },
            before: { type: "site-section", id: a.id },
          },
        },
        "not neighbours",
      ],
    ];
    for (const [body, text] of invalid) {
      const reply = await h.call("POST", movePath, body);
      expect([reply.status, message(reply)]).toEqual([400, expect.stringContaining(text)]);
    }
    expect(await sectionOrder(site)).toEqual([a.id, c.id, b.id]);

    const unknown = await h.call("POST", `${site}/section-groups/nope/move`, {
      position: { before: { type: "site-section", id: a.id } },
    });
    expect([unknown.status, message(unknown)]).toEqual([404, "site section group nope not found"]);
  });
});
