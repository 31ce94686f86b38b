import * as pulumi from "@pulumi/pulumi";
import { Collection, Site, SitePermission, Space, SpacePermission } from "../../provider/index";
import { CollectionPermission, SiteExternalLink, SiteExternalLinks } from "../../provider/index";

/**
 * The TypeScript door refuses a program that mixes the two forms of permissions on one object:
 * the additive resource's construction throws when its target's id comes from a Space, Collection
 * or Site that declares `permissions`, so the program fails at preview, before any request.
 */
beforeAll(() =>
  pulumi.runtime.setMocks(
    { newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }), call: () => ({}) },
    "project",
    "stack",
    false,
  ),
);

/** Every resource a test made: their registrations finish before the test does. */
const made: pulumi.Resource[] = [];
function track<R extends pulumi.CustomResource>(resource: R): R {
  made.push(resource);
  return resource;
}
afterEach(async () => {
  await Promise.all(
    made
      .splice(0)
      .map((r) => new Promise((resolve) => (r as pulumi.CustomResource).id.apply(resolve))),
  );
});

test("a SpacePermission on a Space that declares permissions fails at construction, naming both", () => {
  const owned = track(new Space("owned", { title: "Owned", permissions: [] }));
  expect(
    () => new SpacePermission("extra", { spaceId: owned.id, teamId: "team_1", role: "edit" }),
  ).toThrow(
    /SpacePermission "extra": spaceId is Space "owned"'s, which declares permissions \(authoritative\)/,
  );
  // Derived from the id, still the Space's.
  expect(
    () =>
      new SpacePermission("derived", {
        spaceId: owned.id.apply((id) => id),
        teamId: "team_1",
        role: "edit",
      }),
  ).toThrow(/Space "owned"/);
});

test("the same for a collection and a site", () => {
  const area = track(
    new Collection("area", {
      title: "Area",
      permissions: [{ teamId: "t", role: "read" }],
    }),
  );
  const docs = track(new Site("docs", { title: "Docs", permissions: [] }));
  expect(
    () => new CollectionPermission("c", { collectionId: area.id, userId: "u", role: "read" }),
  ).toThrow(/CollectionPermission "c": collectionId is Collection "area"'s/);
  expect(() => new SitePermission("s", { siteId: docs.id, teamId: "t", role: "read" })).toThrow(
    /SitePermission "s": siteId is Site "docs"'s/,
  );
});

test("an object without permissions takes additive grants; a plain id is not traced here", () => {
  const shared = track(new Space("shared", { title: "Shared" }));
  expect(() =>
    track(new SpacePermission("ok", { spaceId: shared.id, teamId: "team_1", role: "edit" })),
  ).not.toThrow();
  // A plain string names no Resource: the native plugin's guard, or the README's rule, covers it.
  track(new Space("owned-elsewhere", { title: "Elsewhere", permissions: [] }));
  expect(
    () =>
      new SpacePermission("by-id", { spaceId: "owned-elsewhere-id", teamId: "t", role: "read" }),
  ).not.toThrow();
});

test("a site's links: SiteExternalLinks and SiteExternalLink on one site fail at construction, whichever comes second", () => {
  const docs = track(new Site("linked", { title: "Linked" }));
  track(new SiteExternalLinks("nav", { siteId: docs.id, links: [] }));
  expect(
    () =>
      new SiteExternalLink("extra", { siteId: docs.id, title: "Extra", url: "https://x.example" }),
  ).toThrow(
    /^SiteExternalLink "extra": siteId has its links listed by SiteExternalLinks "nav" \(authoritative\): the two forms must not be mixed on one site\. Move this link into SiteExternalLinks "nav"'s links, or remove SiteExternalLinks "nav" from the program and declare each link as a SiteExternalLink\.$/,
  );

  const other = track(new Site("other", { title: "Other" }));
  track(
    new SiteExternalLink("first", { siteId: other.id, title: "First", url: "https://a.example" }),
  );
  expect(() => new SiteExternalLinks("late", { siteId: other.id, links: [] })).toThrow(
    /^SiteExternalLink "first": siteId has its links listed by SiteExternalLinks "late"/,
  );
  // A site's permissions and its links are two lists: one of each form mixes nothing.
  const both = track(new Site("both", { title: "Both", permissions: [] }));
  expect(() =>
    track(
      new SiteExternalLink("fine", { siteId: both.id, title: "Fine", url: "https://f.example" }),
    ),
  ).not.toThrow();
});

test("two SiteExternalLinks on one site fail at the second's construction: each would remove the other's links", () => {
  const docs = track(new Site("listed-twice", { title: "Listed twice" }));
  track(new SiteExternalLinks("first-list", { siteId: docs.id, links: [] }));
  expect(() => new SiteExternalLinks("second-list", { siteId: docs.id, links: [] })).toThrow(
    /^SiteExternalLinks "second-list": siteId has its links listed by SiteExternalLinks "first-list" already/,
  );
});
