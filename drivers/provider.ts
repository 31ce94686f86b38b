/**
 * The provider's handlers driven without the engine, as the engine calls them: for the tests
 * (test/support/provider.ts passes these on) and the bench, which may both import this room.
 */
import type * as pulumi from "@pulumi/pulumi";
import { configure, provider } from "../provider/dynamic/runtime";

type Props = Record<string, unknown>;

/** Where the API is and whom to call it as: a test emulator, or any running one. */
export interface Endpoint {
  url: string;
  token: string;
  organizationId: string;
}

/**
 * Points the provider runtime of this test process at an emulator, the way the dynamic-provider
 * host does: through `configure()` with the stack config, never through resource inputs.
 */
export async function configureProvider(
  emu: Endpoint,
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
 * One resource kind's handlers, called in the order the engine calls them: check, then create;
 * for an existing object, `up` runs check, diff, then update when diff reports changes, and
 * returns the new state, like a `pulumi up` of that one resource.
 */
export function handlersFor(kind: string) {
  const handlers = provider(kind) as Required<pulumi.dynamic.ResourceProvider>;
  const checked = async (olds: Props, args: Props) => {
    const result = await handlers.check(olds, args);
    if (result.failures?.length) {
      throw new Error(`check failed: ${JSON.stringify(result.failures)}`);
    }
    return result.inputs as Props;
  };
  return {
    handlers,
    async check(news: Props, olds: Props = {}) {
      return handlers.check(olds, news);
    },
    async create(args: Props): Promise<{ id: string; outs: Props }> {
      const result = await handlers.create(await checked({}, args));
      return { id: result.id, outs: result.outs as Props };
    },
    async diff(id: string, olds: Props, args: Props) {
      const result = await handlers.check(olds, args);
      return handlers.diff(id, olds, result.inputs);
    },
    async update(id: string, olds: Props, args: Props): Promise<Props> {
      return (await handlers.update(id, olds, await checked(olds, args))).outs as Props;
    },
    /**
     * An existing object through `up`: check, then diff, then update only when diff reports
     * changes; answers the outputs the engine keeps (the olds when nothing changed).
     */
    async up(id: string, olds: Props, args: Props): Promise<Props> {
      const news = await checked(olds, args);
      if (!(await handlers.diff(id, olds, news)).changes) return olds;
      return (await handlers.update(id, olds, news)).outs as Props;
    },
    async read(id: string, props: Props) {
      return handlers.read(id, props);
    },
    async delete(id: string, props: Props) {
      return handlers.delete(id, props);
    },
  };
}
