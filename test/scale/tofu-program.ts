/**
 * The fault-scenario program (test/faults/program) as OpenTofu configuration for the Terraform
 * door: the same organization settings and `groups` groups of eight resources, with the same
 * inputs and dependencies, written as a user would, one `count` block per resource of a group.
 */
import { providerHeader } from "../terraform/support/tofu.ts";

/** main.tf for `groups` groups; the provider's token comes from DOCS_PLATFORM_TOKEN. */
export function tofuProgram(groups: number, apiUrl: string, organizationId: string): string {
  const lines = [
    "# The fault-scenario program (test/faults/program) through the Terraform door.",
    providerHeader({ settings: { api_url: apiUrl, organization_id: organizationId } }),
    "locals {",
    `  organization_id = ${JSON.stringify(organizationId)}`,
    `  tags            = [for group in range(${groups}) : format("%03d", group)]`,
    "}",
    "",
    'resource "docsplatform_organization_settings" "organization" {',
    "  organization_id = local.organization_id",
    '  title           = "Acme under faults"',
    '  default_role    = "read"',
    "}",
  ];
  const resource = (type: string, name: string, attributes: Record<string, string>) => {
    lines.push("", `resource "${type}" "${name}" {`, "  count           = length(local.tags)", "  organization_id = local.organization_id");
    for (const [attribute, expression] of Object.entries(attributes)) lines.push(`  ${attribute} = ${expression}`);
    lines.push("}");
  };
  const tag = "${local.tags[count.index]}";
  resource("docsplatform_team", "team", { title: `"Team ${tag}"`, members: 'count.index % 2 == 0 ? ["usr-acme-editor"] : ["usr-acme-reader", "usr-acme-admin"]' });
  resource("docsplatform_collection", "collection", { title: `"Collection ${tag}"`, description: `"Group ${tag}"`, default_level: '"read"' });
  resource("docsplatform_collection", "child", { title: `"Child ${tag}"`, parent: "docsplatform_collection.collection[count.index].id" });
  resource("docsplatform_saml_provider", "saml", {
    label: `"IdP ${tag}"`,
    sso_url: `"https://idp${tag}.example.com/sso"`,
    default_team: "docsplatform_team.team[count.index].id",
    default_role: '"read"',
  });
  resource("docsplatform_site", "site", { title: `"Site ${tag}"`, visibility: '"unlisted"', published: "count.index % 3 == 0" });
  resource("docsplatform_site_section", "section", {
    site_id: "docsplatform_site.site[count.index].id",
    space_id: '"spc-acme-guides"',
    title: `"Section ${tag}"`,
    path: `"section-${tag}"`,
  });
  resource("docsplatform_site_space", "site_space", {
    site_id: "docsplatform_site.site[count.index].id",
    space_id: '"spc-acme-api"',
    section_id: "docsplatform_site_section.section[count.index].id",
    path: `"api-${tag}"`,
  });
  resource("docsplatform_open_api_spec", "spec", {
    slug: `"spec-${tag}"`,
    source: `{ url = "https://specs.example.com/${tag}.yaml" }`,
    visibility: 'count.index % 2 == 0 ? "public" : "private"',
  });
  return `${lines.join("\n")}\n`;
}
