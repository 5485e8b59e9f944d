// Package acceptance holds HashiCorp's acceptance tests (terraform-plugin-testing) of the
// released docsplatform provider against the documentation platform's emulator: one test per
// resource type and one per data source, driven through whichever CLI TF_ACC_TERRAFORM_PATH
// names (OpenTofu or Terraform). test/terraform/tofu-acceptance.test.ts builds the release, the
// filesystem mirror and this package's test binary, starts the emulator and runs them with
// TF_ACC=1, once per CLI.
//
// This file is the shared plumbing: the fixture seeded into the emulator, the configuration's
// terraform and provider blocks, the steps every resource test takes and the API client that
// CheckDestroy asks.
//
// Environment (set by the vitest runner, or by hand against `npx docs-platform-emulator`):
//   - DOCS_PLATFORM_API_URL: the emulator's API, `http://127.0.0.1:<port>/v1`;
//   - DOCS_PLATFORM_EMULATOR_CONTROL_URL: its control surface, `http://127.0.0.1:<port>/_control`
//     (TestMain loads this package's fixture there: the emulator's state is replaced);
//   - DOCS_PLATFORM_PROVIDER_VERSION: the release's version, the provider's version constraint;
//   - TF_ACC=1, TF_ACC_TERRAFORM_PATH, TF_CLI_CONFIG_FILE (the filesystem mirror), as the harness reads them.
package acceptance

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
)

// providerSource is the provider's address in required_providers and in the mirror.
const providerSource = "docs-platform/docsplatform"

// The fixture's organizations. Each test works in its own objects; the kinds an organization has
// one of (its settings, its agent instructions) have organizations of their own, and the data
// sources read one no other test changes.
const (
	orgAlpha     = "org-acc-alpha"
	orgBeta      = "org-acc-beta"
	orgSettings1 = "org-acc-settings-1"
	orgSettings2 = "org-acc-settings-2"
	orgAgent1    = "org-acc-agent-1"
	orgAgent2    = "org-acc-agent-2"
	orgLookups   = "org-acc-lookups"
)

// adminID is an admin of every organization; the provider acts with adminToken.
const (
	adminID    = "usr-acc-admin"
	adminToken = "tok-acc-admin"
)

// person is a fixture user: users "member-N" for OrganizationMember, "writer-N" for teams, "reader"
// for the member lookups. Each is a member of orgAlpha and orgBeta (orgLookups for the reader).
func person(name string) (id, email string) {
	return "usr-acc-" + name, name + "@acc.test"
}

// lookupTitles are the objects seeded in orgLookups for the data sources that find by title.
const (
	lookupSiteTitle       = "Lookup site"
	lookupTeamTitle       = "Lookup team"
	lookupCollectionTitle = "Lookup collection"
	lookupSpaceTitle      = "Lookup space"
	lookupCollectionID    = "col-acc-lookups"
	lookupSpaceID         = "spc-acc-lookups"
)

// Spaces of the fixture in orgAlpha and orgBeta that sites and translations use.
const (
	spaceAlpha1 = "spc-acc-alpha-1"
	spaceAlpha2 = "spc-acc-alpha-2"
	spaceAlpha3 = "spc-acc-alpha-3"
	spaceAlpha4 = "spc-acc-alpha-4"
	spaceBeta1  = "spc-acc-beta-1"
	spaceBeta2  = "spc-acc-beta-2"
	spaceBeta3  = "spc-acc-beta-3"
	spaceBeta4  = "spc-acc-beta-4"
)

// seeded holds the ids of what TestMain created through the API.
var seeded struct {
	siteID, teamID string
}

func fixture() map[string]any {
	type user = map[string]any
	type member = map[string]any
	users := []user{{"id": adminID, "displayName": "Acceptance Admin", "email": "admin@acc.test", "token": adminToken}}
	everyone := []member{{"user": adminID, "role": "admin"}}
	var people []string
	for i := 0; i <= 3; i++ {
		people = append(people, fmt.Sprintf("member-%d", i), fmt.Sprintf("writer-%d", i))
	}
	for _, name := range people {
		id, email := person(name)
		users = append(users, user{"id": id, "displayName": name, "email": email, "token": "tok-acc-" + name})
		everyone = append(everyone, member{"user": id, "role": "edit"})
	}
	readerID, readerEmail := person("reader")
	users = append(users, user{"id": readerID, "displayName": "Lookup Reader", "email": readerEmail, "token": "tok-acc-reader"})
	admins := []member{{"user": adminID, "role": "admin"}}
	org := func(id, title string, members []member, extra map[string]any) map[string]any {
		o := map[string]any{"id": id, "title": title, "members": members}
		for k, v := range extra {
			o[k] = v
		}
		return o
	}
	spaces := func(ids ...string) map[string]any {
		var list []map[string]any
		for i, id := range ids {
			list = append(list, map[string]any{"id": id, "title": fmt.Sprintf("Fixture space %d", i+1)})
		}
		return map[string]any{"spaces": list}
	}
	return map[string]any{
		"users": users,
		"organizations": []map[string]any{
			org(orgAlpha, "Acceptance Alpha", everyone, spaces(spaceAlpha1, spaceAlpha2, spaceAlpha3, spaceAlpha4)),
			org(orgBeta, "Acceptance Beta", everyone, spaces(spaceBeta1, spaceBeta2, spaceBeta3, spaceBeta4)),
			org(orgSettings1, "Settings One", admins, nil),
			org(orgSettings2, "Settings Two", admins, nil),
			org(orgAgent1, "Agent One", admins, nil),
			org(orgAgent2, "Agent Two", admins, nil),
			org(orgLookups, "Acceptance Lookups", []member{{"user": adminID, "role": "admin"}, {"user": readerID, "role": "read"}}, map[string]any{
				"collections": []map[string]any{{"id": lookupCollectionID, "title": lookupCollectionTitle, "description": "Found by title"}},
				"spaces":      []map[string]any{{"id": lookupSpaceID, "title": lookupSpaceTitle, "emoji": "🔎", "parent": lookupCollectionID}},
			}),
		},
	}
}

// TestMain loads the fixture into the emulator and seeds what a fixture cannot hold (a site, a
// team), before any test; without TF_ACC the harness skips every test and nothing is asked.
func TestMain(m *testing.M) {
	if os.Getenv(resource.EnvTfAcc) != "" {
		if err := seed(); err != nil {
			fmt.Fprintf(os.Stderr, "seeding the emulator: %s\n", err)
			os.Exit(1)
		}
		// The provider reads its token from the environment, as a user's CI keeps it.
		os.Setenv("DOCS_PLATFORM_TOKEN", adminToken)
	}
	os.Exit(m.Run())
}

func seed() error {
	control := os.Getenv("DOCS_PLATFORM_EMULATOR_CONTROL_URL")
	if control == "" || os.Getenv("DOCS_PLATFORM_API_URL") == "" {
		return fmt.Errorf("DOCS_PLATFORM_API_URL and DOCS_PLATFORM_EMULATOR_CONTROL_URL must name the emulator")
	}
	if status, body, err := send(http.MethodPost, control+"/fixture", fixture(), ""); err != nil || status != http.StatusOK {
		return fmt.Errorf("POST /_control/fixture: %d %s %v", status, body, err)
	}
	site, err := apiCreate(http.MethodPost, "/orgs/"+orgLookups+"/sites", map[string]any{"title": lookupSiteTitle})
	if err != nil {
		return err
	}
	team, err := apiCreate(http.MethodPut, "/orgs/"+orgLookups+"/teams", map[string]any{"title": lookupTeamTitle, "members": []string{}})
	if err != nil {
		return err
	}
	seeded.siteID, seeded.teamID = site, team
	return nil
}

var client = &http.Client{Timeout: 30 * time.Second}

func send(method, url string, body any, token string) (int, []byte, error) {
	var reader io.Reader
	if body != nil {
		encoded, err := json.Marshal(body)
		if err != nil {
			return 0, nil, err
		}
		reader = bytes.NewReader(encoded)
	}
	request, err := http.NewRequest(method, url, reader)
	if err != nil {
		return 0, nil, err
	}
	if body != nil {
		request.Header.Set("content-type", "application/json")
	}
	if token != "" {
		request.Header.Set("authorization", "Bearer "+token)
	}
	response, err := client.Do(request)
	if err != nil {
		return 0, nil, err
	}
	defer response.Body.Close()
	answer, err := io.ReadAll(response.Body)
	return response.StatusCode, answer, err
}

func apiCreate(method, path string, body any) (string, error) {
	status, answer, err := send(method, os.Getenv("DOCS_PLATFORM_API_URL")+path, body, adminToken)
	if err != nil || status >= 300 {
		return "", fmt.Errorf("%s %s: %d %s %v", method, path, status, answer, err)
	}
	var created struct{ ID string }
	if err := json.Unmarshal(answer, &created); err != nil {
		return "", err
	}
	return created.ID, nil
}

// apiGet asks the API for path as the admin: its status and, for a 2xx, its JSON body.
func apiGet(path string) (int, map[string]any, error) {
	status, answer, err := send(http.MethodGet, os.Getenv("DOCS_PLATFORM_API_URL")+path, nil, adminToken)
	if err != nil || status >= 300 {
		return status, nil, err
	}
	var body map[string]any
	return status, body, json.Unmarshal(answer, &body)
}

// gone fails unless the API answers 404 for path: CheckDestroy's question for deleted objects.
func gone(path string) error {
	status, body, err := apiGet(path)
	if err != nil {
		return fmt.Errorf("GET %s: %w", path, err)
	}
	if status != http.StatusNotFound {
		return fmt.Errorf("GET %s after destroy: %d %v, expected 404", path, status, body)
	}
	return nil
}

// checkDestroyed runs check on each resource of typeName in the state before destroy.
func checkDestroyed(typeName string, check func(attributes map[string]string) error) resource.TestCheckFunc {
	return func(state *terraform.State) error {
		found := false
		for _, rs := range state.RootModule().Resources {
			if rs.Type != typeName {
				continue
			}
			found = true
			if err := check(rs.Primary.Attributes); err != nil {
				return err
			}
		}
		if !found {
			return fmt.Errorf("no %s in the state before destroy", typeName)
		}
		return nil
	}
}

// config is a test's configuration: the terraform block naming the provider (every step's own,
// the import steps' too), the provider block with its organization, then body.
func config(organizationID, body string) string {
	version := ""
	if v := os.Getenv("DOCS_PLATFORM_PROVIDER_VERSION"); v != "" {
		version = fmt.Sprintf(", version = %q", v)
	}
	return fmt.Sprintf(`terraform {
  required_providers {
    docsplatform = { source = %q%s }
  }
}

provider "docsplatform" {
  organization_id = %q
}
%s`, providerSource, version, organizationID, body)
}

func externalProviders() map[string]resource.ExternalProvider {
	return map[string]resource.ExternalProvider{"docsplatform": {Source: providerSource, VersionConstraint: os.Getenv("DOCS_PLATFORM_PROVIDER_VERSION")}}
}

// step is a test step with the name the runner reports it by.
type step struct {
	name string
	resource.TestStep
}

// create applies the configuration (a create of address), then plans no change after a refresh;
// the state holds address's identity (every attribute of its type's, set).
func create(cfg, address string) step {
	return step{"create", resource.TestStep{Config: cfg, ConfigPlanChecks: resource.ConfigPlanChecks{
		PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(address, plancheck.ResourceActionCreate)},
		PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
	}, ConfigStateChecks: []statecheck.StateCheck{hasIdentity(address)}}}
}

// identities is each resource type's identity (provider/terraform/identity.ts): its import id's
// parts and the organization.
var identities = map[string][]string{
	"docsplatform_organization_settings":    {"organization_id"},
	"docsplatform_agent_instructions":       {"organization_id"},
	"docsplatform_organization_member":      {"organization_id", "id"},
	"docsplatform_team":                     {"organization_id", "id"},
	"docsplatform_team_member":              {"organization_id", "id"},
	"docsplatform_saml_provider":            {"organization_id", "id"},
	"docsplatform_collection":               {"organization_id", "id"},
	"docsplatform_space":                    {"organization_id", "id"},
	"docsplatform_translation":              {"organization_id", "id"},
	"docsplatform_site":                     {"organization_id", "id"},
	"docsplatform_site_section_group":       {"organization_id", "site_id", "id"},
	"docsplatform_site_section":             {"organization_id", "site_id", "id"},
	"docsplatform_site_space":               {"organization_id", "site_id", "id"},
	"docsplatform_site_space_customization": {"organization_id", "site_id", "id"},
	"docsplatform_site_structure":           {"organization_id", "site_id"},
	"docsplatform_site_customization":       {"organization_id", "site_id"},
	"docsplatform_site_adaptive_schema":     {"organization_id", "site_id"},
	"docsplatform_open_api_spec":            {"organization_id", "slug"},
}

// hasIdentity is a state check: address's identity has exactly its type's attributes, each set.
func hasIdentity(address string) statecheck.StateCheck {
	checks := map[string]knownvalue.Check{}
	for _, attribute := range identities[strings.SplitN(address, ".", 2)[0]] {
		checks[attribute] = knownvalue.NotNull()
	}
	return statecheck.ExpectIdentity(address, checks)
}

// update changes address in place, then plans no change after a refresh.
func update(cfg, address string) step {
	return step{"update", resource.TestStep{Config: cfg, ConfigPlanChecks: resource.ConfigPlanChecks{
		PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(address, plancheck.ResourceActionUpdate)},
		PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
	}}}
}

// replace changes, in one step, every attribute the page says forces a new resource: the plan
// replaces address, and names each attribute among the causes (the plan's replace_paths, what the
// CLI shows as "# forces replacement"), so each is shown to force it; then the plan is empty
// after a refresh. One step for all: each step is about nine CLI runs, each starting the provider.
func replace(cfg, address string, attributes ...string) step {
	return step{"replace (" + strings.Join(attributes, ", ") + ")", resource.TestStep{Config: cfg, ConfigPlanChecks: resource.ConfigPlanChecks{
		PreApply: []plancheck.PlanCheck{
			plancheck.ExpectResourceAction(address, plancheck.ResourceActionReplace),
			replacedBy{address, attributes},
		},
		PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
	}}}
}

// replacedBy is a plan check: each of attributes is a cause of address's replacement.
type replacedBy struct {
	address    string
	attributes []string
}

func (check replacedBy) CheckPlan(_ context.Context, request plancheck.CheckPlanRequest, response *plancheck.CheckPlanResponse) {
	for _, change := range request.Plan.ResourceChanges {
		if change.Address != check.address || change.Change == nil {
			continue
		}
		causes := map[string]bool{}
		for _, cause := range change.Change.ReplacePaths {
			if steps, ok := cause.([]any); ok && len(steps) > 0 {
				causes[fmt.Sprint(steps[0])] = true
			}
		}
		var missing []string
		for _, attribute := range check.attributes {
			if !causes[attribute] {
				missing = append(missing, attribute)
			}
		}
		if len(missing) > 0 {
			response.Error = fmt.Errorf("%s: the plan does not name %s among the causes of its replacement (replace_paths %v)", check.address, strings.Join(missing, ", "), change.Change.ReplacePaths)
		}
		return
	}
	response.Error = fmt.Errorf("%s: not in the plan", check.address)
}

// importID builds a resource's import id from its state, in the form its page gives.
type importID func(attributes map[string]string) string

var (
	byID           importID = func(a map[string]string) string { return a["id"] }
	byOrganization importID = func(a map[string]string) string { return a["organization_id"] }
	bySite         importID = func(a map[string]string) string { return a["site_id"] }
	insideSite     importID = func(a map[string]string) string { return a["site_id"] + "/" + a["id"] }
)

func (form importID) of(address string) resource.ImportStateIdFunc {
	return func(state *terraform.State) (string, error) {
		rs, ok := state.RootModule().Resources[address]
		if !ok {
			return "", fmt.Errorf("%s is not in the state", address)
		}
		return form(rs.Primary.Attributes), nil
	}
}

// importBlock imports address with an `import` block: the plan imports it and changes nothing.
// The configuration is the step before's, or adopted when given: the same one without the inputs
// an import cannot know (what the page says acts only on the state, on create or on destroy; the
// ones importVerify leaves out), as a user adopting an existing object writes it. Either way the
// configuration has its own required_providers.
func importBlock(address string, form importID, adopted ...string) step {
	s := step{"import block", resource.TestStep{
		ResourceName:      address,
		ImportState:       true,
		ImportStateKind:   resource.ImportBlockWithID,
		ImportStateIdFunc: form.of(address),
		ImportPlanChecks:  resource.ImportPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
	}}
	if len(adopted) > 0 {
		s.Config = adopted[0]
	}
	return s
}

// importIdentity imports address with an `import { identity = {...} }` block of the identity the
// state holds (Terraform 1.12+, OpenTofu 1.12+): the plan imports it and changes nothing. The
// configuration is importBlock's.
func importIdentity(address string, adopted ...string) step {
	s := step{"import identity", resource.TestStep{
		ResourceName:     address,
		ImportState:      true,
		ImportStateKind:  resource.ImportBlockWithResourceIdentity,
		ImportPlanChecks: resource.ImportPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
	}}
	if len(adopted) > 0 {
		s.Config = adopted[0]
	}
	return s
}

// importVerify imports address with `import` (the command) and compares the imported state with
// the applied one, leaving out only creationOnly: inputs the API never gives back.
func importVerify(address string, form importID, creationOnly ...string) step {
	return step{"ImportStateVerify", resource.TestStep{
		ResourceName:            address,
		ImportState:             true,
		ImportStateIdFunc:       form.of(address),
		ImportStateVerify:       true,
		ImportStateVerifyIgnore: creationOnly,
	}}
}

// lifecycle runs a resource test: steps in order, in parallel with the other tests, then
// destroy and checkDestroy. Each step logs its name as it starts, so that a failure (the harness
// names some by number only) is reported by step.
func lifecycle(t *testing.T, checkDestroy resource.TestCheckFunc, steps ...step) {
	var testSteps []resource.TestStep
	var names []string
	for i, s := range steps {
		number, name := i+1, s.name
		names = append(names, fmt.Sprintf("%d %s", number, name))
		s.TestStep.PreConfig = func() { t.Logf("step %d/%d: %s", number, len(steps), name) }
		testSteps = append(testSteps, s.TestStep)
	}
	t.Logf("steps: %s", strings.Join(names, "; "))
	resource.ParallelTest(t, resource.TestCase{ExternalProviders: externalProviders(), Steps: testSteps, CheckDestroy: checkDestroy})
}

// lookup runs a data source test: one configuration, its checks.
func lookup(t *testing.T, organizationID, body string, checks ...resource.TestCheckFunc) {
	t.Logf("steps: 1 read")
	resource.ParallelTest(t, resource.TestCase{ExternalProviders: externalProviders(), Steps: []resource.TestStep{{
		PreConfig: func() { t.Logf("step 1/1: read") },
		Config:    config(organizationID, body),
		Check:     resource.ComposeAggregateTestCheckFunc(checks...),
	}}})
}

// list is an HCL list of strings.
func list(values ...string) string {
	encoded, _ := json.Marshal(values)
	return string(encoded)
}

// document is a one-paragraph rich-text document in HCL (agent instructions, a translation's).
func document(text string) string {
	return fmt.Sprintf(`{
    object = "document"
    data   = { schemaVersion = 1 }
    nodes  = [{ object = "block", type = "paragraph", nodes = [{ object = "text", leaves = [{ object = "leaf", text = %q, marks = [] }] }] }]
  }`, text)
}

// siteAt names where a site-scoped resource is: its organization, the site resource holding it
// (`a` in orgAlpha, `c` in orgBeta: see sites) and fixture spaces of that organization.
type siteAt struct {
	org, site string
	spaces    [4]string
}

var (
	siteA = siteAt{orgAlpha, "a", [4]string{spaceAlpha1, spaceAlpha2, spaceAlpha3, spaceAlpha4}}
	siteC = siteAt{orgBeta, "c", [4]string{spaceBeta1, spaceBeta2, spaceBeta3, spaceBeta4}}
)

// sites declares the two sites a site-scoped test moves its resource between (its replacement
// changes `site_id` and `organization_id`: a to c), each titled after the test.
func sites(title string) string {
	return fmt.Sprintf(`
resource "docsplatform_site" "a" {
  organization_id = %[2]q
  title           = "%[1]s A"
}

resource "docsplatform_site" "c" {
  organization_id = %[3]q
  title           = "%[1]s C"
}
`, title, orgAlpha, orgBeta)
}

// siteGone is CheckDestroy of a site's parts: their sites were destroyed with them, so the API
// answers 404 for the site and for everything inside it.
func siteGone(typeName string) resource.TestCheckFunc {
	return checkDestroyed(typeName, func(a map[string]string) error {
		return gone(fmt.Sprintf("/orgs/%s/sites/%s", a["organization_id"], a["site_id"]))
	})
}
