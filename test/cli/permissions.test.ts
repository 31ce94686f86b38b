import * as path from "node:path";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { callApi, writes } from "../support/provider";
import { changing, describeCli, PulumiStack } from "../support/pulumi";

/**
 * Both forms of permissions through the real `pulumi` CLI (test/fixtures/permissions): a grant
 * made by hand shows in `refresh` on the space whose `permissions` are declared, `up` removes it
 * there, the additive grant's space keeps it; and a program that mixes the forms on one space
 * fails at preview.
 */
const program = path.resolve(__dirname, "../fixtures/permissions");
jest.setTimeout(600_000);

describeCli("permissions through the real pulumi CLI", () => {
  let emu: TestEmulator;
  let stack: PulumiStack;

  beforeAll(async () => {
    emu = await startTestEmulator();
    stack = await PulumiStack.create({ program, emulator: emu, token: "config" });
  });
  afterAll(async () => {
    stack?.close();
    await emu?.close();
  });

  async function userIdOf(email: string): Promise<string> {
    const members = (await callApi(emu, "GET", `/v1/orgs/${emu.organizationId}/members`)).body
      .items as { id: string; user: { email: string } }[];
    return members.find((m) => m.user.email === email)!.id;
  }

  async function users(spaceId: string): Promise<string[]> {
    const listed = (await callApi(emu, "GET", `/v1/spaces/${spaceId}/permissions/users`)).body
      .items as { user: { id: string }; permission: string }[];
    return listed.map((u) => `${u.user.id}:${u.permission}`).sort();
  }

  test("up; a grant made by hand; refresh shows it; up removes it from the owned space only; then no change", async () => {
    const first = await stack.json(["up"]);
    expect(first.result.code).toBe(0);
    const outputs = JSON.parse((await stack.ok(["stack", "output", "--json"])).stdout) as {
      ownedId: string;
      sharedId: string;
    };
    const ada = await userIdOf("ada@example.com");
    const linus = await userIdOf("linus@example.com");
    for (const spaceId of [outputs.ownedId, outputs.sharedId]) {
      const res = await callApi(emu, "POST", `/v1/spaces/${spaceId}/permissions`, {
        role: "edit",
        users: [ada],
      });
      expect(res.status).toBe(204);
    }

    const refreshed = await stack.json(["refresh"]);
    expect(refreshed.result.code).toBe(0);
    expect(changing(refreshed).map((s) => [s.op, s.name])).toEqual([["update", "owned"]]);

    await emu.clearRequests();
    const restored = await stack.json(["up"]);
    expect(restored.result.code).toBe(0);
    expect(changing(restored).map((s) => [s.op, s.name])).toEqual([["update", "owned"]]);
    expect((await writes(emu)).map((r) => [r.method, r.path])).toEqual([
      ["DELETE", `/v1/spaces/${outputs.ownedId}/permissions/users/${ada}`],
    ]);
    expect(await users(outputs.ownedId)).toEqual([`${linus}:read`]);
    expect(await users(outputs.sharedId)).toEqual([`${ada}:edit`]);

    await emu.clearRequests();
    expect((await stack.run(["up", "--yes", "--expect-no-changes"])).code).toBe(0);
    expect((await stack.run(["refresh", "--yes", "--expect-no-changes"])).code).toBe(0);
    expect(await writes(emu)).toEqual([]);
  });

  test("a SpacePermission on the space that declares permissions fails the preview, naming both", async () => {
    stack.edit(
      "index.ts",
      "export const ownedId",
      'new SpacePermission("extra", { spaceId: owned.id, teamId: writers.id, role: "read" });\nexport const ownedId',
    );
    await emu.clearRequests();
    const preview = await stack.run(["preview"]);
    expect(preview.code).not.toBe(0);
    expect(preview.stdout + preview.stderr).toMatch(
      /SpacePermission "extra": spaceId is Space "owned"'s, which declares permissions \(authoritative\)/,
    );
    expect(await writes(emu)).toEqual([]);
  });

  test("destroy removes every grant with its objects", async () => {
    stack.edit(
      "index.ts",
      'new SpacePermission("extra", { spaceId: owned.id, teamId: writers.id, role: "read" });\n',
      "",
    );
    expect((await stack.json(["destroy"])).result.code).toBe(0);
    for (const kind of ["teams", "spaces"]) {
      const body = (await callApi(emu, "GET", `/v1/orgs/${emu.organizationId}/${kind}`)).body;
      expect({ kind, items: body.items }).toEqual({ kind, items: [] });
    }
  });
});
