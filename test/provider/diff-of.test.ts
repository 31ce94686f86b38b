import { z } from "zod";
import { diffOf, UNKNOWN } from "../../provider/lifecycle/compare";

/** The one diff both front doors answer from: each changed input, and how it changes. */
const def = {
  inputs: z.object({
    title: z.string(),
    emoji: z.string().nullable().optional(),
    parent: z.string().nullable().optional(),
    siteId: z.string(),
    adoptId: z.string().nullish(),
  }),
  absentMeans: { parent: null },
  replaces: ["siteId"],
  deleteBeforeReplace: (olds: Record<string, unknown>) => olds.title === "Unique",
};
const olds = { title: "A", emoji: "📘", parent: null, siteId: "s1", adoptId: null };

test("a changed input is an update, and one only a replacement applies says so", () => {
  expect(diffOf(def, olds, { ...olds, title: "B", siteId: "s2" })).toEqual({
    changes: {
      title: { kind: "update", replace: false },
      siteId: { kind: "update", replace: true },
    },
    replaces: ["siteId"],
    deleteBeforeReplace: false,
  });
});

test("an input set where the state has none is an add; one removed whose absence means null is a delete", () => {
  const moved = { ...olds, parent: "col_1" };
  expect(diffOf(def, olds, { ...olds, parent: "col_1" }).changes).toEqual({
    parent: { kind: "add", replace: false },
  });
  expect(diffOf(def, moved, { title: "A", emoji: "📘", siteId: "s1" }).changes).toEqual({
    parent: { kind: "delete", replace: false },
  });
  expect(diffOf(def, olds, { ...olds, emoji: null }).changes).toEqual({
    emoji: { kind: "delete", replace: false },
  });
});

test("no change when the declared inputs match; adoptId and an undeclared optional input are not compared", () => {
  expect(diffOf(def, olds, { title: "A", siteId: "s1", adoptId: "x" })).toEqual({
    changes: {},
    replaces: [],
    deleteBeforeReplace: false,
  });
});

test("an unknown value is a change, and the old object goes first where the definition says", () => {
  const unique = { ...olds, title: "Unique" };
  expect(diffOf(def, unique, { ...unique, siteId: UNKNOWN })).toEqual({
    changes: { siteId: { kind: "update", replace: true } },
    replaces: ["siteId"],
    deleteBeforeReplace: true,
  });
});
