package acceptance

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

// docs/terraform/data-sources/space.md: a space found by its title within a collection.
func TestDataSourceSpace(t *testing.T) {
	lookup(t, orgLookups, fmt.Sprintf(`
data "docsplatform_space" "this" {
  title  = %q
  parent = %q
}
`, lookupSpaceTitle, lookupCollectionID),
		resource.TestCheckResourceAttr("data.docsplatform_space.this", "id", lookupSpaceID),
		resource.TestCheckResourceAttr("data.docsplatform_space.this", "emoji", "🔎"),
	)
}
