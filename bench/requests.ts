import type * as pulumi from "@pulumi/pulumi";
import { startEmulator, type LoggedRequest, type RunningEmulator } from "../emulator";
import { configure, provider } from "../provider/runtime";
import type { BenchModule } from "./index";

type Props = Record<string, unknown>;

/** One lifecycle operation: what it does, and the fewest requests the API allows for it. */
interface Operation {
  name: string;
  /** The minimum, and why it is the minimum (printed beside the count). */
  minimum: number;
  why: string;
  run(): Promise<unknown>;
  /** Runs after the count, so what it sends is not counted. */
  cleanup?(): Promise<unknown>;
}

/** The emulator's request log through its admin API, as a user's CI would read it. */
async function logged(emulator: RunningEmulator): Promise<LoggedRequest[]> {
  const response = await fetch(`${emulator.url}/_emulator/requests`);
  return ((await response.json()) as { items: LoggedRequest[] }).items;
}

async function clearLog(emulator: RunningEmulator): Promise<void> {
  await fetch(`${emulator.url}/_emulator/requests`, { method: "DELETE" });
}

/**
 * The handlers of one kind driven as the engine drives them (check before create and update,
 * diff before update), the same sequence as test/support/provider.ts.
 */
function engine(kind: string) {
  const handlers = provider(kind) as Required<pulumi.dynamic.ResourceProvider>;
  const checked = async (olds: Props, news: Props) => {
    const result = await handlers.check(olds, news);
    if (result.failures?.length) throw new Error(`check: ${JSON.stringify(result.failures)}`);
    return result.inputs as Props;
  };
  return {
    async create(args: Props) {
      const result = await handlers.create(await checked({}, args));
      return { id: result.id, outs: result.outs as Props };
    },
    read: (id: string, props: Props) => handlers.read(id, props),
    /** diff, then update only when diff reports changes, as the engine does. */
    async update(id: string, olds: Props, args: Props): Promise<Props> {
      const news = await checked(olds, args);
      const diff = await handlers.diff(id, olds, news);
      if (!diff.changes) return olds;
      return (await handlers.update(id, olds, news)).outs as Props;
    },
    delete: (id: string, props: Props) => handlers.delete(id, props),
  };
}

/**
 * A kind's lifecycle, one operation at a time. Minimums follow api/workspace-api.md: a create
 * body carries title and parent only, so a declared description or defaultLevel costs one
 * PATCH after the POST; a parent change is the move operation, a title change one PATCH; a
 * no-op is answered by diff, which makes no request; delete is one DELETE.
 */
function lifecycle(kind: string, parentId: string, extras: Props, extrasNote: string): Operation[] {
  const handlers = engine(kind);
  let plain: { id: string; outs: Props } | undefined;
  let extra: { id: string; outs: Props } | undefined;
  // The outputs the engine keeps as olds, and the arguments the program declares.
  let props: Props = {};
  let args: Props = { title: `Bench ${kind}` };
  const state = () => {
    if (plain === undefined) throw new Error("create failed");
    return plain;
  };
  return [
    {
      name: "create (title only)",
      minimum: 1,
      why: "one POST",
      run: async () => {
        plain = await handlers.create(args);
        props = plain.outs;
      },
    },
    {
      name: `create (+ ${Object.keys(extras).join(", ")})`,
      minimum: 2,
      why: `POST + PATCH: ${extrasNote}`,
      run: async () => {
        extra = await handlers.create({ title: `Bench ${kind} 2`, ...extras });
      },
      cleanup: async () => extra && handlers.delete(extra.id, extra.outs),
    },
    {
      name: "read",
      minimum: 1,
      why: "one GET",
      run: () => handlers.read(state().id, props),
    },
    {
      name: "update title",
      minimum: 1,
      why: "one PATCH",
      run: async () => {
        args = { ...args, title: `Renamed ${kind}` };
        props = await handlers.update(state().id, props, args);
      },
    },
    {
      name: "update parent (move)",
      minimum: 1,
      why: "one POST .../move",
      run: async () => {
        args = { ...args, parent: parentId };
        props = await handlers.update(state().id, props, args);
      },
    },
    {
      name: "update, nothing changed",
      minimum: 0,
      why: "diff answers without a request",
      run: async () => {
        props = await handlers.update(state().id, props, args);
      },
    },
    {
      name: "delete",
      minimum: 1,
      why: "one DELETE",
      run: () => handlers.delete(state().id, props),
    },
  ];
}

export const requestsBench: BenchModule = {
  name: "requests per lifecycle operation",
  async run() {
    const emulator = await startEmulator({ port: 0, seed: "demo" });
    try {
      const values: Record<string, string> = {
        "docs-workspace:apiUrl": emulator.url,
        "docs-workspace:apiToken": emulator.token!,
        "docs-workspace:organizationId": emulator.organizationId!,
      };
      await configure({
        config: {
          get: (key: string) => values[key],
          require: (key: string) => {
            const value = values[key];
            if (value === undefined) throw new Error(`missing ${key}`);
            return value;
          },
        },
      });
      // The collection both kinds move into, made outside the measured operations.
      const parent = await engine("collection").create({ title: "Bench parent" });

      const kinds: [string, Operation[]][] = [
        [
          "collection",
          lifecycle(
            "collection",
            parent.id,
            { description: "Described", defaultLevel: "read" },
            "the create body has no description or defaultLevel",
          ),
        ],
        [
          "space",
          lifecycle(
            "space",
            parent.id,
            { defaultLevel: "read" },
            "the create body has no defaultLevel",
          ),
        ],
      ];

      const lines = [
        `${"kind".padEnd(11)} ${"operation".padEnd(38)} ${"made".padStart(4)} ${"min".padStart(4)}  ${"equal".padEnd(5)}  requests made (minimum: why)`,
      ];
      let missed = 0;
      for (const [kind, operations] of kinds) {
        for (const operation of operations) {
          await clearLog(emulator);
          await operation.run();
          const requests = await logged(emulator);
          await operation.cleanup?.();
          const made = requests.length;
          if (made !== operation.minimum) missed++;
          const what = requests.map((r) => r.method).join(" + ") || "none";
          lines.push(
            `${kind.padEnd(11)} ${operation.name.padEnd(38)} ${String(made).padStart(4)} ${String(operation.minimum).padStart(4)}  ${(made === operation.minimum ? "yes" : "NO").padEnd(5)}  ${what} (${operation.why})`,
          );
        }
      }
      lines.push(
        missed === 0
          ? "every operation makes the minimum (target: equal)"
          : `${missed} operation(s) above the minimum (target: equal)`,
      );
      return lines;
    } finally {
      await emulator.close();
    }
  },
};
