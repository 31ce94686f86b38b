/**
 * How the exporter titles an object that has no title of its own, or shares one: the name the
 * program it writes gives the resource (declare-*.ts) and the title `--unmanaged` lists the object
 * by (unmanaged.ts). Each is written once, here, and both read it.
 */
export const titles = {
  translation: (sourceSpaceTitle: string, language: string) => `${sourceSpaceTitle} ${language}`,
  siteAdaptiveSchema: (siteTitle: string) => `${siteTitle} visitor schema`,
  siteSpace: (spaceTitle: string, siteTitle: string) => `${spaceTitle} on ${siteTitle}`,
  /** A link's name, or its site's when it has none (the service allows an empty name). */
  shareLink: (name: string | null | undefined, siteTitle: string) =>
    name || `${siteTitle} share link`,
  siteRedirect: (siteTitle: string, source: string) => `${siteTitle} redirect ${source}`,
  /** A navigation link by its site and its title (two sites may each have a "Status" link). */
  siteExternalLink: (siteTitle: string, title: string) => `${siteTitle} link ${title}`,
  siteVisitorAuth: (siteTitle: string) => `${siteTitle} visitor auth`,
  siteAgentSettings: (siteTitle: string) => `${siteTitle} agent settings`,
  siteAds: (siteTitle: string) => `${siteTitle} ads`,
  siteMcpServer: (siteTitle: string, name: string) => `${siteTitle} ${name} MCP server`,
  /** A channel by its site and where it answers: `Docs slack channel` (one of each type a site). */
  siteContextConnection: (siteTitle: string, name: string) => `${siteTitle} ${name} context`,
  siteChannel: (siteTitle: string, type: string) =>
    `${siteTitle} ${type.replace(/^builtin:/, "")} channel`,
  siteCustomization: (siteTitle: string) => `${siteTitle} customization`,
  siteSpaceCustomization: (siteTitle: string, path: string) => `${siteTitle} ${path} customization`,
  customFont: (fontFamily: string) => `${fontFamily} font`,
  /** An installed integration by the catalogue's title: `Slack integration`. */
  integrationInstallation: (integrationTitle: string) => `${integrationTitle} integration`,
  /** An installation enabled on a site or a space: `Docs Segment integration`. */
  integrationOn: (targetTitle: string, integrationTitle: string) =>
    `${targetTitle} ${integrationTitle} integration`,
  /** A link by where it leads (the organization's, a space's or a collection's title) and its role. */
  inviteLink: (targetTitle: string, role: string) => `${targetTitle} ${role} invite link`,
} as const;
