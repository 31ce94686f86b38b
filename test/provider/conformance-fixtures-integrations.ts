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

/**
 * A fresh organization with `integration` installed and a site: what a site installation names.
 * The installation is made through the API as the test's user, its organization's admin.
 */
export async function installedWithSite(
  s: Pick<Setup, "emu" | "api">,
  integration: string,
): Promise<{ organizationId: string; installationId: string; siteId: string }> {
  const organizationId = await adminOrganization(s.emu);
  const installed = await s.api("POST", `/v1/integrations/${integration}/installations`, {
    organization: organizationId,
  });
  if (installed.status !== 201)
    throw new Error(`installing ${integration}: ${JSON.stringify(installed.body)}`);
  const site = await s.api("POST", `/v1/orgs/${organizationId}/sites`, { title: "Tracked" });
  return {
    organizationId,
    installationId: installed.body.id as string,
    siteId: site.body.id as string,
  };
}

/** A fresh organization with `integration` installed and a space, for a space installation. */
export async function installedWithSpace(
  s: Pick<Setup, "emu" | "api">,
  integration: string,
): Promise<{ organizationId: string; installationId: string; spaceId: string }> {
  const { organizationId, installationId } = await installedWithSite(s, integration);
  const space = await s.api("POST", `/v1/orgs/${organizationId}/spaces`, { title: "Synced" });
  return { organizationId, installationId, spaceId: space.body.id as string };
}

const GA = "/v1/integrations/googleanalytics/installations";
const SYNC = "/v1/integrations/github-sync/installations";
const spaceInstallationOf = (made: Made) =>
  `${SYNC}/${made.parents.installationId as string}/spaces/${made.parents.spaceId as string}`;
const siteInstallationOf = (made: Made) =>
  `${GA}/${made.parents.installationId as string}/sites/${made.parents.siteId as string}`;

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
  "integration-site-installation": {
    parents: (s: Setup) => installedWithSite(s, "googleanalytics"),
    inputs: (p, n) => ({
      organizationId: p.organizationId,
      integration: "googleanalytics",
      installationId: p.installationId,
      siteId: p.siteId,
      configuration: { tracking_id: `G-${n}`, anonymize_ip: true },
    }),
    path: (_s, made) => siteInstallationOf(made),
    loggedAs: (made) => siteInstallationOf(made),
    limits: [
      { args: { integration: "" }, property: "integration", reason: "must not be empty" },
      { args: { installationId: "" }, property: "installationId", reason: "must not be empty" },
      { args: { siteId: "" }, property: "siteId", reason: "must not be empty" },
      {
        args: { configuration: { tracking_id: { nested: true } } },
        property: "configuration.tracking_id",
        reason: "does not match any allowed form",
      },
    ],
    drift: {
      body: () => ({ configuration: { tracking_id: "G-BY-HAND" } }),
      property: "configuration",
    },
    partial: {
      inputs: (p, n) => ({
        organizationId: p.organizationId,
        integration: "googleanalytics",
        installationId: p.installationId,
        siteId: p.siteId,
        configuration: { tracking_id: `G-partial-${n}` },
      }),
      fault: { method: "PATCH", path: `${GA}/*/sites/*` },
    },
  },
  "integration-space-installation": {
    parents: (s: Setup) => installedWithSpace(s, "github-sync"),
    inputs: (p, n) => ({
      organizationId: p.organizationId,
      integration: "github-sync",
      installationId: p.installationId,
      spaceId: p.spaceId,
      configuration: { repository: `acme/docs-${n}`, branch: "main" },
    }),
    path: (_s, made) => spaceInstallationOf(made),
    loggedAs: (made) => spaceInstallationOf(made),
    limits: [
      { args: { integration: "" }, property: "integration", reason: "must not be empty" },
      { args: { installationId: "" }, property: "installationId", reason: "must not be empty" },
      { args: { spaceId: "" }, property: "spaceId", reason: "must not be empty" },
      {
        args: { configuration: { branch: null } },
        property: "configuration.branch",
        reason: "does not match any allowed form",
      },
    ],
    drift: {
      body: () => ({ configuration: { repository: "acme/by-hand", branch: "main" } }),
      property: "configuration",
    },
    partial: {
      skip: "one PATCH carries every argument: no second request follows it",
    },
  },
};
