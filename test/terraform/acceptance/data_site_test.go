package acceptance

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

// docs/terraform/data-sources/site.md: a site found by its title.
func TestDataSourceSite(t *testing.T) {
	lookup(t, orgLookups, fmt.Sprintf(`
data "docsplatform_site" "this" {
  title = %q
}
`, lookupSiteTitle),
		resource.TestCheckResourceAttr("data.docsplatform_site.this", "id", seeded.siteID),
		resource.TestCheckResourceAttr("data.docsplatform_site.this", "type", "basic"),
	)
}
