import type * as pulumi from "@pulumi/pulumi";
import { configure, provider } from "../../provider/runtime";
import { UNKNOWN } from "../../provider/lifecycle/compare";
import type { TestEmulator } from "./emulator";

export { UNKNOWN };

type Props = Record<string, unknown>;

/**
 * Points the provider runtime of this test process at an emulator, the way the dynamic-provider
 * host does: through `configure()` with the stack config, never through resource inputs.
 */
export async function configureProvider(
  emu: TestEmulator,
  extra: Record<string, string> = {},
): Promise<void> {
  const values: Record<string, string> = {
    "docs-workspace:apiUrl": emu.url,
    "docs-workspace:apiToken": emu.token,
    "docs-workspace:organizationId": emu.organizationId,
    ...extra,
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
}

/**
 * One resource kind's handlers, called in the order the engine calls them. `up` runs check then
 * create (or diff then update for an existing object) and returns the new state, like a
 * `pulumi up` of that one resource.
 */
export function handlersFor(kind: string) {
  const handlers = provider(kind) as Required<pulumi.dynamic.ResourceProvider>;
  return {
    handlers,
    async check(news: Props, olds: Props = {}) {
      return handlers.check(olds, news);
    },
    async create(args: Props): Promise<{ id: string; outs: Props }> {
      const checked = await handlers.check({}, args);
      if (checked.failures?.length) {
        throw new Error(`check failed: ${JSON.stringify(checked.failures)}`);
      }
      const result = await handlers.create(checked.inputs);
      return { id: result.id, outs: result.outs as Props };
    },
    async diff(id: string, olds: Props, args: Props) {
      const checked = await handlers.check(olds, args);
      return handlers.diff(id, olds, checked.inputs);
    },
    async update(id: string, olds: Props, args: Props): Promise<Props> {
      const checked = await handlers.check(olds, args);
      if (checked.failures?.length) {
        throw new Error(`check failed: ${JSON.stringify(checked.failures)}`);
      }
      return (await handlers.update(id, olds, checked.inputs)).outs as Props;
    },
    async read(id: string, props: Props) {
      return handlers.read(id, props);
    },
    async delete(id: string, props: Props) {
      return handlers.delete(id, props);
    },
  };
}

/** The write requests (anything but GET) the emulator saw since its log was last cleared. */
export async function writes(emu: TestEmulator) {
  return (await emu.requests()).filter((r) => r.method !== "GET");
}

/** Calls the API directly as the test's user: the out-of-band changes a refresh must notice. */
export async function callApi(emu: TestEmulator, method: string, path: string, body?: unknown) {
  const response = await fetch(`${emu.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${emu.token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}
