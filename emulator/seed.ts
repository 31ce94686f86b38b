import { randomBytes } from "node:crypto";
import { z } from "zod";
import { roleLevel } from "./auth";
import { contentInput } from "./content-tree";
import { badRequest, conflict, notFound } from "./errors";
import type { Store } from "./store";
import { addContributor, findChangeRequest, updateChangeRequest } from "./store/change-requests";
import { setSpaceRevision, writeContent } from "./store/content";
import { findUserId, insertToken, insertUser, upsertMember } from "./store/identity";
import { findSpace } from "./store/spaces";
import { insertOrganization, organizationExists } from "./store/organizations";
import { parseOrThrow } from "./validation";

/** The admin API's seed body, also the `--seed FILE` format of the command. */
export const seedSchema = z.strictObject({
  organizations: z
    .array(
      z.strictObject({
        id: z.string().min(1).max(64).optional(),
        title: z.string().min(2).max(255),
        hostname: z.string().min(3).max(32).optional(),
        emailDomains: z.array(z.string().min(1).max(255)).optional(),
      }),
    )
    .optional(),
  users: z
    .array(
      z.strictObject({
        id: z.string().min(1).max(64).optional(),
        displayName: z.string().min(1).max(255),
        email: z.string().min(3).max(255),
      }),
    )
    .optional(),
  members: z
    .array(
      z.strictObject({
        organization: z.string().min(1),
        /** A user id, or the e-mail of a user seeded earlier. */
        user: z.string().min(1),
        role: roleLevel.nullable(),
      }),
    )
    .optional(),
  tokens: z
    .array(z.strictObject({ token: z.string().min(8).max(256), user: z.string().min(1) }))
    .optional(),
});

export type Seed = z.input<typeof seedSchema>;

export interface SeedResult {
  organizations: string[];
  users: string[];
  tokens: string[];
}

/** A fresh API token, shaped like the hosted service's personal tokens. */
export function newToken(): string {
  return `gb_api_${randomBytes(24).toString("base64url")}`;
}

function userId(store: Store, ref: string): string {
  const id = findUserId(store, ref);
  if (id === undefined) throw badRequest(`user ${ref} is neither a seeded user id nor e-mail`);
  return id;
}

/**
 * Writes a seed in one transaction: all of it or none. A reused id, e-mail, hostname or token
 * is a 409, an unknown reference a 400.
 */
export function applySeed(store: Store, input: unknown): SeedResult {
  const seed = parseOrThrow(seedSchema, input);
  return store.transaction(() => {
    const result: SeedResult = { organizations: [], users: [], tokens: [] };
    try {
      for (const org of seed.organizations ?? [])
        result.organizations.push(insertOrganization(store, org));
      for (const user of seed.users ?? []) result.users.push(insertUser(store, user));
    } catch (error) {
      throw conflict(`seed collides with existing data: ${(error as Error).message}`);
    }
    for (const member of seed.members ?? []) {
      if (!organizationExists(store, member.organization))
        throw badRequest(`members: organization ${member.organization} does not exist`);
      upsertMember(store, member.organization, userId(store, member.user), member.role);
    }
    for (const token of seed.tokens ?? []) {
      const owner = userId(store, token.user);
      try {
        insertToken(store, token.token, owner);
      } catch {
        throw conflict("tokens: a token with this value already exists");
      }
      result.tokens.push(token.token);
    }
    return result;
  });
}

/**
 * The people of the demo organization beside its admin, with their roles: the example workspace
 * puts them in teams and sets one's role, so they must exist wherever it runs.
 */
export const DEMO_PEOPLE = [
  { displayName: "Ada Lovelace", email: "ada@example.com", role: "edit" },
  { displayName: "Grace Hopper", email: "grace@example.com", role: "edit" },
  { displayName: "Linus Pauling", email: "linus@example.com", role: "review" },
  { displayName: "Margaret Hamilton", email: "margaret@example.com", role: "read" },
] as const;

/** The demo workspace: one organization, its admin user and that user's token, and its people. */
export function demoSeed(): Seed {
  return {
    organizations: [{ title: "Demo organization", emailDomains: ["example.com"] }],
    users: [
      { displayName: "Demo Admin", email: "admin@example.com" },
      ...DEMO_PEOPLE.map(({ displayName, email }) => ({ displayName, email })),
    ],
    tokens: [{ token: newToken(), user: "admin@example.com" }],
  };
}

/** Applies the demo seed, making its user an admin of its organization and its people members. */
export function applyDemoSeed(store: Store): { token: string; organizationId: string } {
  const seed = demoSeed();
  return store.transaction(() => {
    const result = applySeed(store, { ...seed, tokens: [] });
    const organizationId = result.organizations[0]!;
    upsertMember(store, organizationId, result.users[0]!, "admin");
    for (const person of DEMO_PEOPLE)
      upsertMember(store, organizationId, findUserId(store, person.email)!, person.role);
    const token = seed.tokens![0]!.token;
    insertToken(store, token, result.users[0]!);
    return { token, organizationId };
  });
}

/**
 * The admin API's content body (emulator/README.md, "Content"): the page tree, files, and for a
 * change request the user who made the edit (a user id or e-mail: a contributor).
 */
export const seedContentBody = contentInput.extend({
  author: z.string().min(1).max(255).optional(),
});

/**
 * Writes a space's content, or a change request's, as a new revision that follows the current
 * one: pages on the same path keep their ids. Answers the new revision's id.
 */
export function seedContent(
  store: Store,
  spaceId: string,
  changeRequestRef: string | undefined,
  body: z.output<typeof seedContentBody>,
): { revision: string } {
  const { author, ...content } = body;
  return store.transaction(() => {
    const space = findSpace(store, spaceId);
    if (space === undefined || space.deletedAt !== null) throw notFound(`space ${spaceId}`);
    if (changeRequestRef === undefined) {
      if (author !== undefined) throw badRequest("author: only a change request's content has one");
      const revision = writeContent(store, space.id, space.revision, content);
      setSpaceRevision(store, space.id, revision);
      return { revision };
    }
    const cr = findChangeRequest(store, space.id, changeRequestRef);
    if (cr === undefined) throw notFound(`change request ${changeRequestRef}`);
    if (cr.status === "merged" || cr.status === "archived")
      throw conflict(`change request ${cr.number} is ${cr.status}: its content cannot change`);
    const revision = writeContent(store, space.id, cr.revision, content);
    updateChangeRequest(store, cr.id, { revision });
    if (author !== undefined) addContributor(store, cr.id, userId(store, author));
    return { revision };
  });
}
