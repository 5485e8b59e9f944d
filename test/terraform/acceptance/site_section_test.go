package acceptance

import (
	"fmt"
	"testing"
)

// docs/terraform/resources/site_section.md: replaced when `site_id` or `organization_id` changes;
// `space_id` and the rest change in place. `default_site_space` names a site space inside this
// section, which a configuration can only declare after the section (a cycle): left out.
func TestSiteSection(t *testing.T) {
	const address = "docsplatform_site_section.this"
	cfg := func(at siteAt, title, description string) string {
		return config(at.org, sites("Sections")+fmt.Sprintf(`
resource "docsplatform_site_section_group" "group" {
  organization_id = %[1]q
  site_id         = docsplatform_site.%[2]s.id
  title           = "Learning"
}

resource "docsplatform_site_section" "this" {
  organization_id       = %[1]q
  site_id               = docsplatform_site.%[2]s.id
  space_id              = %[3]q
  title                 = %[4]q
  icon                  = "book"
  path                  = "guides"
  condition             = "visitor.claims.beta === true"
  description           = %[5]q
  site_section_group_id = docsplatform_site_section_group.group.id
}
`, at.org, at.site, at.spaces[0], title, description))
	}
	lifecycle(t, siteGone("docsplatform_site_section"),
		create(cfg(siteA, "Guides", "How-to guides"), address),
		update(cfg(siteA, "Tutorials", "Step by step"), address),
		importBlock(address, insideSite),
		importVerify(address, insideSite),
		replace(cfg(siteC, "Tutorials", "Step by step"), address, "organization_id", "site_id"),
	)
}
