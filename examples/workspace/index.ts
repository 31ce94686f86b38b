import * as pulumi from "@pulumi/pulumi";
import { Collection, getOrganization, Space } from "pulumi-docs-workspace";

// The API endpoint, token and organization come from the stack config (`docs-workspace:*`) or the
// environment (`DOCS_WORKSPACE_*`); resources never carry them.
const config = new pulumi.Config("handbook");
const title = config.get("title") ?? "Engineering handbook";
const teams = config.getObject<string[]>("teams") ?? ["Platform", "Payments"];
const lockPolicies = config.getBoolean("lockPolicies") ?? true;

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
});

const teamSpaces = teams.map(
  (team) =>
    new Space(`team-${team.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`, {
      title: `${team} team`,
      parent: teamsCollection.id,
    }),
);

export const organizationTitle = organization.title;
export const handbookUrl = handbook.urls.apply((urls) => urls.app ?? urls.location);
export const spaces = pulumi
  .all([onboarding, codeReview, incidents, ...teamSpaces].map((s) => pulumi.all([s.title, s.id])))
  .apply((pairs) => Object.fromEntries(pairs));
