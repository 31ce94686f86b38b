import pulumi
import pulumi_docs_workspace as docs_workspace

docs = docs_workspace.Site("docs", title="Engineering docs")
visitor_schema = docs_workspace.SiteAdaptiveSchema("visitorSchema",
    site_id=docs.id,
    json_schema={
        "type": "object",
        "properties": {
            "oncall": {
                "type": "boolean",
                "description": "The visitor is on call this week",
            },
        },
        "additionalProperties": False,
    })
