import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { PENDING_CREATE_KEY } from "../../common/pending-create";
import type { StackExport } from "../../cli/exporter/pending";
import { UNKNOWN } from "../../common/unknown";
import { readPreview, takenFromPreview } from "../../cli/exporter/skipped-run";

/**
 * `docs-workspace pending --preview`: the creates a preview shows, read as pending creates, and
 * the state written with what recovery found (the real CLI's run: test/cli/skip-checkpoints.test.ts).
 */
const STACK = "urn:pulumi:dev::handbook::pulumi:pulumi:Stack::handbook-dev";
const PROVIDER = "urn:pulumi:dev::handbook::pulumi:providers:docs-workspace::default";
const urn = (type: string, name: string) =>
  `urn:pulumi:dev::handbook::docs-workspace:index:${type}::${name}`;

function previewFile(steps: object[]): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "skipped-run-")), "preview.json");
  const config = {
    "docs-workspace:apiUrl": "http://127.0.0.1:9",
    "docs-workspace:apiToken": "[secret]",
    "handbook:title": "Handbook",
  };
  fs.writeFileSync(file, JSON.stringify({ config, steps, changeSummary: {} }));
  return file;
}

const create = (resourceUrn: string, type: string, inputs: object, extra: object = {}) => ({
  op: "create",
  urn: resourceUrn,
  newState: { urn: resourceUrn, custom: true, type, inputs, ...extra },
});

const collection = create(
  urn("Collection", "guides"),
  "docs-workspace:index:Collection",
  { title: "Guides", __listedBefore: ["old"], secretNote: "[secret]" },
  { parent: STACK, provider: `${PROVIDER}::${UNKNOWN}` },
);
const space = create(
  urn("Space", "intro"),
  "docs-workspace:index:Space",
  { title: "Intro", parent: UNKNOWN },
  {
    parent: STACK,
    provider: `${PROVIDER}::${UNKNOWN}`,
    dependencies: [urn("Collection", "guides")],
  },
);
const steps = [
  {
    op: "create",
    urn: STACK,
    newState: { urn: STACK, custom: false, type: "pulumi:pulumi:Stack" },
  },
  collection,
  space,
  { op: "same", urn: urn("Space", "kept") },
];
const empty: StackExport = { deployment: { resources: [] } };

test("each create of this package whose inputs are known is a pending create; one waiting on another create is left for the next round", () => {
  const preview = readPreview(previewFile(steps));
  expect(preview.pending).toEqual([
    // Neither the list check made before the create nor a secret the preview hides is kept.
    {
      urn: urn("Collection", "guides"),
      type: "Collection",
      name: "guides",
      inputs: { title: "Guides" },
    },
  ]);
  expect(preview.waiting).toEqual([
    {
      create: expect.objectContaining({ urn: urn("Space", "intro") }),
      again: expect.stringMatching(/waits on another create/),
    },
  ]);
  expect(preview.config).toEqual({
    "docs-workspace:apiUrl": "http://127.0.0.1:9",
    "handbook:title": "Handbook",
  });
});

test("a found create is taken in after the stack and the default provider a killed first run never wrote", () => {
  const preview = readPreview(previewFile(steps));
  const [pending] = preview.pending;
  const { state, settled } = takenFromPreview(empty, preview, [
    { create: pending!, found: "col1" },
  ]);
  expect(settled).toEqual([{ create: pending, found: "col1" }]);
  const resources = state.deployment.resources!;
  expect(resources.map((r) => r.urn)).toEqual([STACK, PROVIDER, urn("Collection", "guides")]);
  const provider = resources[1]!;
  // As the engine writes a package's default provider: its own keys, unprefixed; no secret.
  expect(provider.inputs).toEqual({ apiUrl: "http://127.0.0.1:9" });
  expect(provider.id).toMatch(/^[0-9a-f-]{36}$/);
  expect(provider.id).not.toBe(UNKNOWN);
  const taken = resources[2]!;
  expect(taken).toMatchObject({
    id: "col1",
    provider: `${PROVIDER}::${provider.id}`,
    inputs: { title: "Guides" },
    outputs: { title: "Guides", [PENDING_CREATE_KEY]: "found" },
  });
});

test("a found create that needs a create not taken waits for the next round; the state keeps what it held", () => {
  const held = {
    urn: STACK,
    type: "pulumi:pulumi:Stack",
    custom: false,
  };
  const dependent = create(
    urn("Space", "child"),
    "docs-workspace:index:Space",
    { title: "Child" },
    { parent: STACK, provider: `${PROVIDER}::abc`, dependencies: [urn("Collection", "guides")] },
  );
  const preview = readPreview(previewFile([collection, dependent]));
  const child = preview.pending.find((p) => p.name === "child")!;
  const exported: StackExport = {
    deployment: {
      resources: [held, { urn: PROVIDER, type: "pulumi:providers:docs-workspace", id: "abc" }],
    },
  };
  const { state, settled } = takenFromPreview(exported, preview, [{ create: child, found: "sp1" }]);
  expect(settled).toEqual([{ create: child, again: expect.stringMatching(/next round/) }]);
  expect(state.deployment.resources).toEqual(exported.deployment.resources);
});
