import * as pulumi from "@pulumi/pulumi";
import { samlProvider, type SamlProviderArgs } from "../../resources/saml-provider";
import { dynamicClass } from "../resource-class";

/**
 * A SAML identity provider members sign in through. Give the identity provider the outputs
 * `acsURL`, `serviceEntityID` and `startURL`; turn enforcement on with
 * {@link OrganizationSettings} `sso`. The certificate is a secret whether or not the program
 * marks it so.
 *
 * @example
 * ```ts
 * const okta = new SamlProvider("okta", {
 *   label: "Okta",
 *   entityID: "http://www.okta.com/exk1a2b3c",
 *   ssoURL: "https://acme.okta.com/app/docs/sso/saml",
 *   certificate: config.requireSecret("samlCertificate"),
 *   defaultRole: "read",
 * });
 * export const acsUrl = okta.acsURL;
 * ```
 */
export class SamlProvider extends dynamicClass(samlProvider).withArgs<SamlProviderArgs>() {
  constructor(name: string, args: SamlProviderArgs, opts?: pulumi.CustomResourceOptions) {
    // A certificate passed in clear would be stored in clear among the state's inputs.
    const certificate =
      args.certificate === undefined ? undefined : pulumi.secret(args.certificate);
    super(name, { ...args, certificate }, opts);
  }
}
