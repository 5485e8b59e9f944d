package acceptance

import (
	"fmt"
	"testing"
)

// docs/terraform/resources/site_adaptive_schema.md: replaced when `site_id` or `organization_id`
// changes; `json_schema` is replaced whole in place.
func TestSiteAdaptiveSchema(t *testing.T) {
	const address = "docsplatform_site_adaptive_schema.this"
	cfg := func(at siteAt, claim string) string {
		return config(at.org, sites("Adaptive")+fmt.Sprintf(`
resource "docsplatform_site_adaptive_schema" "this" {
  organization_id = %q
  site_id         = docsplatform_site.%s.id
  json_schema = {
    type = "object"
    properties = {
      unsigned = { type = "object", properties = { betaUser = { type = "boolean" } }, additionalProperties = false }
      %s  = { type = "boolean", description = "Signed-in claim" }
    }
    additionalProperties = false
  }
}
`, at.org, at.site, claim))
	}
	lifecycle(t, siteGone("docsplatform_site_adaptive_schema"),
		create(cfg(siteA, "isAdmin"), address),
		update(cfg(siteA, "isPartner"), address),
		importBlock(address, bySite),
		importVerify(address, bySite),
		replace(cfg(siteC, "isPartner"), address, "organization_id", "site_id"),
	)
}
