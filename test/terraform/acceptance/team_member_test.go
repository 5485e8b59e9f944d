package acceptance

import (
	"fmt"
	"testing"
)

// docs/terraform/resources/team_member.md: replaced when `organization_id`, `team_id`, `user_id`
// or `email` changes; `role` changes in place.
func TestTeamMember(t *testing.T) {
	const address = "docsplatform_team_member.this"
	cfg := func(org, team, who, role string) string {
		return config(org, fmt.Sprintf(`
resource "docsplatform_team" "a" {
  organization_id = %[5]q
  title           = "Membership team A"
}

resource "docsplatform_team" "c" {
  organization_id = %[6]q
  title           = "Membership team C"
}

resource "docsplatform_team_member" "this" {
  organization_id = %[1]q
  team_id         = docsplatform_team.%[2]s.id
  %[3]s
  role            = %[4]q
}
`, org, team, who, role, orgAlpha, orgBeta))
	}
	byUserID := func(name string) string { id, _ := person(name); return fmt.Sprintf("user_id         = %q", id) }
	byEmail := func(name string) string { _, email := person(name); return fmt.Sprintf("email           = %q", email) }
	lifecycle(t,
		checkDestroyed("docsplatform_team_member", func(a map[string]string) error {
			// The team went with it; its membership with the team.
			return gone(fmt.Sprintf("/orgs/%s/teams/%s/members", a["organization_id"], a["team_id"]))
		}),
		create(cfg(orgAlpha, "a", byUserID("writer-2"), "member"), address),
		update(cfg(orgAlpha, "a", byUserID("writer-2"), "owner"), address),
		importBlock(address, byID),
		importVerify(address, byID),
		replace(cfg(orgBeta, "c", byEmail("writer-3"), "owner"), address, "organization_id", "team_id", "user_id", "email"),
	)
}
