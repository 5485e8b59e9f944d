package acceptance

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

// docs/terraform/data-sources/organization.md: the provider's organization.
func TestDataSourceOrganization(t *testing.T) {
	lookup(t, orgLookups, `
data "docsplatform_organization" "this" {}
`,
		resource.TestCheckResourceAttr("data.docsplatform_organization.this", "id", orgLookups),
		resource.TestCheckResourceAttr("data.docsplatform_organization.this", "title", "Acceptance Lookups"),
	)
}
