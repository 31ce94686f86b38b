// The choice of step for one registration, alone: no provider, no state, no process.
import type { CheckResult, DiffResult } from "../../cli/harness/provider-host";
import { decideStep, type StepDecision, type StepFacts } from "../../cli/harness/step-decision";
import type { PropertyDiffKind, PropertyMap } from "../../cli/harness/types";

const PROVIDER = { __provider: "shim" };
const OLD: PropertyMap = { ...PROVIDER, title: "Handbook", slug: "handbook" };
const RETITLED: PropertyMap = { ...OLD, title: "Guide" };
const RESLUGGED: PropertyMap = { ...OLD, slug: "guide" };
const NEW_SHIM: PropertyMap = { ...OLD, __provider: "new shim" };
const EMOJI_NO_SLUG: PropertyMap = { ...PROVIDER, title: "Handbook", emoji: "📘" };
const TOO_LONG = { property: "title", reason: "must be at most 50 characters" };

/** The facts of a new resource: what Check answered. */
function fresh(...failures: CheckResult["failures"]): StepFacts {
  return {
    checked: { inputs: OLD, failures },
    replaceOnChanges: [],
    deleteBeforeReplace: false,
  };
}

/** The facts of a resource the state holds with OLD as inputs, the program now giving `inputs`. */
function existing(
  inputs: PropertyMap,
  answer: Partial<DiffResult>,
  extra: Partial<StepFacts> & { protect?: boolean } = {},
): StepFacts {
  const { protect, ...options } = extra;
  return {
    old: { inputs: OLD, ...(protect ? { protect } : {}) },
    checked: { inputs, failures: [] },
    diff: { changes: false, replaces: [], changedKeys: [], deleteBeforeReplace: false, ...answer },
    replaceOnChanges: [],
    deleteBeforeReplace: false,
    ...options,
  };
}

const CREATE: StepDecision = { kind: "create" };
const SAME: StepDecision = { kind: "same" };

function update(detailedDiff?: Record<string, PropertyDiffKind>): StepDecision {
  if (!detailedDiff) return { kind: "update" };
  return { kind: "update", changed: { diffs: Object.keys(detailedDiff), detailedDiff } };
}

/** A replacement of the keys the detailed diff lists, each a `-replace`. */
function replace(detailedDiff: Record<string, PropertyDiffKind>, deleteFirst = false) {
  const diffs = Object.keys(detailedDiff);
  return {
    kind: "replace",
    replaces: diffs,
    deleteBeforeReplace: deleteFirst,
    changed: { diffs, detailedDiff },
  } satisfies StepDecision;
}

function refused(...replaces: string[]): StepDecision {
  return { kind: "refuse-protected", replaces };
}

const SOME = { changes: true };
const UNSAID = { changes: undefined };
const SLUG = { changes: true, replaces: ["slug"] };
const TITLE_NAMED = { changes: true, changedKeys: ["title"] };
const DBR = { deleteBeforeReplace: true };
const ON_TITLE = { replaceOnChanges: ["title"] };
const PROTECTED = { protect: true };

// prettier-ignore
const rows: [string, StepFacts, StepDecision][] = [
  ["a new resource is created", fresh(), CREATE],
  ["a new resource whose inputs Check refuses is invalid", fresh(TOO_LONG), { kind: "invalid", failures: [TOO_LONG] }],
  ["an existing one Check refuses is invalid, whatever the diff", { ...existing(RETITLED, SOME), checked: { inputs: RETITLED, failures: [TOO_LONG] } }, { kind: "invalid", failures: [TOO_LONG] }],
  ["no change and no replacement: same", existing(OLD, {}), SAME],
  ["a protected resource without a change: same", existing(OLD, {}, PROTECTED), SAME],
  ["a change made in place: update, naming the properties that differ", existing(RETITLED, SOME), update({ title: "update" })],
  ["a property added and one removed: add and delete", existing(EMOJI_NO_SLUG, SOME), update({ slug: "delete", emoji: "add" })],
  ["a change the inputs do not show (only __provider): update, no property", existing(NEW_SHIM, SOME), update()],
  ["a protected resource is still updated in place", existing(RETITLED, SOME, PROTECTED), update({ title: "update" })],
  ["the provider does not say, the inputs are equal: same", existing(OLD, UNSAID), SAME],
  ["the provider does not say, the inputs differ: update", existing(RETITLED, UNSAID), update({ title: "update" })],
  ["the provider does not say, only __provider differs: update", existing(NEW_SHIM, UNSAID), update()],
  ["a property the API cannot change: replace, the new object first", existing(RESLUGGED, SLUG), replace({ slug: "update-replace" })],
  ["old and new would collide: the provider has the old one deleted first", existing(RESLUGGED, { ...SLUG, ...DBR }), replace({ slug: "update-replace" }, true)],
  ["the deleteBeforeReplace option deletes first too", existing(RESLUGGED, SLUG, DBR), replace({ slug: "update-replace" }, true)],
  ["the deleteBeforeReplace option alone replaces nothing", existing(RETITLED, SOME, DBR), update({ title: "update" })],
  ["a replacement without a visible change still shows its key", existing(OLD, SLUG), replace({ slug: "update-replace" })],
  ["a protected resource is not replaced", existing(RESLUGGED, SLUG, PROTECTED), refused("slug")],
  ["replaceOnChanges replaces for a changed key the provider names", existing(RETITLED, TITLE_NAMED, ON_TITLE), replace({ title: "update-replace" })],
  ["replaceOnChanges with * matches any changed key", existing(RETITLED, TITLE_NAMED, { replaceOnChanges: ["*"] }), replace({ title: "update-replace" })],
  ["replaceOnChanges does nothing when no changed key is named (the dynamic host)", existing(RETITLED, SOME, ON_TITLE), update({ title: "update" })],
  ["replaceOnChanges on another key than the changed one: update", existing(RETITLED, TITLE_NAMED, { replaceOnChanges: ["slug"] }), update({ title: "update" })],
  ["replaceOnChanges reads the engine's own changed keys when the provider does not say", existing(RETITLED, UNSAID, ON_TITLE), replace({ title: "update-replace" })],
  ["replaceOnChanges without a change: same", existing(OLD, { changedKeys: ["title"] }, ON_TITLE), SAME],
  ["a key forced and replaced by the provider too is listed once", existing(RESLUGGED, { ...SLUG, changedKeys: ["slug"] }, { replaceOnChanges: ["slug"] }), replace({ slug: "update-replace" })],
  ["replaceOnChanges on a protected resource: refused", existing(RETITLED, TITLE_NAMED, { ...ON_TITLE, ...PROTECTED }), refused("title")],
];

describe("decideStep", () => {
  test.each(rows)("%s", (_name, facts, step) => {
    expect(decideStep(facts)).toEqual(step);
  });

  test("an existing resource without the provider's diff is a caller's mistake", () => {
    const { diff: _diff, ...facts } = existing(OLD, {});
    expect(() => decideStep(facts)).toThrow(
      "decideStep: an existing resource needs the provider's diff",
    );
  });
});
