import * as pulumi from "@pulumi/pulumi";
import * as docs_platform from "@docs-platform/pulumi";

const config = new pulumi.Config();
const oktaCertificate = config.requireSecret("oktaCertificate");
const okta = new docs_platform.SamlProvider("okta", {
    label: "Okta",
    entityID: "http://www.okta.com/exk1acmedocs",
    ssoURL: "https://acme.okta.com/app/acme_docs/exk1acmedocs/sso/saml",
    certificate: oktaCertificate,
    defaultRole: "read",
});
export const samlProviderId = okta.id;
