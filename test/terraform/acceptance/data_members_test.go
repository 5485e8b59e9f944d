package acceptance

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

// docs/terraform/data-sources/members.md: the organization's members with a role.
func TestDataSourceMembers(t *testing.T) {
	id, email := person("reader")
	lookup(t, orgLookups, `
data "docsplatform_members" "readers" {
  role = "read"
}
`,
		resource.TestCheckResourceAttr("data.docsplatform_members.readers", "members.#", "1"),
		resource.TestCheckResourceAttr("data.docsplatform_members.readers", "members.0.id", id),
		resource.TestCheckResourceAttr("data.docsplatform_members.readers", "members.0.email", email),
	)
}
