package acceptance

import (
	"fmt"
	"testing"
)

// docs/terraform/resources/site_space_customization.md: replaced when `site_id`, `site_space_id`
// or `organization_id` changes.
func TestSiteSpaceCustomization(t *testing.T) {
	const address = "docsplatform_site_space_customization.this"
	cfg := func(at siteAt, siteSpace, title, corners string) string {
		return config(at.org, sites("Overrides")+fmt.Sprintf(`
resource "docsplatform_site_space" "one" {
  organization_id = %[1]q
  site_id         = docsplatform_site.%[2]s.id
  space_id        = %[3]q
  path            = "one"
}

resource "docsplatform_site_space" "two" {
  organization_id = %[1]q
  site_id         = docsplatform_site.%[2]s.id
  space_id        = %[4]q
  path            = "two"
}

resource "docsplatform_site_space_customization" "this" {
  organization_id = %[1]q
  site_id         = docsplatform_site.%[2]s.id
  site_space_id   = docsplatform_site_space.%[5]s.id
%[6]s}
`, at.org, at.site, at.spaces[0], at.spaces[1], siteSpace, customization(title, corners)))
	}
	lifecycle(t, siteGone("docsplatform_site_space_customization"),
		create(cfg(siteA, "one", "Overridden title", "straight"), address),
		update(cfg(siteA, "one", "Overridden title 2", "rounded"), address),
		importBlock(address, insideSite),
		importVerify(address, insideSite),
		replace(cfg(siteC, "two", "Overridden title 2", "rounded"), address, "organization_id", "site_id", "site_space_id"),
	)
}
