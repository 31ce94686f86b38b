import * as pulumi from "@pulumi/pulumi";
import * as docs_workspace from "pulumi-docs-workspace-native";

const config = new pulumi.Config();
// The identity provider's signing certificate (PEM), set with --secret
const certificate = config.require("certificate");
const okta = new docs_workspace.SamlProvider("okta", {
    label: "Okta",
    entityID: "http://www.okta.com/exk1a2b3c",
    ssoURL: "https://acme.okta.com/app/docs/sso/saml",
    certificate: certificate,
    defaultRole: docs_workspace.RoleLevel.Read,
});
export const acsUrl = okta.acsURL;
