import { definitions } from "../../provider/resources/registry";
import { NativePlugin, reveal } from "./native-plugin";
import { configureProvider, handlersFor, type Endpoint } from "./provider";

type Props = Record<string, unknown>;

/**
 * One resource kind as a test drives it, through either front door of the provider (DESIGN.md,
 * "Two front doors, one lifecycle"): the same calls, the same answers, so that a test of a rule
 * runs through both. Values come back as they hold: a secret's marking is the door's business.
 */
export interface KindDoor {
  /** Check alone: the failures, if any, and the inputs as checked. */
  check(
    news: Props,
    olds?: Props,
  ): Promise<{ inputs?: Props; failures?: { property: string; reason: string }[] }>;
  /** Check, then create, as `up` does for a new resource. */
  create(args: Props): Promise<{ id: string; outs: Props }>;
  /** Check against the olds, then diff: whether anything changes. */
  diff(id: string, olds: Props, args: Props): Promise<{ changes?: boolean }>;
  /** Check against the olds, then update: the new outputs. */
  update(id: string, olds: Props, args: Props): Promise<Props>;
  /** A refresh from the recorded outputs: `{ id: "" }` once the object is gone. */
  read(id: string, props: Props, inputs?: Props): Promise<{ id: string; props?: Props }>;
  delete(id: string, props: Props): Promise<void>;
}

/** A front door, opened on an endpoint: each kind's calls through it, and its closing. */
export interface Door {
  kind(kind: string): KindDoor;
  close(): Promise<void>;
}

export interface DoorSpec {
  name: string;
  open(endpoint: Endpoint): Promise<Door>;
}

/** The dynamic provider's door: the handlers in this process, configured as the host does. */
export const dynamicDoor: DoorSpec = {
  name: "dynamic",
  async open(endpoint) {
    await configureProvider(endpoint);
    return {
      kind(kind) {
        const h = handlersFor(kind);
        return {
          check: async (news, olds) => (await h.check(news, olds)) as { inputs?: Props },
          create: (args) => h.create(args),
          diff: async (id, olds, args) => ({ changes: (await h.diff(id, olds, args)).changes }),
          update: (id, olds, args) => h.update(id, olds, args),
          read: async (id, props) => (await h.read(id, props)) as { id: string; props?: Props },
          delete: (id, props) => h.delete(id, props),
        };
      },
      close: async () => {},
    };
  },
};

/** The native plugin's door: the built launcher in a child process, over real gRPC. */
export const nativeDoor: DoorSpec = {
  name: "native",
  async open(endpoint) {
    const plugin = await NativePlugin.start();
    await plugin.configure({
      "docs-workspace:apiUrl": endpoint.url,
      "docs-workspace:apiToken": endpoint.token,
      "docs-workspace:organizationId": endpoint.organizationId,
    });
    return {
      kind: (kind) => nativeKind(plugin, tokenOf(kind)),
      close: async () => plugin.stop(),
    };
  },
};

function tokenOf(kind: string): string {
  const found = definitions.find((d) => d.kind === kind);
  if (found === undefined) throw new Error(`no resource kind "${kind}"`);
  return found.token;
}

/**
 * One kind through the plugin, calling in the order the engine does. Its answers are given
 * revealed; what the test hands back of them (as olds, as the state to read or delete) goes to
 * the plugin as it came, secrets marked, as the engine sends the state it keeps.
 */
function nativeKind(plugin: NativePlugin, type: string): KindDoor {
  const wire = new WeakMap<Props, Props>();
  const plain = (props: Props) => {
    const revealed = reveal(props) as Props;
    wire.set(revealed, props);
    return revealed;
  };
  const state = (props: Props) => wire.get(props) ?? props;
  const checked = async (news: Props, olds: Props = {}) => {
    const { inputs, failures } = await plugin.check(type, news, olds);
    if (failures.length) throw new Error(`check failed: ${JSON.stringify(failures)}`);
    return inputs;
  };
  return {
    check: (news, olds) => plugin.check(type, news, olds),
    async create(args) {
      const { id, props } = await plugin.create(type, await checked(args));
      return { id, outs: plain(props) };
    },
    async diff(id, olds, args) {
      const diff = await plugin.diff(type, id, state(olds), await checked(args, olds));
      // "unknown" is neither: a test that wants either then fails.
      const changes = diff.changes === "unknown" ? undefined : diff.changes === "some";
      return { changes };
    },
    async update(id, olds, args) {
      return plain(await plugin.update(type, id, state(olds), await checked(args, olds)));
    },
    async read(id, props, inputs = {}) {
      const result = await plugin.read(type, id, state(props), inputs);
      // Gone, the plugin answers an empty id and no properties: the dynamic door's `{ id: "" }`.
      if (result.id === "" && Object.keys(result.props).length === 0) return { id: "" };
      return { id: result.id, props: plain(result.props) };
    },
    delete: (id, props) => plugin.delete(type, id, state(props)),
  };
}

/** Both doors: every rule's test runs through each. */
export const doors: DoorSpec[] = [dynamicDoor, nativeDoor];
