import * as pulumi from "@pulumi/pulumi";
import {
  Collection,
  CollectionPermission,
  CustomFont,
  CustomHostname,
  getOrganization,
  IntegrationInstallation,
  IntegrationSiteInstallation,
  OrganizationMember,
  OrganizationSettings,
  SamlProvider,
  OpenApiSpec,
  ShareLink,
  Site,
  SiteAdaptiveSchema,
  SiteAds,
  SiteAgentSettings,
  SiteCustomization,
  SiteExternalLink,
  SiteMcpServer,
  SitePermission,
  SiteSection,
  SiteSectionGroup,
  SiteSpace,
  SiteSpaceCustomization,
  Space,
  SpacePermission,
  Team,
  Translation,
  TranslationGlossary,
  SiteRedirect,
  SiteVisitorAuth,
} from "pulumi-docs-workspace";

// The API endpoint, token and organization come from the stack config (`docs-workspace:*`) or the
// environment (`DOCS_WORKSPACE_*`); resources never carry them.
const config = new pulumi.Config("handbook");
const title = config.get("title") ?? "Engineering handbook";
const teams = config.getObject<string[]>("teams") ?? ["Platform", "Payments"];
const lockPolicies = config.getBoolean("lockPolicies") ?? true;
const siteTitle = config.get("siteTitle") ?? "Engineering docs";

const organization = getOrganization();

const handbook = new Collection("handbook", {
  title,
  description: "How we build, ship and run things",
  defaultLevel: "read",
});

const practices = new Collection("practices", { title: "Practices", parent: handbook.id });
const teamsCollection = new Collection("teams", { title: "Teams", parent: handbook.id });

const onboarding = new Space("onboarding", {
  title: "Onboarding",
  emoji: "👋",
  parent: handbook.id,
  language: "en",
});

const codeReview = new Space("code-review", {
  title: "Code review",
  emoji: "🔍",
  parent: practices.id,
});

const incidents = new Space("incident-response", {
  title: "Incident response",
  emoji: "🚨",
  parent: practices.id,
  editMode: lockPolicies ? "locked" : "live",
  defaultLevel: "comment",
  // Who may change the runbook, authoritatively: a grant added by hand is removed at the next
  // refreshed `up`.
  permissions: [{ email: "linus@example.com", role: "admin" }],
});

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-");

const teamSpaces = teams.map(
  (team) =>
    new Space(`team-${slug(team)}`, {
      title: `${team} team`,
      parent: teamsCollection.id,
    }),
);

// The published docs site: readers reach it through a share link, sections split guides from
// practices, and the incident runbook is shown only to visitors whose claims say they are on call.
const site = new Site("docs", {
  title: siteTitle,
  visibility: "share-link",
  basename: "handbook",
  published: true,
  adaptiveContent: { enabled: true },
});

new SiteAdaptiveSchema("docs-visitors", {
  siteId: site.id,
  jsonSchema: {
    type: "object",
    properties: { oncall: { type: "boolean", description: "The visitor is on call this week" } },
    additionalProperties: false,
  },
});

const guides = new SiteSection("guides", {
  siteId: site.id,
  spaceId: onboarding.id,
  title: "Guides",
  path: "guides",
  icon: "book",
});

const practicesSection = new SiteSection("practices", {
  siteId: site.id,
  spaceId: codeReview.id,
  title: "Practices",
  path: "practices",
  icon: "scale-balanced",
});

const incidentsOnSite = new SiteSpace("incidents-on-site", {
  siteId: site.id,
  sectionId: practicesSection.id,
  spaceId: incidents.id,
  path: "incidents",
  condition: "visitor.claims.oncall === true",
});

// The handbook's own typeface: each face's file is uploaded to the organization's storage first,
// and named here by its storage key.
const handbookSans = new CustomFont("handbook-sans", {
  fontFamily: "Handbook Sans",
  fontFaces: [
    { weight: 400, storageKey: "fonts/handbook-sans-regular.woff2" },
    { weight: 700, storageKey: "fonts/handbook-sans-bold.woff2" },
  ],
});

// The site's look, declared in part: settings left out keep what the service or a person set.
new SiteCustomization("docs-look", {
  siteId: site.id,
  styling: {
    theme: "bold",
    primaryColor: { light: "#0B5FFF", dark: "#6EA8FE" },
    customFontId: handbookSans.id,
  },
  themes: { default: "system", toggeable: true },
  footer: { copyright: "© Engineering" },
});

// The incident runbook stands out from the rest of the site.
new SiteSpaceCustomization("incidents-look", {
  siteId: site.id,
  siteSpaceId: incidentsOnSite.id,
  styling: { theme: "muted" },
  themes: { default: "dark" },
  pagination: { enabled: false },
});

teams.forEach(
  (team, i) =>
    new SiteSpace(`team-${slug(team)}-on-site`, {
      siteId: site.id,
      sectionId: guides.id,
      spaceId: teamSpaces[i]!.id,
      path: `teams-${slug(team)}`,
    }),
);

const handbookGroup = new SiteSectionGroup("handbook-group", {
  siteId: site.id,
  title: "Handbook",
  sections: [guides.id, practicesSection.id],
});

// The status page, linked from the site's navigation after the handbook's group (a link needs
// the site to have sections, and takes the last place of its level when it is made).
new SiteExternalLink(
  "status-link",
  {
    siteId: site.id,
    title: "Status",
    url: "https://status.example.com",
    description: "Whether our services are up",
    icon: "signal",
  },
  { dependsOn: [handbookGroup] },
);

// The site answers at a hostname of its own; `up` waits until its DNS and certificate are live. A
// hostname serves one site across the whole service, so each stack names its own:
// `handbook:hostname`. The default, made of the stack's name and the organization's id under
// example.com, only goes live on the emulator: against the service, set a name in a domain you
// control, with its CNAME pointing at the service.
const dnsLabel = (text: string) =>
  slug(text)
    .slice(0, 63)
    .replace(/^-+|-+$/g, "") || "docs";
const docsHostname = new CustomHostname("docs-hostname", {
  siteId: site.id,
  hostname:
    config.get("hostname") ??
    organization.id.apply(
      (id) => `${dnsLabel(pulumi.getStack())}.${dnsLabel(id)}.docs.example.com`,
    ),
});

// Visitor analytics: Google Analytics installed in the organization, then on the site with its
// measurement id (`handbook:analyticsTrackingId`); the configuration is checked against the
// integration's own schema at preview.
const analytics = new IntegrationInstallation("analytics", { integration: "googleanalytics" });
new IntegrationSiteInstallation("docs-analytics", {
  integration: analytics.integration,
  installationId: analytics.id,
  siteId: site.id,
  configuration: {
    tracking_id: config.get("analyticsTrackingId") ?? "G-HANDBOOK01",
    anonymize_ip: true,
  },
});

const reviewers = new ShareLink("reviewers", { siteId: site.id, name: "Reviewers" });

// Old addresses keep working: the wiki's onboarding path leads to the guides, the status page is
// elsewhere.
new SiteRedirect("old-onboarding", {
  siteId: site.id,
  source: "/wiki/onboarding/*",
  destination: { kind: "site-section", siteSectionId: guides.id },
  permanent: true,
});
new SiteRedirect("status-page", {
  siteId: site.id,
  source: "/status",
  destination: { kind: "external", url: "https://status.example.com" },
});

// How visitors authenticate once the site's visibility is `visitor-auth`: our login service signs
// their tokens with the site's private key. Change `handbook:visitorKeyRotation` to rotate it.
const visitorAuth = new SiteVisitorAuth("docs-visitor-auth", {
  siteId: site.id,
  backend: "custom",
  fallbackURL: "https://login.example.com/docs",
  rotation: config.get("visitorKeyRotation") ?? "2026-11",
});

// The site's agent: it scans for gaps on its own, opens change requests only for what it can fix
// by itself, and writes the way the handbook does.
new SiteAgentSettings("docs-agent", {
  siteId: site.id,
  scanTopics: "auto",
  findingChangeRequests: "auto-fixable",
  customInstructions: [
    "Write in the second person, present tense.",
    "Keep each step of a procedure to one action.",
  ].join("\n"),
});

// The assistant may look up the status of running incidents on the status page's MCP server,
// which is public: it takes no credentials.
new SiteMcpServer("docs-status-mcp", {
  siteId: site.id,
  name: "Status page",
  url: "https://status.example.com/mcp",
  transport: "http",
});

// The public handbook carries ads on web development once the service has reviewed it.
new SiteAds("docs-ads", { siteId: site.id, enabled: true, topic: "webdev" });

// People and single sign-on. The members named here are the emulator's demo people
// (emulator/seed.ts); against the hosted service, use your own organization's.
new OrganizationSettings("organization", {
  emailDomains: ["example.com"],
  defaultRole: "read",
  inviteLinks: false,
});

// Teams the stack owns: their member lists are authoritative.
const writers = new Team("writers", {
  title: "Writers",
  members: [{ user: "ada@example.com", role: "owner" }, { user: "grace@example.com" }],
});
const reviewersTeam = new Team("reviewers-team", {
  title: "Reviewers",
  members: [{ user: "linus@example.com", role: "owner" }, { user: "margaret@example.com" }],
});

// Grants the stack adds beside others' (additive): the writers edit onboarding, the reviewers
// review the practices and read the site.
new SpacePermission("writers-edit-onboarding", {
  spaceId: onboarding.id,
  teamId: writers.id,
  role: "edit",
});
new CollectionPermission("reviewers-review-practices", {
  collectionId: practices.id,
  teamId: reviewersTeam.id,
  role: "review",
});
new SitePermission("reviewers-read-docs", {
  siteId: site.id,
  teamId: reviewersTeam.id,
  role: "read",
});

new OrganizationMember("margaret", { email: "margaret@example.com", role: "comment" });

// The identity provider's certificate is a secret: set it with
// `pulumi config set --secret handbook:samlCertificate < idp.pem`. The demo's stands in otherwise.
const samlCertificate =
  config.getSecret("samlCertificate") ??
  pulumi.secret(
    "-----BEGIN CERTIFICATE-----\nMIIBdemoCertificateForTheEmulatorOnly\n-----END CERTIFICATE-----",
  );
const sso = new SamlProvider("sso", {
  label: "Example IdP",
  entityID: "https://idp.example.com/metadata",
  ssoURL: "https://idp.example.com/sso/saml",
  certificate: samlCertificate,
  defaultTeam: reviewersTeam.id,
  defaultRole: "read",
});

// The incident API's reference, published from the document inline: `up` waits until the service
// has processed it into a version, and fails with the service's error code if it cannot.
const incidentApi = new OpenApiSpec("incident-api", {
  slug: "incident-api",
  source: {
    text: `openapi: 3.1.0
info:
  title: Incident API
  version: 1.0.0
paths:
  /incidents:
    get:
      summary: List open incidents
      responses:
        "200":
          description: The open incidents, newest first
    post:
      summary: Declare an incident
      responses:
        "201":
          description: The incident, with its channel and commander
`,
  },
  visibility: "public",
});

// The organization's glossary, authoritative: the terms every translation must use. Entries
// added by hand are removed at the next up.
const glossary = new TranslationGlossary("glossary", {
  entries: [
    { en: "Handbook", fr: "Manuel", de: "Handbuch" },
    { en: "Code review", fr: "Revue de code" },
    { en: "On-call", fr: "Astreinte", de: "Bereitschaft" },
  ],
});

// Onboarding in French for the Paris office: the translation runs on create and again when the
// instructions change; its result space is the translated copy, written with the glossary's terms
// (so it runs once the glossary holds them).
const onboardingFr = new Translation(
  "onboarding-fr",
  {
    spaceId: onboarding.id,
    sourceLanguage: "en",
    language: "fr",
    instructions: "Keep product and team names in English.\nAddress the reader as « vous ».",
  },
  { dependsOn: [glossary] },
);

export const organizationTitle = organization.title;
/** What the identity provider needs: where to post assertions, and the service's entity id. */
export const samlAcsUrl = sso.acsURL;
export const samlServiceEntityId = sso.serviceEntityID;
export const writerCount = writers.memberCount;
export const handbookUrl = handbook.urls.apply((urls) => urls.app ?? urls.location);
export const spaces = pulumi
  .all([onboarding, codeReview, incidents, ...teamSpaces].map((s) => pulumi.all([s.title, s.id])))
  .apply((pairs) => Object.fromEntries(pairs));
export const siteUrl = site.urls.apply((urls) => urls.published ?? urls.app);
export const siteHostname = docsHostname.hostname;
/** Secret: the link holds its key. `pulumi stack output --show-secrets reviewerUrl` reveals it. */
export const reviewerUrl = reviewers.url;
/** Secret: the key that signs visitors' tokens, for the login service's configuration. */
export const visitorSigningKey = visitorAuth.privateKey;
export const incidentApiUrl = incidentApi.urls.apply((urls) => urls.published ?? urls.app);
export const onboardingFrenchSpaceId = onboardingFr.resultSpaceId;
export const glossaryEntryCount = glossary.entryCount;
