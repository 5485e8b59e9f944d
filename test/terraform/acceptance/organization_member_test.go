package acceptance

import (
	"fmt"
	"testing"
)

// docs/terraform/resources/organization_member.md: replaced when `organization_id`, `user_id` or
// `email` changes; `role` changes in place; `remove_on_destroy = true` removes the member at
// destroy. A replacement naming the same person differently (user id, then email) is one too.
func TestOrganizationMember(t *testing.T) {
	const address = "docsplatform_organization_member.this"
	// adopting leaves out `remove_on_destroy`, which an import cannot know.
	adopting := func(org, who, role, flags string) string {
		return config(org, fmt.Sprintf(`
resource "docsplatform_organization_member" "this" {
  organization_id   = %q
  %s
  role              = %q
%s}
`, org, who, role, flags))
	}
	cfg := func(org, who, role string) string {
		return adopting(org, who, role, "  remove_on_destroy = true\n")
	}
	byUserID := func(name string) string { id, _ := person(name); return fmt.Sprintf("user_id           = %q", id) }
	byEmail := func(name string) string {
		_, email := person(name)
		return fmt.Sprintf("email             = %q", email)
	}
	lifecycle(t,
		checkDestroyed("docsplatform_organization_member", func(a map[string]string) error {
			return gone(fmt.Sprintf("/orgs/%s/members/%s", a["organization_id"], a["id"]))
		}),
		create(cfg(orgAlpha, byUserID("member-0"), "read"), address),
		update(cfg(orgAlpha, byUserID("member-0"), "comment"), address),
		importBlock(address, byID, adopting(orgAlpha, byUserID("member-0"), "comment", "")),
		// `remove_on_destroy`: "Changing it changes only the state": the API has no such field.
		importVerify(address, byID, "remove_on_destroy"),
		replace(cfg(orgBeta, byEmail("member-1"), "comment"), address, "organization_id", "user_id", "email"),
	)
}
