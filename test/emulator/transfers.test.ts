import { Background } from "../../emulator/background";
import { runGitSync } from "../../emulator/jobs/git-sync";
import { lastStartedGitOperation, queueGitOperation } from "../../emulator/store/git-sync";
import {
  adminClient,
  apiClient,
  createTestEmulator,
  type ApiBody,
  type TestEmulator,
  seedContent,
} from "../support/emulator";
import { until } from "../support/harness-cli";

/**
 * A space transferred to another organization (§4.4, §4.3) leaves nothing of the old one linked
 * to it: no translation of the old organization reads it or writes it, no site of the old
 * organization shows it, and no Git operation queued there runs on it.
 */
let t: TestEmulator;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  t = await createTestEmulator({ processingDelayMs: 0 });
  api = apiClient(t.url, t.token, t.fetch);
});
afterAll(() => t.close());

async function space(title: string, markdown: string, organizationId = t.organizationId) {
  const made = (await api("POST", `/v1/orgs/${organizationId}/spaces`, { title, language: "en" }))
    .body;
  await seedContent(t, `/spaces/${made.id}/content`, { pages: [{ title, markdown }] });
  return (await api("GET", `/v1/spaces/${made.id}`)).body;
}

function completed(organizationId: string, id: string): Promise<ApiBody> {
  return until(`translation ${id} completed`, async () => {
    const { body } = await api("GET", `/v1/orgs/${organizationId}/translations/${id}`);
    return body.status === "completed" ? body : undefined;
  });
}

async function translate(source: ApiBody): Promise<ApiBody> {
  const created = await api("POST", `/v1/orgs/${t.organizationId}/translations`, {
    source: { space: source.id, language: "en" },
    language: "fr",
  });
  return completed(t.organizationId, created.body.id);
}

async function rerun(translation: ApiBody): Promise<ApiBody> {
  const run = `/v1/orgs/${t.organizationId}/translations/${translation.id}/run`;
  expect((await api("POST", run)).status).toBe(204);
  return completed(t.organizationId, translation.id);
}

const markdownOf = async (spaceId: string) =>
  JSON.stringify((await api("GET", `/v1/spaces/${spaceId}/content`)).body);

test("a translation's source moved to another organization: a re-run in the old one copies nothing of the new owner's", async () => {
  const source = await space("Handbook", "Shared at first.");
  const first = await translate(source);
  const result = (first.result as { space: string }).space;
  const moved = await api("POST", `/v1/spaces/${source.id}/transfer`, {
    organization: t.secondOrganizationId,
  });
  expect(moved.status).toBe(200);
  await seedContent(t, `/spaces/${source.id}/content`, {
    pages: [{ title: "Handbook", markdown: "The new owner's secret plans." }],
  });

  const again = await rerun(first);
  expect(again.stats).toMatchObject({ runs: 2, latestPages: 0 });
  expect(await markdownOf((again.result as { space: string }).space)).not.toMatch(/secret/);
  expect(await markdownOf(result)).not.toMatch(/secret/);
});

test("a translation's result space moved to another organization is cut loose: the next run makes a new one at home", async () => {
  const source = await space("Runbook", "Page the on-call.");
  const first = await translate(source);
  const movedResult = (first.result as { space: string; revision: string }).space;
  await api("POST", `/v1/spaces/${movedResult}/transfer`, { organization: t.secondOrganizationId });
  const movedRevision = (await api("GET", `/v1/spaces/${movedResult}`)).body.revision;

  const after = await api("GET", `/v1/orgs/${t.organizationId}/translations/${first.id}`);
  expect(after.body.result).toBeUndefined();
  const again = await rerun(first);
  const fresh = (again.result as { space: string }).space;
  expect(fresh).not.toBe(movedResult);
  expect((await api("GET", `/v1/spaces/${fresh}`)).body.organization).toBe(t.organizationId);
  // The space the new organization owns now is untouched.
  expect((await api("GET", `/v1/spaces/${movedResult}`)).body.revision).toBe(movedRevision);
});

test("a site of the old organization no longer links a transferred space, nor one in a transferred collection", async () => {
  const alone = await space("Alone", "Alone.");
  const collection = (await api("POST", `/v1/orgs/${t.organizationId}/collections`, {})).body;
  const inside = (
    await api("POST", `/v1/orgs/${t.organizationId}/spaces`, {
      title: "Inside",
      parent: collection.id,
    })
  ).body;
  const stays = await space("Stays", "Stays.");
  const sites = `/v1/orgs/${t.organizationId}/sites`;
  const site = (
    await api("POST", sites, { title: "Docs", spaces: [alone.id, inside.id, stays.id] })
  ).body;
  await api("POST", `${sites}/${site.id}/publish`);
  const linked = async () =>
    ((await api("GET", `${sites}/${site.id}/site-spaces`)).body.items as ApiBody[]).map(
      (s) => (s.space as ApiBody | undefined)?.id,
    );
  expect(await linked()).toEqual([alone.id, inside.id, stays.id]);

  await api("POST", `/v1/spaces/${alone.id}/transfer`, { organization: t.secondOrganizationId });
  await api("POST", `/v1/collections/${collection.id}/transfer`, {
    organization: t.secondOrganizationId,
  });

  expect(await linked()).toEqual([stays.id]);
  const published = await api("GET", `${sites}/${site.id}/published`);
  expect(published.text).not.toContain(alone.id);
  expect(published.text).not.toContain(inside.id);
});

test("a Git operation queued in the old organization does not run on the transferred space", async () => {
  const moving = await space("Synced", "Before.");
  queueGitOperation(
    t.store,
    moving.id,
    { provider: null, repoName: "r", url: "/nowhere/r", ref: "refs/heads/main", treeUrl: null },
    {
      direction: "import",
      request: { url: "http://writer:s3cret@127.0.0.1:9/r.git", ref: "refs/heads/main" },
      timestamp: t.store.now(),
      author: "nobody",
    },
  );
  await api("POST", `/v1/spaces/${moving.id}/transfer`, { organization: t.secondOrganizationId });
  const background = new Background(t.store);
  runGitSync(t.store, background, moving.id);
  await background.idle();
  // It ended without starting: skipped, its credentials masked, as every ended operation's are.
  expect(lastStartedGitOperation(t.store, moving.id)).toBeUndefined();
  const rows = t.store.db
    .prepare("SELECT state, error, request FROM git_operations WHERE space_id = ?")
    .all(moving.id) as { state: string; error: string; request: string }[];
  expect(rows).toEqual([
    {
      state: "skipped",
      error: "skipped: the space moved to another organization after the operation was queued",
      request: JSON.stringify({ url: "http://***@127.0.0.1:9/r.git", ref: "refs/heads/main" }),
    },
  ]);
});

test("a grant on a space or collection does not let an outsider move it out of the organization: that needs the organization's own role", async () => {
  const seeded = await adminClient(t)("POST", "/seed", {
    organizations: [{ title: "Olga's own" }],
    users: [{ displayName: "Olga Outsider", email: "olga@outside.example" }],
  });
  expect(seeded.status).toBe(201);
  const [theirs] = seeded.body.organizations as string[];
  const [olga] = seeded.body.users as string[];
  expect(
    (
      await adminClient(t)("POST", "/seed", {
        members: [
          { organization: theirs, user: olga, role: "admin" },
          { organization: t.organizationId, user: olga, role: null },
        ],
        tokens: [{ token: "transfers-olga-token", user: olga }],
      })
    ).status,
  ).toBe(201);
  const outsider = apiClient(t.url, "transfers-olga-token", t.fetch);
  const kept = await space("Kept at home", "# Kept\n");
  const shelf = (
    await api("POST", `/v1/orgs/${t.organizationId}/collections`, { title: "Kept shelf" })
  ).body;
  await api("POST", `/v1/spaces/${kept.id}/permissions`, { role: "create", users: [olga] });
  await api("POST", `/v1/collections/${shelf.id}/permissions`, { role: "admin", users: [olga] });
  // The grants work where they apply: the outsider edits the space and the collection.
  expect((await outsider("PATCH", `/v1/spaces/${kept.id}`, { title: "Still home" })).status).toBe(
    200,
  );
  const moves = [
    await outsider("POST", `/v1/spaces/${kept.id}/transfer`, { organization: theirs }),
    await outsider("POST", `/v1/collections/${shelf.id}/transfer`, { organization: theirs }),
  ];
  expect(moves.map((m) => m.status)).toEqual([403, 403]);
  expect(moves[0]!.body.error.message).toMatch(/create role in organization/);
  expect((await api("GET", `/v1/spaces/${kept.id}`)).body.organization).toBe(t.organizationId);
  expect((await api("GET", `/v1/collections/${shelf.id}`)).body.organization).toBe(
    t.organizationId,
  );
  // The owner, admin in both, still moves its own.
  expect(
    (
      await api("POST", `/v1/spaces/${kept.id}/transfer`, {
        organization: t.secondOrganizationId,
      })
    ).status,
  ).toBe(200);
});
