package acceptance

import (
	"fmt"
	"testing"
)

// docs/terraform/resources/organization_settings.md: `organization_id` forces a new resource
// (another organization is adopted); destroy leaves the organization as it is.
func TestOrganizationSettings(t *testing.T) {
	const address = "docsplatform_organization_settings.this"
	// Each organization's home site, both kept throughout: an organization's default content
	// names a site of its own.
	cfg := func(org, site, title, hostname, role string, ai bool) string {
		return config(org, fmt.Sprintf(`
resource "docsplatform_site" "one" {
  organization_id = %[7]q
  title           = "Home of settings one"
}

resource "docsplatform_site" "two" {
  organization_id = %[8]q
  title           = "Home of settings two"
}

resource "docsplatform_organization_settings" "this" {
  organization_id = %[1]q
  title           = %[3]q
  email_domains   = ["%[4]s.test", "docs.%[4]s.test"]
  hostname        = %[4]q
  default_role    = %[5]q
  default_content = { type = "site", site = docsplatform_site.%[2]s.id }
  logo            = "https://%[4]s.test/logo.png"
  sso             = false
  ai              = %[6]t
  invite_links    = false
  merge_rules     = { type = "rules", rules = [{ rule = "require_specific_reviewers", users = [%[9]q] }] }
}
`, org, site, title, hostname, role, ai, orgSettings1, orgSettings2, adminID))
	}
	lifecycle(t,
		checkDestroyed("docsplatform_organization_settings", func(a map[string]string) error {
			// Destroy only stops managing: the organization keeps the settings last applied.
			status, body, err := apiGet("/orgs/" + a["organization_id"])
			if err != nil || status != 200 || body["title"] != a["title"] {
				return fmt.Errorf("GET /orgs/%s after destroy: %d %v %v, expected the organization with title %q", a["organization_id"], status, body, err, a["title"])
			}
			return nil
		}),
		create(cfg(orgSettings1, "one", "Settings One (managed)", "acc-settings-one", "read", true), address),
		update(cfg(orgSettings1, "one", "Settings One (renamed)", "acc-settings-one", "comment", false), address),
		importBlock(address, byOrganization),
		importIdentity(address),
		importVerify(address, byOrganization),
		replace(cfg(orgSettings2, "two", "Settings Two (managed)", "acc-settings-two", "comment", false), address, "organization_id"),
	)
}
