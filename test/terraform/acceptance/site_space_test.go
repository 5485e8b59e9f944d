package acceptance

import (
	"fmt"
	"testing"
)

// docs/terraform/resources/site_space.md: replaced when `site_id`, `organization_id` or
// `section_id` changes; `space_id`, `path`, `condition` and `hidden` change in place.
func TestSiteSpace(t *testing.T) {
	const address = "docsplatform_site_space.this"
	cfg := func(at siteAt, section string, space int, path string, hidden bool) string {
		return config(at.org, sites("Site spaces")+fmt.Sprintf(`
resource "docsplatform_site_section" "first" {
  organization_id = %[1]q
  site_id         = docsplatform_site.%[2]s.id
  space_id        = %[3]q
  title           = "First section"
}

resource "docsplatform_site_section" "second" {
  organization_id = %[1]q
  site_id         = docsplatform_site.%[2]s.id
  space_id        = %[4]q
  title           = "Second section"
}

resource "docsplatform_site_space" "this" {
  organization_id = %[1]q
  site_id         = docsplatform_site.%[2]s.id
  space_id        = %[5]q
  section_id      = docsplatform_site_section.%[6]s.id
  path            = %[7]q
  condition       = "visitor.claims.beta === true"
  hidden          = %[8]t
}
`, at.org, at.site, at.spaces[0], at.spaces[1], at.spaces[space], section, path, hidden))
	}
	lifecycle(t, siteGone("docsplatform_site_space"),
		create(cfg(siteA, "first", 2, "extra", false), address),
		update(cfg(siteA, "first", 3, "extra-v2", true), address),
		importBlock(address, insideSite),
		importVerify(address, insideSite),
		replace(cfg(siteC, "second", 3, "extra-v2", true), address, "organization_id", "site_id", "section_id"),
	)
}
