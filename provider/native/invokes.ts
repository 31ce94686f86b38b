import { nativeToken } from "../lifecycle/define";
import type { Props } from "../lifecycle/compare";
import { lookUpCollection } from "../lookups/collection";
import { lookUpOrganization } from "../lookups/organization";
import { lookUpMember, lookUpTeam } from "../lookups/people";
import { lookUpSpace } from "../lookups/space";
import { lookUpSpacePermissions } from "../lookups/permissions";
import { lookUpCustomHostname } from "../lookups/custom-hostname";
import { lookUpIntegration } from "../lookups/integration";

/**
 * The lookups as invokes (`docs-workspace:index:getSpace`): the same functions the program-side
 * `getSpace` calls once its arguments are known, so a lookup is written once for both doors.
 */

type Failure = { property: string; reason: string };
type Lookup = (args: Props) => Promise<unknown>;

/** Each invoke: the string arguments it requires, those it may take, and its lookup. */
interface Invoke {
  required: readonly string[];
  optional: readonly string[];
  run: Lookup;
}

const text = (args: Props, key: string) =>
  typeof args[key] === "string" ? (args[key] as string) : undefined;

const INVOKES: Readonly<Record<string, Invoke>> = {
  getSpace: {
    required: ["id"],
    optional: ["workspace"],
    run: (a) => lookUpSpace({ id: a.id as string, workspace: text(a, "workspace") }),
  },
  getCollection: {
    required: ["id"],
    optional: ["workspace"],
    run: (a) => lookUpCollection({ id: a.id as string, workspace: text(a, "workspace") }),
  },
  getSpacePermissions: {
    required: ["spaceId"],
    optional: ["workspace"],
    run: (a) =>
      lookUpSpacePermissions({ spaceId: a.spaceId as string, workspace: text(a, "workspace") }),
  },
  getCustomHostname: {
    required: ["hostname"],
    optional: ["workspace"],
    run: (a) =>
      lookUpCustomHostname({ hostname: a.hostname as string, workspace: text(a, "workspace") }),
  },
  getIntegration: {
    required: ["name"],
    optional: ["workspace"],
    run: (a) => lookUpIntegration({ name: a.name as string, workspace: text(a, "workspace") }),
  },
  getOrganization: {
    required: [],
    optional: ["organizationId", "workspace"],
    run: (a) =>
      lookUpOrganization({
        organizationId: text(a, "organizationId"),
        workspace: text(a, "workspace"),
      }),
  },
  getMember: {
    required: [],
    optional: ["email", "userId", "organizationId", "workspace"],
    run: (a) =>
      lookUpMember({
        email: text(a, "email"),
        userId: text(a, "userId"),
        organizationId: text(a, "organizationId"),
        workspace: text(a, "workspace"),
      }),
  },
  getTeam: {
    required: ["title"],
    optional: ["organizationId", "workspace"],
    run: (a) =>
      lookUpTeam({
        title: a.title as string,
        organizationId: text(a, "organizationId"),
        workspace: text(a, "workspace"),
      }),
  },
};

/** The invoke tokens this plugin serves. */
export const INVOKE_TOKENS = Object.keys(INVOKES).map(nativeToken);

/**
 * Runs the invoke `token`: its result, or the failures naming each argument that is missing, of
 * the wrong type, or unknown to it.
 */
export async function invoke(
  token: string,
  args: Props,
): Promise<{ result?: Props; failures: Failure[] }> {
  const name = token.startsWith(nativeToken("")) ? token.slice(nativeToken("").length) : "";
  const found = INVOKES[name];
  if (found === undefined) {
    throw new Error(
      `docs-workspace has no function "${token}"; it serves ${INVOKE_TOKENS.join(", ")}`,
    );
  }
  const failures: Failure[] = [];
  for (const [key, value] of Object.entries(args)) {
    if (![...found.required, ...found.optional].includes(key)) {
      failures.push({ property: key, reason: `${name} takes no argument "${key}"` });
    } else if (value !== undefined && value !== null && typeof value !== "string") {
      failures.push({ property: key, reason: `${key} must be a string` });
    }
  }
  for (const key of found.required) {
    if (text(args, key) === undefined) {
      failures.push({ property: key, reason: `${name} requires ${key}` });
    }
  }
  if (failures.length > 0) return { failures };
  return { result: (await found.run(args)) as Props, failures };
}
