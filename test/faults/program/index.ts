/**
 * The fault-scenario program: `groups` groups of the eight resource kinds (team, collection and
 * a child collection, SAML provider, site with a section and a site space, OpenAPI spec), plus the
 * organization's settings: 8 x groups + 1 resources (201 by default). Every title is unique, so an
 * audit of the API finds duplicates by title. Run by test/faults/scenario.ts against the emulator's
 * demo organization.
 */
import * as pulumi from "@pulumi/pulumi";
import * as docs from "pulumi-docs-platform";

const config = new pulumi.Config();
const organizationId = config.require("organizationId");
const groups = config.requireNumber("groups");
// The demo fixture's members and spaces of org-acme.
const [guides, api] = ["spc-acme-guides", "spc-acme-api"];

new docs.OrganizationSettings("organization", { organizationId, title: "Acme under faults", defaultRole: "read" });

for (let group = 0; group < groups; group++) {
  const tag = String(group).padStart(3, "0");
  const team = new docs.Team(`team-${tag}`, { organizationId, title: `Team ${tag}`, members: group % 2 === 0 ? ["usr-acme-editor"] : ["usr-acme-reader", "usr-acme-admin"] });
  const collection = new docs.Collection(`collection-${tag}`, { organizationId, title: `Collection ${tag}`, description: `Group ${tag}`, defaultLevel: "read" });
  new docs.Collection(`child-${tag}`, { organizationId, title: `Child ${tag}`, parent: collection.id });
  new docs.SamlProvider(`saml-${tag}`, { organizationId, label: `IdP ${tag}`, ssoURL: `https://idp${tag}.example.com/sso`, defaultTeam: team.id, defaultRole: "read" });
  const site = new docs.Site(`site-${tag}`, { organizationId, title: `Site ${tag}`, visibility: "unlisted", published: group % 3 === 0 });
  const section = new docs.SiteSection(`section-${tag}`, { organizationId, siteId: site.id, spaceId: guides, title: `Section ${tag}`, path: `section-${tag}` });
  new docs.SiteSpace(`site-space-${tag}`, { organizationId, siteId: site.id, spaceId: api, sectionId: section.id, path: `api-${tag}` });
  new docs.OpenApiSpec(`spec-${tag}`, {
    organizationId,
    slug: `spec-${tag}`,
    source: { url: `https://specs.example.com/${tag}.yaml` },
    visibility: group % 2 === 0 ? "public" : "private",
  });
}
