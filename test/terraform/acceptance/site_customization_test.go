package acceptance

import (
	"fmt"
	"testing"
)

// customization is every argument of a Customization object (a site's, or a site space's
// override), each nested object with every leaf; title and corners vary between steps.
func customization(title, corners string) string {
	return fmt.Sprintf(`
  title = %q
  styling = {
    theme          = "clean"
    primary_color  = { light = "#346DDB", dark = "#6B9BF2" }
    info_color     = { light = "#2563EB", dark = "#60A5FA" }
    success_color  = { light = "#16A34A", dark = "#4ADE80" }
    warning_color  = { light = "#D97706", dark = "#FBBF24" }
    danger_color   = { light = "#DC2626", dark = "#F87171" }
    tint           = { color = { light = "#EEF2FF", dark = "#1E1B4B" } }
    corners        = %q
    depth          = "flat"
    links          = "accent"
    font           = "Inter"
    monospace_font = "JetBrains Mono"
    icons          = "duotone"
    sidebar        = { background = "filled", list = "pill" }
    search         = "subtle"
  }
  favicon = { icon = { light = "https://acc.test/favicon.png", dark = "https://acc.test/favicon-dark.png" } }
  header = {
    logo         = { light = "https://acc.test/logo.svg", dark = "https://acc.test/logo-dark.svg" }
    primary_link = { kind = "url", url = "https://acc.test/start" }
    links = [{
      title     = "Status"
      to        = { kind = "url", url = "https://status.acc.test" }
      style     = "button-primary"
      condition = "visitor.claims.beta === true"
      links     = [{ title = "History", to = { kind = "url", url = "https://status.acc.test/history" } }]
    }]
  }
  footer = {
    logo      = { light = "https://acc.test/footer.svg", dark = "https://acc.test/footer-dark.svg" }
    groups    = [{ title = "Company", links = [{ title = "About", to = { kind = "url", url = "https://acc.test/about" } }] }]
    copyright = "© Acceptance Inc."
  }
  announcement = {
    enabled = true
    message = "v2 is out"
    link    = { title = "Read more", to = { kind = "url", url = "https://acc.test/v2" } }
    style   = "warning"
  }
  themes                 = { default = "dark", toggeable = false }
  pdf                    = { enabled = false }
  feedback               = { enabled = true }
  ai                     = { mode = "search" }
  advanced_customization = { enabled = true }
  git                    = { show_edit_link = true }
  page_actions           = { external_ai = false, markdown = true, mcp = true }
  external_links         = { target = "blank" }
  pagination             = { enabled = false }
  trademark              = { enabled = false }
  privacy_policy         = { url = "https://acc.test/privacy" }
  social_preview         = { url = "https://acc.test/social.png" }
  insights               = { tracking_cookie = false }
`, title, corners)
}

// docs/terraform/resources/site_customization.md: `site_id` and `organization_id` force a new
// resource (another site's customization is managed).
func TestSiteCustomization(t *testing.T) {
	const address = "docsplatform_site_customization.this"
	cfg := func(at siteAt, title, corners string) string {
		return config(at.org, sites("Customized")+fmt.Sprintf(`
resource "docsplatform_site_customization" "this" {
  organization_id = %q
  site_id         = docsplatform_site.%s.id
%s}
`, at.org, at.site, customization(title, corners)))
	}
	lifecycle(t, siteGone("docsplatform_site_customization"),
		create(cfg(siteA, "Acceptance Docs", "straight"), address),
		update(cfg(siteA, "Acceptance Docs 2", "rounded"), address),
		importBlock(address, bySite),
		importIdentity(address),
		importVerify(address, bySite),
		replace(cfg(siteC, "Acceptance Docs 2", "rounded"), address, "organization_id", "site_id"),
	)
}
