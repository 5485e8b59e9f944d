package acceptance

import (
	"encoding/json"
	"fmt"
	"testing"
)

// docs/terraform/resources/agent_instructions.md: replaced when `organization_id` changes;
// destroy with `clear_on_destroy = true` writes the empty document.
func TestAgentInstructions(t *testing.T) {
	const address = "docsplatform_agent_instructions.this"
	// adopting leaves out `clear_on_destroy`, which an import cannot know.
	adopting := func(org, text, flags string) string {
		return config(org, fmt.Sprintf(`
resource "docsplatform_agent_instructions" "this" {
  organization_id  = %q
  instructions     = %s
%s}
`, org, document(text), flags))
	}
	cfg := func(org, text string) string { return adopting(org, text, "  clear_on_destroy = true\n") }
	lifecycle(t,
		checkDestroyed("docsplatform_agent_instructions", func(a map[string]string) error {
			status, body, err := apiGet("/orgs/" + a["organization_id"] + "/agent-instructions")
			nodes, _ := json.Marshal(body["nodes"])
			if err != nil || status != 200 || (string(nodes) != "[]" && string(nodes) != "null") {
				return fmt.Errorf("GET /orgs/%s/agent-instructions after destroy: %d %s %v, expected the empty document", a["organization_id"], status, nodes, err)
			}
			return nil
		}),
		create(cfg(orgAgent1, "Answer briefly."), address),
		update(cfg(orgAgent1, "Answer in a friendly tone."), address),
		importBlock(address, byOrganization, adopting(orgAgent1, "Answer in a friendly tone.", "")),
		// `clear_on_destroy`: what destroy does; the API holds no such field.
		importVerify(address, byOrganization, "clear_on_destroy"),
		replace(cfg(orgAgent2, "Answer in a friendly tone."), address, "organization_id"),
	)
}
