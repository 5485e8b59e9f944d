import pulumi
import pulumi_docs_platform as docs_platform

reviewers = docs_platform.Team("reviewers", title="Reviewers")
okta = docs_platform.SamlProvider("okta",
    label="Okta",
    entity_id="http://www.okta.com/exk1acmedocs",
    sso_url="https://acme.okta.com/app/acme_docs/exk1acmedocs/sso/saml",
    certificate="MIIDpDCCAoygAwIBAgIGAYx0acmedocsQuickstartCertificate",
    default_team=reviewers.id,
    default_role="read")
