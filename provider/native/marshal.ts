import type { Props } from "../lifecycle/compare";
import { loadGrpc, type Grpc, type Struct } from "./grpc";

/**
 * Property values between the wire and the handlers. On the wire a secret is an object carrying
 * Pulumi's signature key (`4dabf181...`) with the secret signature, and a value not yet known is
 * the unknown sentinel string, which the handlers already accept. The handlers see plain values;
 * which top-level properties held a secret is kept beside them, so the answer marks them again.
 */

/** Pulumi's key for a special value, and the signature of a secret (sdk/go/common/resource/sig). */
const SIG_KEY = "4dabf18193072939515e22adb298388d";
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

function isSecret(value: unknown): value is { value: unknown } {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as Record<string, unknown>)[SIG_KEY] === SECRET_SIG
  );
}

/** The value with every secret replaced by what it holds; `found` tells whether one was there. */
function unwrap(value: unknown, found: () => void): unknown {
  if (isSecret(value)) {
    found();
    return unwrap(value.value, found);
  }
  if (Array.isArray(value)) return value.map((v) => unwrap(v, found));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unwrap(v, found)]));
  }
  return value;
}

/** Properties as the handlers take them, and the names of those that held a secret. */
export interface Plain {
  props: Props;
  secrets: Set<string>;
}

export function fromStruct(struct: Struct | undefined): Plain {
  const raw = (struct?.toJavaScript() ?? {}) as Props;
  const secrets = new Set<string>();
  const props: Props = {};
  for (const [key, value] of Object.entries(raw)) {
    props[key] = unwrap(value, () => secrets.add(key));
  }
  return { props, secrets };
}

/** `value` marked secret on the wire. */
export function secret(value: unknown): unknown {
  return { [SIG_KEY]: SECRET_SIG, value };
}

/** Properties for an answer: undefined ones left out, those in `secrets` marked secret. */
export function toStruct(props: Props, secrets: Iterable<string> = []): Struct {
  const hidden = new Set(secrets);
  const wire: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined) continue;
    wire[key] = hidden.has(key) && value !== null ? secret(value) : value;
  }
  return loadGrpc().struct.Struct.fromJavaScript(
    JSON.parse(JSON.stringify(wire)) as Parameters<Grpc["struct"]["Struct"]["fromJavaScript"]>[0],
  );
}

/** A configuration or invoke argument as the string the configuration parsers read. */
export function asText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === "string" ? value : JSON.stringify(value);
}
