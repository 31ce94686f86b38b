import type { ApiContext } from "../context";
import type { PageRequest } from "../pagination";
import type { TargetKind } from "../store/permissions";
import { effectiveRole } from "./permissions";

/**
 * What a guest (a member whose organization role is `null`) is shown of an organization-wide
 * list: only the objects its grants reach (docs/api-decisions.md, "Guests"). A member with a
 * role reaches every object of its organization, so its page is the store's page as it is.
 */
export function reachedPage<T extends { id: string; organizationId: string }>(
  ctx: ApiContext,
  kind: TargetKind,
  role: string | null,
  page: PageRequest,
  list: (page: PageRequest) => { rows: T[]; count: number },
): { rows: T[]; count: number } {
  if (role !== null) return list(page);
  const reached = list({ limit: -1, offset: 0 }).rows.filter(
    (row) => effectiveRole(ctx.store, { kind, ...row }, ctx.userId, null).role !== null,
  );
  return { rows: reached.slice(page.offset, page.offset + page.limit), count: reached.length };
}
