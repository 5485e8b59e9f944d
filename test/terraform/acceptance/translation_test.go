package acceptance

import (
	"fmt"
	"testing"
)

// docs/terraform/resources/translation.md: replaced when `language`, `source` or `organization_id`
// changes; `instructions` and `run_trigger` change in place.
func TestTranslation(t *testing.T) {
	const address = "docsplatform_translation.this"
	// adopting leaves out `run_trigger`, which an import cannot know.
	adopting := func(org, language, space, instructions, flags string) string {
		return config(org, fmt.Sprintf(`
resource "docsplatform_translation" "this" {
  organization_id = %q
  language        = %q
  source          = { space = %q, language = "en" }
  instructions    = %s
%s}
`, org, language, space, document(instructions), flags))
	}
	cfg := func(org, language, space, instructions, trigger string) string {
		return adopting(org, language, space, instructions, fmt.Sprintf("  run_trigger     = %q\n", trigger))
	}
	lifecycle(t,
		checkDestroyed("docsplatform_translation", func(a map[string]string) error {
			return gone(fmt.Sprintf("/orgs/%s/translations/%s", a["organization_id"], a["id"]))
		}),
		create(cfg(orgAlpha, "de", spaceAlpha1, "Keep product names in English.", "v1"), address),
		update(cfg(orgAlpha, "de", spaceAlpha1, "Keep product names and code in English.", "v2"), address),
		importBlock(address, byID, adopting(orgAlpha, "de", spaceAlpha1, "Keep product names and code in English.", "")),
		// `run_trigger`: runs the translation when it changes; the API holds no such field.
		importVerify(address, byID, "run_trigger"),
		replace(cfg(orgBeta, "fr", spaceBeta1, "Keep product names and code in English.", "v2"), address, "organization_id", "language", "source"),
	)
}
