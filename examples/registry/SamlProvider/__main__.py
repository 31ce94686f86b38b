import pulumi
import pulumi_docs_workspace as docs_workspace

config = pulumi.Config()
# The identity provider's signing certificate (PEM), set with --secret
certificate = config.require("certificate")
okta = docs_workspace.SamlProvider("okta",
    label="Okta",
    entity_id="http://www.okta.com/exk1a2b3c",
    sso_url="https://acme.okta.com/app/docs/sso/saml",
    certificate=certificate,
    default_role=docs_workspace.RoleLevel.READ)
pulumi.export("acsUrl", okta.acs_url)
