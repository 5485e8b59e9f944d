package acceptance

import (
	"fmt"
	"testing"
)

// docs/terraform/resources/site_structure.md: replaced when `site_id` or `organization_id`
// changes; the order (`root`, `groups`, `sections`) changes in place.
func TestSiteStructure(t *testing.T) {
	const address = "docsplatform_site_structure.this"
	cfg := func(at siteAt, root, items, siteSpaces string) string {
		return config(at.org, sites("Structure")+fmt.Sprintf(`
resource "docsplatform_site_section_group" "group" {
  organization_id = %[1]q
  site_id         = docsplatform_site.%[2]s.id
  title           = "Reference"
}

resource "docsplatform_site_section" "one" {
  organization_id       = %[1]q
  site_id               = docsplatform_site.%[2]s.id
  space_id              = %[3]q
  title                 = "One"
  site_section_group_id = docsplatform_site_section_group.group.id
}

resource "docsplatform_site_section" "two" {
  organization_id       = %[1]q
  site_id               = docsplatform_site.%[2]s.id
  space_id              = %[4]q
  title                 = "Two"
  site_section_group_id = docsplatform_site_section_group.group.id
}

resource "docsplatform_site_section" "three" {
  organization_id = %[1]q
  site_id         = docsplatform_site.%[2]s.id
  space_id        = %[5]q
  title           = "Three"
}

resource "docsplatform_site_space" "extra" {
  organization_id = %[1]q
  site_id         = docsplatform_site.%[2]s.id
  space_id        = %[6]q
  section_id      = docsplatform_site_section.three.id
  path            = "extra"
}

resource "docsplatform_site_structure" "this" {
  organization_id = %[1]q
  site_id         = docsplatform_site.%[2]s.id
  root            = %[7]s
  groups          = [{ group_id = docsplatform_site_section_group.group.id, items = %[8]s }]
  sections        = [{ section_id = docsplatform_site_section.three.id, site_spaces = %[9]s }]
}
`, at.org, at.site, at.spaces[0], at.spaces[1], at.spaces[2], at.spaces[3], root, items, siteSpaces))
	}
	const (
		threeFirst = "[docsplatform_site_section.three.id, docsplatform_site_section_group.group.id]"
		groupFirst = "[docsplatform_site_section_group.group.id, docsplatform_site_section.three.id]"
		twoFirst   = "[docsplatform_site_section.two.id, docsplatform_site_section.one.id]"
		oneFirst   = "[docsplatform_site_section.one.id, docsplatform_site_section.two.id]"
		extraFirst = "[docsplatform_site_space.extra.id, docsplatform_site_section.three.site_space_id]"
	)
	lifecycle(t, siteGone("docsplatform_site_structure"),
		create(cfg(siteA, threeFirst, twoFirst, extraFirst), address),
		update(cfg(siteA, groupFirst, oneFirst, extraFirst), address),
		importBlock(address, bySite),
		importVerify(address, bySite),
		replace(cfg(siteC, groupFirst, oneFirst, extraFirst), address, "organization_id", "site_id"),
	)
}
