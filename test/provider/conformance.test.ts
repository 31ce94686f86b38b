// @slow: every lifecycle rule through both doors (`npm run test:fast` leaves it out; `npm test` runs it).
import { PENDING_CREATE_KEY } from "../../common/pending-create";
import { definitions } from "../../provider/resources/registry";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { doors, type Door, type KindDoor } from "../support/doors";
import { callApi, writes } from "../support/provider";
import { fixtures, type Fixture, type Made, type Setup, type Skip } from "./conformance-fixtures";

/**
 * The lifecycle rules every resource keeps (DESIGN.md, "Lifecycle rules"), run for every kind the
 * package defines, against one emulator: adopt, a deletion out of band, delete of an absent
 * object, check's limits, drift, and the undo of a partial create. A kind takes part by being
 * defined and having a fixture (conformance-fixtures.ts); what is special to it stays in its own
 * test file. Every rule runs through both front doors (test/support/doors.ts): the dynamic
 * provider's handlers in this process, and the native plugin over gRPC in a child process, which
 * reaches the same emulator over its socket, faults included.
 */
let emu: TestEmulator;
let setup: Setup;
let serial = 0;

beforeAll(async () => {
  emu = await startTestEmulator({ processingDelayMs: 0 });
  setup = {
    emu,
    org: emu.organizationId,
    api: (method, path, body) => callApi(emu, method, path, body),
  };
});
afterAll(() => emu.close());
beforeEach(async () => {
  await emu.clearFaults();
  await emu.clearRequests();
});

const skipped = (rule: object | undefined): rule is Skip => rule !== undefined && "skip" in rule;

/**
 * The test of a rule; where the kind's fixture says the rule does not apply, the test of its
 * reason instead (`proof`), so that no rule is skipped on a claim nobody checks.
 */
function applies(
  rule: object | undefined,
  proof: (reason: string) => [string, () => Promise<void>],
) {
  return (name: string, fn: () => Promise<void>) => {
    if (!skipped(rule)) return test(name, fn);
    const [instead, check] = proof(rule.skip);
    test(`${instead}, so "${name}" does not apply: ${rule.skip}`, check);
  };
}

test("every defined resource has a conformance fixture, and every fixture a resource", () => {
  expect(Object.keys(fixtures).sort()).toEqual(definitions.map((d) => d.kind).sort());
});

describe.each(doors.map((d) => [d.name, d] as const))("the %s door", (_, spec) => {
  let door: Door;
  beforeAll(async () => {
    door = await spec.open(emu);
  });
  afterAll(() => door.close());

  describe.each(definitions.map((d) => [d.kind, fixtures[d.kind]!] as const))(
    "%s",
    (kind, fixture) => {
      let h: KindDoor;
      beforeAll(() => {
        h = door.kind(kind);
      });

      async function make(
        f: Fixture = fixture,
      ): Promise<Made & { inputs: Record<string, unknown> }> {
        const parents = (await f.parents?.(setup)) ?? {};
        const inputs = f.inputs(parents, ++serial);
        const { id, outs } = await h.create(inputs);
        return { id, outs, parents, inputs };
      }

      test("check refuses each limit, naming the property and the limit, before any request", async () => {
        const valid = fixture.inputs(
          {
            siteId: "s",
            spaceId: "s",
            collectionId: "c",
            teamId: "t",
            userId: "u",
            email: "a@example.com",
          },
          0,
        );
        for (const { args, property, reason } of fixture.limits) {
          const { failures } = await h.check({ ...valid, ...args });
          expect(failures).toContainEqual({
            property,
            reason: typeof reason === "string" ? reason : expect.stringMatching(reason),
          });
        }
        expect(await emu.requests()).toEqual([]);
      });

      /** The fixture's change out of band to `made`: the answer of its last request. */
      async function driftOutOfBand(drift: Exclude<Fixture["drift"], Skip>, made: Made) {
        await drift.before?.(setup, made);
        const path = (drift.path ?? fixture.path)(setup, made);
        return setup.api(drift.method ?? "PATCH", path, drift.body(made));
      }

      const adopt = applies(fixture.adopt, () => [
        "a second create of the same object takes it over: it is found by its natural key",
        async () => {
          const made = await make();
          await emu.clearRequests();
          const again = await h.create(made.inputs);
          expect(again.id).toBe(made.id);
          expect((await writes(emu)).filter((w) => w.method === "POST")).toEqual([]);
        },
      ]);
      adopt(
        "adoptId takes the object over without creating another, and applies the declared arguments",
        async () => {
          const made = await make();
          // The object differs from the program where the fixture knows how to make it differ.
          const drifted = skipped(fixture.drift) ? undefined : fixture.drift;
          if (drifted) await driftOutOfBand(drifted, made);
          await emu.clearRequests();
          const adopted = await h.create({ ...made.inputs, adoptId: made.id });
          expect(adopted.id).toBe(made.id);
          // What it writes, if anything, goes to the object itself: nothing is created.
          const shown = fixture.loggedAs?.(made) ?? made.id;
          for (const write of await writes(emu)) expect(write.path).toContain(shown);
          if (drifted) expect(adopted.outs[drifted.property]).toEqual(made.outs[drifted.property]);
        },
      );

      const gone = applies(fixture.gone, () => [
        "delete leaves the object where it is, and refresh still finds it",
        async () => {
          const made = await make();
          await emu.clearRequests();
          await h.delete(made.id, made.outs);
          expect((await writes(emu)).filter((w) => w.method === "DELETE")).toEqual([]);
          expect((await h.read(made.id, made.outs, made.inputs)).id).toBe(made.id);
        },
      ]);
      gone("an object deleted out of band is dropped by refresh", async () => {
        const made = await make();
        const path = (fixture.gone && !skipped(fixture.gone) ? fixture.gone.path : fixture.path)(
          setup,
          made,
        );
        expect((await setup.api("DELETE", path)).status).toBeLessThan(300);
        expect(await h.read(made.id, made.outs, made.inputs)).toEqual({ id: "" });
      });

      test("delete of an object already gone is success", async () => {
        const made = await make();
        await h.delete(made.id, made.outs);
        await expect(h.delete(made.id, made.outs)).resolves.toBeUndefined();
      });

      const drift = applies(fixture.drift, (reason) => {
        throw new Error(`${kind}: drift is a rule every resource keeps (${reason})`);
      });
      drift(
        "a change out of band shows as drift on refresh, and the next up restores it",
        async () => {
          if (skipped(fixture.drift)) return;
          const { property } = fixture.drift;
          const made = await make();
          expect((await driftOutOfBand(fixture.drift, made)).status).toBeLessThan(300);
          const refreshed = await h.read(made.id, made.outs, made.inputs);
          expect(refreshed.props![property]).not.toEqual(made.outs[property]);
          expect((await h.diff(made.id, refreshed.props!, made.inputs)).changes).toBe(true);
          const restored = await h.update(made.id, refreshed.props!, made.inputs);
          expect(restored[property]).toEqual(made.outs[property]);
          const again = await h.read(made.id, restored, made.inputs);
          expect(again.props![property]).toEqual(made.outs[property]);
        },
      );

      /** The recovery request of a pending create, through the door, and its verdict. */
      async function recover(
        checked: Record<string, unknown>,
        request: { startedAt: Date; exclude?: string[] },
      ): Promise<{ verdict: unknown; id: string }> {
        const answer = await h.read("", {
          ...checked,
          [PENDING_CREATE_KEY]: {
            urn: `urn:pulumi:test::conformance::${kind}::pending`,
            name: "pending",
            startedAt: request.startedAt.toISOString(),
            exclude: request.exclude ?? [],
          },
        });
        return { verdict: answer.props?.[PENDING_CREATE_KEY], id: answer.id };
      }

      if (definitions.find((d) => d.kind === kind)!.repeatable) {
        test("an interrupted create is sent again by the next up: recovery says so, and a second create takes over what the first made", async () => {
          const parents = (await fixture.parents?.(setup)) ?? {};
          const inputs = fixture.inputs(parents, ++serial);
          const { inputs: checked } = await h.check(inputs);
          expect(await recover(checked!, { startedAt: new Date() })).toEqual({
            verdict: "again",
            id: "",
          });
          const first = await h.create(inputs);
          await emu.clearRequests();
          const second = await h.create(inputs);
          expect(second.id).toBe(first.id);
          expect(
            (await writes(emu)).filter((w) => w.method === "POST" && w.status === 201),
          ).toEqual([]);
        });
      } else {
        test("an interrupted create is settled by its natural key: absent before its write, then exactly the object it made, never one already there or managed", async () => {
          const parents = (await fixture.parents?.(setup)) ?? {};
          const inputs = fixture.inputs(parents, ++serial);
          const startedAt = new Date();
          // What the engine keeps with the pending create: the inputs check answered.
          const { inputs: checked } = await h.check(inputs);
          expect(await recover(checked!, { startedAt })).toEqual({ verdict: "absent", id: "" });
          // The create's write reached the service, and its answer was lost with the run.
          const made = await h.create(inputs);
          // An object that was there before the create is not its work.
          const later = (await h.check(inputs)).inputs!;
          expect(await recover(later, { startedAt: new Date(Date.now() + 60_000) })).toEqual({
            verdict: "absent",
            id: "",
          });
          // One the stack manages is no pending create's work either.
          expect(await recover(checked!, { startedAt, exclude: [made.id] })).toEqual({
            verdict: "absent",
            id: "",
          });
          expect(await recover(checked!, { startedAt })).toEqual({ verdict: "found", id: made.id });
        });
      }

      const partial = applies(fixture.partial, () => [
        "a create is one write request: no later request can fail after it",
        async () => {
          const parents = (await fixture.parents?.(setup)) ?? {};
          const inputs = fixture.inputs(parents, ++serial);
          await emu.clearRequests();
          await h.create(inputs);
          expect((await writes(emu)).map((w) => w.method)).toHaveLength(1);
        },
      ]);
      partial("a failed request after the create undoes it: no orphan", async () => {
        if (skipped(fixture.partial)) return;
        const parents = (await fixture.parents?.(setup)) ?? {};
        const inputs = fixture.partial.inputs(parents, ++serial);
        await emu.clearRequests();
        await emu.addFault({ ...fixture.partial.fault, count: 1, kind: "status", status: 500 });
        await expect(h.create(inputs)).rejects.toThrow(/500/);
        const log = await writes(emu);
        // The create answered (a POST, or the PUT that makes a team), then a later request failed.
        expect(log[0]!.status).toBe(201);
        expect(log.at(-2)!.status).toBe(500);
        expect(log.at(-1)!.method).toBe("DELETE");
        expect(log.at(-1)!.status).toBeLessThan(300);
      });
    },
  );
});
