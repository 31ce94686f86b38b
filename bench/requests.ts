/**
 * Requests per lifecycle operation: each kind's handlers driven as the engine drives them
 * (drivers/provider.ts) against an emulator, one operation at a time, the requests each made
 * counted from the emulator's log against the fewest the API allows; then what waiting costs.
 */
import { startEmulator, type RunningEmulator } from "../emulator/index";
import { configureProvider, handlersFor } from "../drivers/provider";
import { clearRequests, loggedRequests } from "../drivers/admin";
import {
  demoPeople,
  organizationMemberRows,
  organizationSettingsRows,
  samlProviderRows,
  teamMemberRows,
  teamRows,
} from "./request-people-rows";
import { openApiSpecRows, pollingCost, translationRows } from "./request-processing-rows";
import { lifecycle, type Operation } from "./request-rows";
import {
  shareLinkRows,
  siteFixtures,
  siteRows,
  siteSectionGroupRows,
  siteSectionRows,
  siteSpaceRows,
} from "./request-site-rows";
import type { BenchModule } from "./types";

/** Every kind's operations, in the order they run, with what they need made first. */
async function operationsByKind(emulator: RunningEmulator): Promise<[string, Operation[]][]> {
  // The collection both kinds move into, made outside the measured operations.
  const parent = await handlersFor("collection").create({ title: "Bench parent" });

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
  const fixtures = await siteFixtures(parent.id);
  const translated = await handlersFor("space").create({
    title: "Bench translated",
    parent: parent.id,
    language: "en",
  });
  kinds.push(
    ["site", siteRows(fixtures)],
    ["site-space", siteSpaceRows(fixtures)],
    ["site-section", siteSectionRows(fixtures)],
    ["site-section-group", siteSectionGroupRows(fixtures)],
    ["share-link", shareLinkRows(fixtures)],
    ["openapi-spec", openApiSpecRows()],
    ["translation", translationRows(translated.id)],
  );
  const people = await demoPeople(emulator);
  const sharedTeam = await handlersFor("team").create({ title: "Bench shared team" });
  kinds.push(
    ["organization-settings", organizationSettingsRows()],
    ["organization-member", organizationMemberRows(people)],
    ["team", teamRows(people)],
    ["team-member", teamMemberRows(people, sharedTeam.id)],
    ["saml-provider", samlProviderRows()],
  );
  return kinds;
}

/** Runs each operation from an empty request log: a line each, and a verdict line. */
async function countRequests(
  emulator: RunningEmulator,
  kinds: [string, Operation[]][],
): Promise<string[]> {
  const lines = [
    `${"kind".padEnd(21)} ${"operation".padEnd(44)} ${"made".padStart(4)} ${"min".padStart(4)}  ${"equal".padEnd(5)}  requests made (minimum: why)`,
  ];
  let missed = 0;
  for (const [kind, operations] of kinds) {
    for (const operation of operations) {
      await clearRequests(emulator);
      await operation.run();
      const requests = await loggedRequests(emulator);
      await operation.cleanup?.();
      const made = requests.length;
      if (made !== operation.minimum) missed++;
      const what = requests.map((r) => r.method).join(" + ") || "none";
      lines.push(
        `${kind.padEnd(21)} ${operation.name.padEnd(44)} ${String(made).padStart(4)} ${String(operation.minimum).padStart(4)}  ${(made === operation.minimum ? "yes" : "NO").padEnd(5)}  ${what} (${operation.why})`,
      );
    }
  }
  lines.push(
    missed === 0
      ? "every operation makes the minimum (target: equal)"
      : `${missed} operation(s) above the minimum (target: equal)`,
  );
  return lines;
}

export const requestsBench: BenchModule = {
  name: "requests per lifecycle operation",
  async run() {
    // No processing delay: a waited operation's floor is then one GET (see openApiSpecRows).
    const emulator = await startEmulator({ port: 0, seed: "demo", processingDelayMs: 0 });
    try {
      await configureProvider({
        url: emulator.url,
        token: emulator.token!,
        organizationId: emulator.organizationId!,
      });
      return [
        ...(await countRequests(emulator, await operationsByKind(emulator))),
        // Said beside the count, so a NO on a waited row reads for what it is.
        "waited rows: the first look comes at once after the answer that started the work; when the",
        "emulator's job (no delay, but later turns of its event loop) has not finished by then, the",
        "wait costs one more GET, 250 ms later",
        "",
        "polling cost of a wait (processing, translation runs)",
        ...(await pollingCost(emulator)),
      ];
    } finally {
      await emulator.close();
    }
  },
};
