package acceptance

import (
	"fmt"
	"testing"
)

// docs/terraform/resources/collection.md: nothing replaces it (an `organization_id` change is a
// transfer, a `parent` change a move), so no replacement step.
func TestCollection(t *testing.T) {
	const address = "docsplatform_collection.this"
	cfg := func(title, description, level string) string {
		return config(orgAlpha, fmt.Sprintf(`
resource "docsplatform_collection" "parent" {
  organization_id = %[4]q
  title           = "Acceptance shelf"
}

resource "docsplatform_collection" "this" {
  organization_id = %[4]q
  title           = %[1]q
  description     = %[2]q
  default_level   = %[3]q
  parent          = docsplatform_collection.parent.id
}
`, title, description, level, orgAlpha))
	}
	lifecycle(t,
		checkDestroyed("docsplatform_collection", func(a map[string]string) error { return gone("/collections/" + a["id"]) }),
		create(cfg("Acceptance handbooks", "Everything we wrote down", "read"), address),
		update(cfg("Acceptance manuals", "Everything, rewritten", "comment"), address),
		importBlock(address, byID),
		importVerify(address, byID),
	)
}
