package acceptance

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

// docs/terraform/data-sources/team.md: a team found by its title.
func TestDataSourceTeam(t *testing.T) {
	lookup(t, orgLookups, fmt.Sprintf(`
data "docsplatform_team" "this" {
  title = %q
}
`, lookupTeamTitle),
		resource.TestCheckResourceAttr("data.docsplatform_team.this", "id", seeded.teamID),
		resource.TestCheckResourceAttr("data.docsplatform_team.this", "member_count", "0"),
	)
}
