import * as pulumi from "@pulumi/pulumi";
import * as docs_platform from "@docs-platform/pulumi";

const reviewers = new docs_platform.Team("reviewers", {title: "Reviewers"});
const okta = new docs_platform.SamlProvider("okta", {
    label: "Okta",
    entityID: "http://www.okta.com/exk1acmedocs",
    ssoURL: "https://acme.okta.com/app/acme_docs/exk1acmedocs/sso/saml",
    certificate: "MIIDpDCCAoygAwIBAgIGAYx0acmedocsQuickstartCertificate",
    defaultTeam: reviewers.id,
    defaultRole: "read",
});
