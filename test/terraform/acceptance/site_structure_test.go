package acceptance

import (
	"fmt"
	"testing"
)

// docs/terraform/resources/site_structure.md: replaced when `site_id` or `organization_id`
// changes; the order (`root`, `groups`, `sections`) changes in place. The structure orders only
// the containers it names: the import (the whole structure) of a configuration that names some of
// them plans no change. ImportStateVerify compares the import with the applied state, so the
// steps before it name every container, as the import lists them (the top level's, breadth first).
func TestSiteStructure(t *testing.T) {
	const address = "docsplatform_site_structure.this"
	// sections is the `sections` list after three's entry: the other sections' entries, or none.
	cfg := func(at siteAt, root, items, siteSpaces, sections string) string {
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
  sections        = [{ section_id = docsplatform_site_section.three.id, site_spaces = %[9]s }%[10]s]
}
`, at.org, at.site, at.spaces[0], at.spaces[1], at.spaces[2], at.spaces[3], root, items, siteSpaces, sections))
	}
	const (
		threeFirst = "[docsplatform_site_section.three.id, docsplatform_site_section_group.group.id]"
		groupFirst = "[docsplatform_site_section_group.group.id, docsplatform_site_section.three.id]"
		twoFirst   = "[docsplatform_site_section.two.id, docsplatform_site_section.one.id]"
		oneFirst   = "[docsplatform_site_section.one.id, docsplatform_site_section.two.id]"
		extraFirst = "[docsplatform_site_space.extra.id, docsplatform_site_section.three.site_space_id]"
		// Sections one and two hold one site space each; after three (a top-level section) in the
		// import, since the group's sections come after the top level's.
		everySection = `, { section_id = docsplatform_site_section.one.id, site_spaces = [docsplatform_site_section.one.site_space_id] },
    { section_id = docsplatform_site_section.two.id, site_spaces = [docsplatform_site_section.two.site_space_id] }`
	)
	lifecycle(t, siteGone("docsplatform_site_structure"),
		create(cfg(siteA, threeFirst, twoFirst, extraFirst, everySection), address),
		update(cfg(siteA, groupFirst, oneFirst, extraFirst, everySection), address),
		// Adopted by a configuration naming one section's order of three: the others are left alone.
		importBlock(address, bySite, cfg(siteA, groupFirst, oneFirst, extraFirst, "")),
		importVerify(address, bySite),
		replace(cfg(siteC, groupFirst, oneFirst, extraFirst, everySection), address, "organization_id", "site_id"),
	)
}
