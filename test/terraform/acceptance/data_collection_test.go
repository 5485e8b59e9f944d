package acceptance

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

// docs/terraform/data-sources/collection.md: a collection found by its title (and parent).
func TestDataSourceCollection(t *testing.T) {
	lookup(t, orgLookups, fmt.Sprintf(`
data "docsplatform_collection" "this" {
  organization_id = %q
  title           = %q
}
`, orgLookups, lookupCollectionTitle),
		resource.TestCheckResourceAttr("data.docsplatform_collection.this", "id", lookupCollectionID),
		resource.TestCheckResourceAttr("data.docsplatform_collection.this", "description", "Found by title"),
	)
}
