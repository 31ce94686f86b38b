import pulumi
import pulumi_docs_workspace as docs_workspace

config = pulumi.Config()
# The production organization's API token, set with --secret
prod_token = config.require("prodToken")
prod = docs_workspace.Provider("prod",
    api_url="https://api.example.com",
    api_token=prod_token,
    organization_id="org_prod",
    max_concurrency=4)
runbook = docs_workspace.Space("runbook", title="Incident runbook",
opts = pulumi.ResourceOptions(provider=prod))
