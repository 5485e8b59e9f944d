package acceptance

import (
	"fmt"
	"testing"
)

// docs/terraform/resources/team.md: replaced when `organization_id` changes.
func TestTeam(t *testing.T) {
	const address = "docsplatform_team.this"
	writer0, _ := person("writer-0")
	writer1, writer1Email := person("writer-1")
	cfg := func(org, title string, members ...string) string {
		return config(org, fmt.Sprintf(`
resource "docsplatform_team" "this" {
  organization_id = %q
  title           = %q
  members         = %s
}
`, org, title, list(members...)))
	}
	lifecycle(t,
		checkDestroyed("docsplatform_team", func(a map[string]string) error {
			return gone(fmt.Sprintf("/orgs/%s/teams/%s", a["organization_id"], a["id"]))
		}),
		create(cfg(orgAlpha, "Acceptance writers", writer0, writer1Email), address),
		update(cfg(orgAlpha, "Acceptance editors", writer1), address),
		importBlock(address, byID),
		importIdentity(address),
		importVerify(address, byID),
		replace(cfg(orgBeta, "Acceptance editors", writer1), address, "organization_id"),
	)
}
