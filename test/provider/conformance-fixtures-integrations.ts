import { adminClient, type TestEmulator } from "../support/emulator";
import type { Fixture, Made, Setup } from "./conformance-fixtures";

/** The conformance fixture of integration installations (issue 35). */

/** The test emulator's token's user (test/support/emulator.ts seeds it). */
const TEST_ADMIN = "admin@example.com";

/**
 * An organization of its own whose admin is the test's user: an organization has one installation
 * of each integration, so each installation a test makes goes in a fresh one.
 */
export async function adminOrganization(
  emu: Pick<TestEmulator, "url" | "fetch" | "adminToken">,
  title = "Integrated organization",
): Promise<string> {
  const seed = adminClient(emu);
  const made = await seed("POST", "/seed", { organizations: [{ title }] });
  if (made.status !== 201) throw new Error(`seeding an organization: ${made.text}`);
  const organizationId = (made.body.organizations as unknown as string[])[0]!;
  const member = { organization: organizationId, user: TEST_ADMIN, role: "admin" };
  const joined = await seed("POST", "/seed", { members: [member] });
  if (joined.status !== 201) throw new Error(`seeding the admin: ${joined.text}`);
  return organizationId;
}

const installationOf = (made: Made) => `/v1/integrations/slack/installations/${made.id}`;

export const integrationFixtures: Record<string, Fixture> = {
  "integration-installation": {
    parents: async (s: Setup) => ({ organizationId: await adminOrganization(s.emu) }),
    inputs: (p, n) => ({
      organizationId: p.organizationId,
      integration: "slack",
      configuration: {
        webhook_url: `https://hooks.slack.example/services/T0/B0/token-${n}`,
        default_channel: `#docs-${n}`,
      },
      siteSelection: "all",
    }),
    path: (_s, made) => installationOf(made),
    limits: [
      { args: { integration: "" }, property: "integration", reason: "must not be empty" },
      {
        args: { integration: "no spaces" },
        property: "integration",
        reason: "must match the pattern /^[a-zA-Z0-9-_.]+$/",
      },
      {
        args: { spaceSelection: "some" },
        property: "spaceSelection",
        reason: 'must be one of "all", "selected"',
      },
      {
        args: { configuration: { webhook_url: ["a list"] } },
        property: "configuration.webhook_url",
        reason: "does not match any allowed form",
      },
    ],
    drift: {
      body: () => ({ configuration: { webhook_url: "https://hooks.slack.example/by-hand" } }),
      property: "configuration",
    },
    partial: {
      inputs: (p, n) => ({
        organizationId: p.organizationId,
        integration: "slack",
        configuration: { webhook_url: `https://hooks.slack.example/partial-${n}` },
      }),
      fault: { method: "PATCH", path: "/v1/integrations/slack/installations/*" },
    },
  },
};
