package acceptance

import (
	"fmt"
	"testing"
)

// docs/terraform/resources/site.md: replaced when `organization_id` or `type` changes; `spaces` is
// used only at creation. `default_site_space` and `default_site_section` name the site's own parts,
// which a configuration can only declare after the site (a cycle): they are left to SiteSpace's
// and SiteSection's tests' sites.
func TestSite(t *testing.T) {
	const address = "docsplatform_site.this"
	// spaces is the `spaces` line: adopting a site leaves it out (used only at creation, an import
	// cannot know it).
	adopting := func(org, siteType, title, visibility, context, spaces string) string {
		return config(org, fmt.Sprintf(`
resource "docsplatform_site" "this" {
  organization_id  = %q
  title            = %q
  type             = %q
  visibility       = %q
  basename         = "acceptance"
  proxy            = "acc.example.com/docs"
  adaptive_content = { enabled = true }
  agents_context   = %q
  published        = true
%s}
`, org, title, siteType, visibility, context, spaces))
	}
	cfg := func(org, siteType, title, visibility, context, space string) string {
		return adopting(org, siteType, title, visibility, context, fmt.Sprintf("  spaces           = [%q]\n", space))
	}
	lifecycle(t,
		checkDestroyed("docsplatform_site", func(a map[string]string) error {
			return gone(fmt.Sprintf("/orgs/%s/sites/%s", a["organization_id"], a["id"]))
		}),
		create(cfg(orgAlpha, "basic", "Acceptance docs", "unlisted", "excluded", spaceAlpha1), address),
		update(cfg(orgAlpha, "basic", "Acceptance developer docs", "public", "included", spaceAlpha1), address),
		importBlock(address, byID, adopting(orgAlpha, "basic", "Acceptance developer docs", "public", "included", "")),
		// `spaces`: "Used only at creation".
		importVerify(address, byID, "spaces"),
		replace(cfg(orgBeta, "premium", "Acceptance developer docs", "public", "included", spaceBeta1), address, "organization_id", "type"),
	)
}
