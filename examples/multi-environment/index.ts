/**
 * The same documentation site in every environment: only the stack's config differs (which
 * organization, who maintains it, how visible it is). The organization is the stack's
 * (`docs-platform:organizationId`), so no resource names it; the spaces are found by title in it,
 * so no space id is pasted into config.
 *
 *   pulumi stack select dev && pulumi up
 *   pulumi stack select prod && pulumi up
 */
import * as pulumi from "@pulumi/pulumi";
import * as docs from "pulumi-docs-platform";

const config = new pulumi.Config();
const environment = config.require("environment");
const visibility = config.require<"public" | "unlisted">("visibility");
// Emails of existing members of the organization.
const maintainers = config.requireObject<string[]>("maintainers");

// Each organization has its own "Guides", "API Reference" and "Changelog" spaces.
const spaces = {
  guides: docs.getSpaceOutput({ title: "Guides" }).id,
  api: docs.getSpaceOutput({ title: "API Reference" }).id,
  changelog: docs.getSpaceOutput({ title: "Changelog" }).id,
};

const maintainersTeam = new docs.Team("docs-maintainers", { title: "Docs maintainers", members: maintainers });

const site = new docs.Site("docs", {
  title: "Product documentation",
  visibility,
  published: true,
});

const guides = new docs.SiteSection("guides", {
  siteId: site.id,
  spaceId: spaces.guides,
  title: "Guides",
  path: "guides",
});
// Sections are listed in the order they were created, and the first one is the default: create
// them one after the other, so every environment gets the same order.
const reference = new docs.SiteSection(
  "reference",
  {
    siteId: site.id,
    spaceId: spaces.api,
    title: "API reference",
    path: "reference",
  },
  { dependsOn: [guides] },
);
new docs.SiteSpace("changelog", {
  siteId: site.id,
  spaceId: spaces.changelog,
  sectionId: guides.id,
  path: "changelog",
});

const api = new docs.OpenApiSpec("api", {
  slug: "product-api",
  source: { url: `https://api.example.com/${environment}/openapi.json` },
  visibility: visibility === "public" ? "public" : "private",
});

export const siteUrl = site.publishedUrl;
export const sectionIds = { guides: guides.id, reference: reference.id };
export const maintainersTeamId = maintainersTeam.id;
export const openApiSpec = api.id;
