import { declareIntegrations } from "./declare-integrations";
import { declareCustomFonts, declareInviteLinks } from "./declare-fonts-and-invites";
import { declareGlossary } from "./declare-glossary";
import { customHostname, siteExternalLinks, teamMember } from "pulumi-docs-workspace/tools";
import { noteCustomHostnames } from "./declare-hostnames";
import {
  declareCollections,
  declareSpaces,
  declareSpecs,
  declareTranslations,
} from "./declare-content";
import {
  declareMembers,
  declareOrganizationSettings,
  declareSamlProviders,
  declareTeams,
} from "./declare-people";
import { declareSites } from "./declare-sites";
import { declarePermissions } from "./declare-permissions";
import {
  Declarer,
  RESERVED_NAMES,
  type Declaration,
  type ExportOptions,
  type SecretConfig,
} from "./declarations";
import type { Inventory } from "./inventory";
import { render } from "./render";

export {
  COMMON_INPUTS,
  Skipped,
  type ArgumentsOf,
  type Declaration,
  type ExportOptions,
  type SecretConfig,
} from "./declarations";

/** Resource kinds the export does not declare, and what declares their objects instead. */
export const SKIPPED_KINDS: Readonly<Record<string, string>> = {
  [teamMember.type]: "each team declares its members (Team.members, authoritative)",
  [siteExternalLinks.type]:
    "each link is declared as a SiteExternalLink, in its group (moving a site's links into one SiteExternalLinks: see the README)",
  [customHostname.type]:
    "a hostname serves one site or organization of the service: the export names it in a note, never declares it",
};

export interface Program {
  declarations: Declaration[];
  secrets: SecretConfig[];
  /** Objects the export cannot declare, and why; written as comments too. */
  notes: string[];
  /** `index.ts`, before formatting. */
  source: string;
}

/**
 * The program that declares the organization's objects: pure, from what `readInventory` read.
 * Declarations come in dependency order (each variable is declared before it is referred to),
 * and within a kind by title, so two organizations that hold the same workspace give the same
 * program but for ids.
 */
export function buildProgram(inventory: Inventory, options: ExportOptions = {}): Program {
  const program = new Declarer(options);
  for (const declareFamily of [
    declareCollections,
    declareSpaces,
    declareTranslations,
    declareGlossary,
    declareSpecs,
    declareCustomFonts,
    declareSites,
    declareTeams,
    declareMembers,
    declareSamlProviders,
    declareInviteLinks,
    declareOrganizationSettings,
    declareIntegrations,
    noteCustomHostnames,
    declarePermissions,
  ]) {
    declareFamily(program, inventory);
  }
  const { declarations, secrets, notes } = program;
  return { declarations, secrets, notes, source: render(inventory, declarations, notes) };
}

/** Every kind the export declares or deliberately leaves to another resource. */
export const EXPORTED_TYPES: readonly string[] = RESERVED_NAMES.slice(2).filter(
  (type) => !(type in SKIPPED_KINDS),
);
