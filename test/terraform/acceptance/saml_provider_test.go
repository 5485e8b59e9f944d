package acceptance

import (
	"fmt"
	"testing"
)

// docs/terraform/resources/saml_provider.md: replaced when `organization_id` changes; every other
// input changes in place.
func TestSamlProvider(t *testing.T) {
	const address = "docsplatform_saml_provider.this"
	cfg := func(org, label, ssoURL, role string) string {
		return config(org, fmt.Sprintf(`
resource "docsplatform_team" "sso" {
  organization_id = %[1]q
  title           = "SSO arrivals"
}

resource "docsplatform_saml_provider" "this" {
  organization_id = %[1]q
  label           = %[2]q
  entity_id       = "http://idp.acc.test/exk1abc"
  certificate     = "MIIC-acceptance-certificate"
  sso_url         = %[3]q
  default_team    = docsplatform_team.sso.id
  default_role    = %[4]q
}
`, org, label, ssoURL, role))
	}
	lifecycle(t,
		checkDestroyed("docsplatform_saml_provider", func(a map[string]string) error {
			return gone(fmt.Sprintf("/orgs/%s/saml/%s", a["organization_id"], a["id"]))
		}),
		create(cfg(orgAlpha, "Acceptance Okta", "https://idp.acc.test/sso", "read"), address),
		update(cfg(orgAlpha, "Acceptance Okta 2", "https://idp.acc.test/sso/v2", "comment"), address),
		importBlock(address, byID),
		importVerify(address, byID),
		replace(cfg(orgBeta, "Acceptance Okta 2", "https://idp.acc.test/sso/v2", "comment"), address, "organization_id"),
	)
}
