import pulumi
import pulumi_docs_workspace as docs_workspace

docs = docs_workspace.Site("docs", title="Engineering docs")
agent = docs_workspace.SiteAgentSettings("agent",
    site_id=docs.id,
    scan_topics=docs_workspace.SiteAgentSettingsScanTopics.AUTO,
    finding_change_requests=docs_workspace.SiteAgentSettingsFindingChangeRequests.AUTO_FIXABLE,
    custom_instructions="""Write in the second person.
Keep each step to one action.""")
