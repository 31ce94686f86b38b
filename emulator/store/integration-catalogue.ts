/**
 * The emulator's seeded catalogue of integrations (docs/api-decisions.md, "Integrations"): four
 * published integrations shaped like real ones, each with the configuration schemas the hosted
 * `Integration` object carries (`configurations.account`, `.site`, `.space`). An installation's
 * configuration is checked against them. The catalogue is the same in every emulator and is not
 * written: it lives in code, not in a table.
 */

/** `IntegrationTarget`: where an integration can be installed beside the organization. */
export type IntegrationTarget = "all" | "site" | "space" | "organization";

/** Where a configuration applies: the organization's installation, one site, one space. */
export type ConfigurationLevel = "account" | "site" | "space";

interface PropertyBase {
  title?: string;
  description?: string;
  /**
   * A credential: the emulator's extension of the hosted property object (which admits more
   * fields). The API answers it to the installation's admins; the app page and the request
   * log mask it, and the provider keeps it secret.
   */
  secret?: boolean;
}

/** One property of an `IntegrationConfigurationSchema`, by its hosted `type`. */
export type ConfigurationProperty = PropertyBase &
  (
    | { type: "string"; default?: string; enum?: string[] }
    | { type: "number"; default?: number }
    | { type: "boolean"; default?: boolean }
    | { type: "button"; callback_url: string; button_text: string }
  );

/** `IntegrationConfigurationSchema`. */
export interface ConfigurationSchema {
  properties: Record<string, ConfigurationProperty>;
  required?: string[];
}

export interface CatalogueEntry {
  name: string;
  version: number;
  title: string;
  description: string;
  summary: string;
  target: IntegrationTarget;
  scopes: string[];
  categories: string[];
  configurations: Partial<Record<ConfigurationLevel, ConfigurationSchema>>;
  externalLinks: { url: string; label: string }[];
}

const CATALOGUE: readonly CatalogueEntry[] = [
  {
    name: "slack",
    version: 12,
    title: "Slack",
    description: "Notify a Slack channel when your docs change",
    summary: "Posts a message to Slack when a change request is merged or a site is published.",
    target: "all",
    scopes: ["space:metadata:read", "space:content:read", "site:metadata:read"],
    categories: ["collaboration"],
    configurations: {
      account: {
        properties: {
          webhook_url: {
            type: "string",
            title: "Webhook URL",
            description: "The incoming webhook of your Slack workspace",
            secret: true,
          },
          default_channel: { type: "string", title: "Default channel", default: "#docs" },
          notify_on_publish: { type: "boolean", title: "Notify on publish", default: true },
        },
        required: ["webhook_url"],
      },
      space: {
        properties: {
          channel: { type: "string", title: "Channel" },
          notify_content_update: { type: "boolean", title: "Content updates", default: true },
        },
      },
    },
    externalLinks: [{ url: "https://slack.com", label: "Slack" }],
  },
  {
    name: "googleanalytics",
    version: 7,
    title: "Google Analytics",
    description: "Track your site's visitors with Google Analytics",
    summary: "Adds the Google Analytics tag to every page of a site.",
    target: "site",
    scopes: ["site:script:inject", "site:script:cookies"],
    categories: ["analytics"],
    configurations: {
      site: {
        properties: {
          tracking_id: { type: "string", title: "Tracking ID", description: "G-XXXXXXXXXX" },
          anonymize_ip: { type: "boolean", title: "Anonymize IP addresses", default: true },
          sample_rate: { type: "number", title: "Sample rate (%)", default: 100 },
        },
        required: ["tracking_id"],
      },
    },
    externalLinks: [{ url: "https://analytics.google.com", label: "Google Analytics" }],
  },
  {
    name: "segment",
    version: 4,
    title: "Segment",
    description: "Send your site's page views to Segment",
    summary: "Sends a page event to Segment for each page a visitor reads.",
    target: "site",
    scopes: ["site:script:inject", "site:script:cookies"],
    categories: ["analytics"],
    configurations: {
      site: {
        properties: {
          write_key: {
            type: "string",
            title: "Write key",
            description: "The write key of your Segment source",
            secret: true,
          },
          track_page_views: { type: "boolean", title: "Track page views", default: true },
        },
        required: ["write_key"],
      },
    },
    externalLinks: [{ url: "https://segment.com", label: "Segment" }],
  },
  {
    name: "github-sync",
    version: 31,
    title: "GitHub Sync",
    description: "Synchronize a space with a GitHub repository",
    summary: "Keeps a space and a branch of a GitHub repository in step, in both directions.",
    target: "space",
    scopes: ["space:content:read", "space:content:write", "space:git:sync"],
    categories: ["content"],
    configurations: {
      account: {
        properties: {
          connect: {
            type: "button",
            title: "GitHub account",
            callback_url: "/oauth",
            button_text: "Connect with GitHub",
          },
          app_token: {
            type: "string",
            title: "Personal access token",
            description: "Used instead of the GitHub app when set",
            secret: true,
          },
        },
      },
      space: {
        properties: {
          repository: { type: "string", title: "Repository", description: "owner/name" },
          branch: { type: "string", title: "Branch", default: "main" },
          project_directory: { type: "string", title: "Project directory" },
          priority: {
            type: "string",
            title: "Priority on conflict",
            enum: ["github", "gitbook"],
            default: "github",
          },
        },
        required: ["repository", "branch"],
      },
    },
    externalLinks: [{ url: "https://github.com", label: "GitHub" }],
  },
];

/** The catalogue, in the order it lists its integrations. */
export function catalogue(): readonly CatalogueEntry[] {
  return CATALOGUE;
}

export function findIntegration(name: string): CatalogueEntry | undefined {
  return CATALOGUE.find((entry) => entry.name === name);
}
