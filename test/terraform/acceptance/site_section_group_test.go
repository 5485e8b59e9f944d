package acceptance

import (
	"fmt"
	"testing"
)

// docs/terraform/resources/site_section_group.md: replaced when `site_id` or `organization_id`
// changes.
func TestSiteSectionGroup(t *testing.T) {
	const address = "docsplatform_site_section_group.this"
	cfg := func(at siteAt, title, icon string) string {
		return config(at.org, sites("Groups")+fmt.Sprintf(`
resource "docsplatform_site_section_group" "parent" {
  organization_id = %[1]q
  site_id         = docsplatform_site.%[2]s.id
  title           = "Products"
}

resource "docsplatform_site_section_group" "this" {
  organization_id         = %[1]q
  site_id                 = docsplatform_site.%[2]s.id
  title                   = %[3]q
  icon                    = %[4]q
  parent_section_group_id = docsplatform_site_section_group.parent.id
}
`, at.org, at.site, title, icon))
	}
	lifecycle(t, siteGone("docsplatform_site_section_group"),
		create(cfg(siteA, "API reference", "code"), address),
		update(cfg(siteA, "API guides", "book"), address),
		importBlock(address, insideSite),
		importIdentity(address),
		importVerify(address, insideSite),
		replace(cfg(siteC, "API guides", "book"), address, "organization_id", "site_id"),
	)
}
