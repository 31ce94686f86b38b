import pulumi
import pulumi_docs_workspace as docs_workspace

acme = docs_workspace.OrganizationSettings("acme",
    email_domains=["acme.com"],
    default_role=docs_workspace.RoleLevel.READ,
    sso=True)
