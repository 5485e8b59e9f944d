package acceptance

import (
	"fmt"
	"testing"
)

// docs/terraform/resources/open_api_spec.md: `slug` forces a new resource, `organization_id`
// replaces the spec; `source` uploads a new version in place.
func TestOpenApiSpec(t *testing.T) {
	const address = "docsplatform_open_api_spec.this"
	// adopting leaves out `wait_for_processing`, which an import cannot know.
	adopting := func(org, slug, url, visibility, flags string) string {
		return config(org, fmt.Sprintf(`
resource "docsplatform_open_api_spec" "this" {
  organization_id     = %q
  slug                = %q
  source              = { url = %q }
  visibility          = %q
%s}
`, org, slug, url, visibility, flags))
	}
	cfg := func(org, slug, url, visibility string) string {
		return adopting(org, slug, url, visibility, "  wait_for_processing = true\n")
	}
	lifecycle(t,
		checkDestroyed("docsplatform_open_api_spec", func(a map[string]string) error {
			return gone(fmt.Sprintf("/orgs/%s/openapi/%s", a["organization_id"], a["slug"]))
		}),
		create(cfg(orgAlpha, "acceptance-petstore", "https://specs.acc.test/petstore.yaml", "public"), address),
		update(cfg(orgAlpha, "acceptance-petstore", "https://specs.acc.test/petstore-v2.yaml", "private"), address),
		importBlock(address, byID, adopting(orgAlpha, "acceptance-petstore", "https://specs.acc.test/petstore-v2.yaml", "private", "")),
		importIdentity(address, adopting(orgAlpha, "acceptance-petstore", "https://specs.acc.test/petstore-v2.yaml", "private", "")),
		// `wait_for_processing`: "Only changes how create/update behave"; the API holds no such field.
		importVerify(address, byID, "wait_for_processing"),
		replace(cfg(orgBeta, "acceptance-store", "https://specs.acc.test/petstore-v2.yaml", "private"), address, "slug", "organization_id"),
	)
}
