// The choice of step for one registration, alone: no provider, no state, no process.
import type { CheckResult, DiffResult } from "../../harness/provider-host";
import { decideStep, type StepDecision, type StepFacts } from "../../harness/step-decision";
import type { PropertyMap } from "../../harness/types";

const PROVIDER = { __provider: "shim" };
const OLD_INPUTS: PropertyMap = { ...PROVIDER, title: "Handbook", slug: "handbook" };

function checked(inputs: PropertyMap = OLD_INPUTS): CheckResult {
  return { inputs, failures: [] };
}

function diff(extra: Partial<DiffResult> = {}): DiffResult {
  return { changes: false, replaces: [], changedKeys: [], deleteBeforeReplace: false, ...extra };
}

const RETITLED: PropertyMap = { ...OLD_INPUTS, title: "Guide" };
const RESLUGGED: PropertyMap = { ...OLD_INPUTS, slug: "guide" };
const TOO_LONG = { property: "title", reason: "must be at most 50 characters" };

interface Row {
  name: string;
  facts: Partial<StepFacts>;
  step: StepDecision;
}

const rows: Row[] = [
  {
    name: "a new resource is created",
    facts: { checked: checked() },
    step: { kind: "create" },
  },
  {
    name: "a new resource whose inputs Check refuses is invalid",
    facts: { checked: { inputs: {}, failures: [TOO_LONG] } },
    step: { kind: "invalid", failures: [TOO_LONG] },
  },
  {
    name: "an existing resource whose inputs Check refuses is invalid, whatever the diff",
    facts: {
      old: { inputs: OLD_INPUTS },
      checked: { inputs: RETITLED, failures: [TOO_LONG] },
    },
    step: { kind: "invalid", failures: [TOO_LONG] },
  },
  {
    name: "no change and no replacement: same",
    facts: { old: { inputs: OLD_INPUTS }, checked: checked(), diff: diff() },
    step: { kind: "same" },
  },
  {
    name: "a protected resource without a change: same",
    facts: { old: { inputs: OLD_INPUTS, protect: true }, checked: checked(), diff: diff() },
    step: { kind: "same" },
  },
  {
    name: "a change the provider makes in place: update, with the properties that differ",
    facts: {
      old: { inputs: OLD_INPUTS },
      checked: checked(RETITLED),
      diff: diff({ changes: true }),
    },
    step: { kind: "update", changed: { diffs: ["title"], detailedDiff: { title: "update" } } },
  },
  {
    name: "an added and a removed property show as add and delete",
    facts: {
      old: { inputs: OLD_INPUTS },
      checked: checked({ ...PROVIDER, title: "Handbook", emoji: "📘" }),
      diff: diff({ changes: true }),
    },
    step: {
      kind: "update",
      changed: { diffs: ["slug", "emoji"], detailedDiff: { slug: "delete", emoji: "add" } },
    },
  },
  {
    name: "a change the inputs do not show (only __provider differs): update with no properties",
    facts: {
      old: { inputs: OLD_INPUTS },
      checked: checked({ ...OLD_INPUTS, __provider: "new shim" }),
      diff: diff({ changes: true }),
    },
    step: { kind: "update" },
  },
  {
    name: "a protected resource is still updated in place",
    facts: {
      old: { inputs: OLD_INPUTS, protect: true },
      checked: checked(RETITLED),
      diff: diff({ changes: true }),
    },
    step: { kind: "update", changed: { diffs: ["title"], detailedDiff: { title: "update" } } },
  },
  {
    name: "the provider does not say and the inputs are equal: same",
    facts: { old: { inputs: OLD_INPUTS }, checked: checked(), diff: diff({ changes: undefined }) },
    step: { kind: "same" },
  },
  {
    name: "the provider does not say and the inputs differ: update",
    facts: {
      old: { inputs: OLD_INPUTS },
      checked: checked(RETITLED),
      diff: diff({ changes: undefined }),
    },
    step: { kind: "update", changed: { diffs: ["title"], detailedDiff: { title: "update" } } },
  },
  {
    name: "the provider does not say and only __provider differs: update",
    facts: {
      old: { inputs: OLD_INPUTS },
      checked: checked({ ...OLD_INPUTS, __provider: "new shim" }),
      diff: diff({ changes: undefined }),
    },
    step: { kind: "update" },
  },
  {
    name: "a property the API cannot change: replace, the new object first",
    facts: {
      old: { inputs: OLD_INPUTS },
      checked: checked(RESLUGGED),
      diff: diff({ changes: true, replaces: ["slug"] }),
    },
    step: {
      kind: "replace",
      replaces: ["slug"],
      deleteBeforeReplace: false,
      changed: { diffs: ["slug"], detailedDiff: { slug: "update-replace" } },
    },
  },
  {
    name: "a replacement whose old and new objects would collide: the provider deletes first",
    facts: {
      old: { inputs: OLD_INPUTS },
      checked: checked(RESLUGGED),
      diff: diff({ changes: true, replaces: ["slug"], deleteBeforeReplace: true }),
    },
    step: {
      kind: "replace",
      replaces: ["slug"],
      deleteBeforeReplace: true,
      changed: { diffs: ["slug"], detailedDiff: { slug: "update-replace" } },
    },
  },
  {
    name: "the deleteBeforeReplace option deletes first too",
    facts: {
      old: { inputs: OLD_INPUTS },
      checked: checked(RESLUGGED),
      diff: diff({ changes: true, replaces: ["slug"] }),
      deleteBeforeReplace: true,
    },
    step: {
      kind: "replace",
      replaces: ["slug"],
      deleteBeforeReplace: true,
      changed: { diffs: ["slug"], detailedDiff: { slug: "update-replace" } },
    },
  },
  {
    name: "the deleteBeforeReplace option alone replaces nothing",
    facts: {
      old: { inputs: OLD_INPUTS },
      checked: checked(RETITLED),
      diff: diff({ changes: true }),
      deleteBeforeReplace: true,
    },
    step: { kind: "update", changed: { diffs: ["title"], detailedDiff: { title: "update" } } },
  },
  {
    name: "a replacement the provider asks for without a visible change still shows the key",
    facts: {
      old: { inputs: OLD_INPUTS },
      checked: checked(),
      diff: diff({ changes: true, replaces: ["slug"] }),
    },
    step: {
      kind: "replace",
      replaces: ["slug"],
      deleteBeforeReplace: false,
      changed: { diffs: ["slug"], detailedDiff: { slug: "update-replace" } },
    },
  },
  {
    name: "a protected resource is not replaced",
    facts: {
      old: { inputs: OLD_INPUTS, protect: true },
      checked: checked(RESLUGGED),
      diff: diff({ changes: true, replaces: ["slug"] }),
    },
    step: { kind: "refuse-protected", replaces: ["slug"] },
  },
  {
    name: "replaceOnChanges replaces for a changed key the provider names",
    facts: {
      old: { inputs: OLD_INPUTS },
      checked: checked(RETITLED),
      diff: diff({ changes: true, changedKeys: ["title"] }),
      replaceOnChanges: ["title"],
    },
    step: {
      kind: "replace",
      replaces: ["title"],
      deleteBeforeReplace: false,
      changed: { diffs: ["title"], detailedDiff: { title: "update-replace" } },
    },
  },
  {
    name: "replaceOnChanges with `*` matches any changed key",
    facts: {
      old: { inputs: OLD_INPUTS },
      checked: checked(RETITLED),
      diff: diff({ changes: true, changedKeys: ["title"] }),
      replaceOnChanges: ["*"],
    },
    step: {
      kind: "replace",
      replaces: ["title"],
      deleteBeforeReplace: false,
      changed: { diffs: ["title"], detailedDiff: { title: "update-replace" } },
    },
  },
  {
    name: "replaceOnChanges does nothing when the provider names no changed key (the dynamic host)",
    facts: {
      old: { inputs: OLD_INPUTS },
      checked: checked(RETITLED),
      diff: diff({ changes: true }),
      replaceOnChanges: ["title"],
    },
    step: { kind: "update", changed: { diffs: ["title"], detailedDiff: { title: "update" } } },
  },
  {
    name: "replaceOnChanges on another key than the changed one: update",
    facts: {
      old: { inputs: OLD_INPUTS },
      checked: checked(RETITLED),
      diff: diff({ changes: true, changedKeys: ["title"] }),
      replaceOnChanges: ["slug"],
    },
    step: { kind: "update", changed: { diffs: ["title"], detailedDiff: { title: "update" } } },
  },
  {
    name: "replaceOnChanges reads the engine's own changed keys when the provider does not say",
    facts: {
      old: { inputs: OLD_INPUTS },
      checked: checked(RETITLED),
      diff: diff({ changes: undefined }),
      replaceOnChanges: ["title"],
    },
    step: {
      kind: "replace",
      replaces: ["title"],
      deleteBeforeReplace: false,
      changed: { diffs: ["title"], detailedDiff: { title: "update-replace" } },
    },
  },
  {
    name: "replaceOnChanges without a change: same",
    facts: {
      old: { inputs: OLD_INPUTS },
      checked: checked(),
      diff: diff({ changedKeys: ["title"] }),
      replaceOnChanges: ["title"],
    },
    step: { kind: "same" },
  },
  {
    name: "a forced key the provider also replaces is listed once",
    facts: {
      old: { inputs: OLD_INPUTS },
      checked: checked(RESLUGGED),
      diff: diff({ changes: true, replaces: ["slug"], changedKeys: ["slug"] }),
      replaceOnChanges: ["slug"],
    },
    step: {
      kind: "replace",
      replaces: ["slug"],
      deleteBeforeReplace: false,
      changed: { diffs: ["slug"], detailedDiff: { slug: "update-replace" } },
    },
  },
  {
    name: "replaceOnChanges on a protected resource: refused",
    facts: {
      old: { inputs: OLD_INPUTS, protect: true },
      checked: checked(RETITLED),
      diff: diff({ changes: true, changedKeys: ["title"] }),
      replaceOnChanges: ["title"],
    },
    step: { kind: "refuse-protected", replaces: ["title"] },
  },
];

describe("decideStep", () => {
  test.each(rows)("$name", ({ facts, step }) => {
    expect(
      decideStep({
        checked: checked(),
        replaceOnChanges: [],
        deleteBeforeReplace: false,
        ...facts,
      }),
    ).toEqual(step);
  });

  test("an existing resource without the provider's diff is a caller's mistake", () => {
    expect(() =>
      decideStep({
        old: { inputs: OLD_INPUTS },
        checked: checked(),
        replaceOnChanges: [],
        deleteBeforeReplace: false,
      }),
    ).toThrow("decideStep: an existing resource needs the provider's diff");
  });
});
