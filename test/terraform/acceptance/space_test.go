package acceptance

import (
	"fmt"
	"testing"
)

// docs/terraform/resources/space.md: `parent` changes move it, `organization_id` changes transfer
// it (same id either way): nothing replaces it, so no replacement step.
func TestSpace(t *testing.T) {
	const address = "docsplatform_space.this"
	cfg := func(title, emoji, mode string) string {
		return config(orgAlpha, fmt.Sprintf(`
resource "docsplatform_collection" "home" {
  organization_id = %[4]q
  title           = "Acceptance space home"
}

resource "docsplatform_space" "this" {
  organization_id = %[4]q
  title           = %[1]q
  emoji           = %[2]q
  parent          = docsplatform_collection.home.id
  language        = "en"
  edit_mode       = %[3]q
  default_level   = "read"
  merge_rules     = { type = "rules", rules = [{ rule = "require_at_least_one_review", users = [%[5]q] }] }
}
`, title, emoji, mode, orgAlpha, adminID))
	}
	lifecycle(t,
		checkDestroyed("docsplatform_space", func(a map[string]string) error { return gone("/spaces/" + a["id"]) }),
		create(cfg("Acceptance runbooks", "📘", "live"), address),
		update(cfg("Acceptance playbooks", "🚀", "locked"), address),
		importBlock(address, byID),
		importVerify(address, byID),
	)
}
