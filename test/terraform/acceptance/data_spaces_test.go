package acceptance

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

// docs/terraform/data-sources/spaces.md: the spaces of a collection.
func TestDataSourceSpaces(t *testing.T) {
	lookup(t, orgLookups, fmt.Sprintf(`
data "docsplatform_spaces" "shelf" {
  parent = %q
}
`, lookupCollectionID),
		resource.TestCheckResourceAttr("data.docsplatform_spaces.shelf", "spaces.#", "1"),
		resource.TestCheckResourceAttr("data.docsplatform_spaces.shelf", "spaces.0.id", lookupSpaceID),
		resource.TestCheckResourceAttr("data.docsplatform_spaces.shelf", "spaces.0.title", lookupSpaceTitle),
	)
}
