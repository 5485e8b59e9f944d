const identityProvider = new docs.SamlProvider("okta", {
  label: "Okta",
  entityID: "http://www.okta.com/exk1acmedocs",
  ssoURL: "https://acme.okta.com/app/acme_docs/exk1acmedocs/sso/saml",
  certificate: "MIIDpDCCAoygAwIBAgIGAYx0acmedocsQuickstartCertificate",
  defaultTeam: reviewers.id,
  defaultRole: "read",
});
