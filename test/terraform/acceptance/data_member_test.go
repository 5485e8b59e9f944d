package acceptance

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

// docs/terraform/data-sources/member.md: a member found by email.
func TestDataSourceMember(t *testing.T) {
	id, email := person("reader")
	lookup(t, orgLookups, fmt.Sprintf(`
data "docsplatform_member" "this" {
  email = %q
}
`, email),
		resource.TestCheckResourceAttr("data.docsplatform_member.this", "id", id),
		resource.TestCheckResourceAttr("data.docsplatform_member.this", "role", "read"),
		resource.TestCheckResourceAttr("data.docsplatform_member.this", "display_name", "Lookup Reader"),
	)
}
