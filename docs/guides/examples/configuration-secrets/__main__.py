import pulumi
import pulumi_docs_platform as docs_platform

config = pulumi.Config()
okta_certificate = config.require_secret("oktaCertificate")
okta = docs_platform.SamlProvider("okta",
    label="Okta",
    entity_id="http://www.okta.com/exk1acmedocs",
    sso_url="https://acme.okta.com/app/acme_docs/exk1acmedocs/sso/saml",
    certificate=okta_certificate,
    default_role="read")
pulumi.export("samlProviderId", okta.id)
