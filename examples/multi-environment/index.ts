/**
 * The same documentation site in every environment: only the stack's config differs (which
 * organization, which spaces, who maintains it, how visible it is).
 *
 *   pulumi stack select dev && pulumi up
 *   pulumi stack select prod && pulumi up
 */
import * as pulumi from "@pulumi/pulumi";
import * as docs from "pulumi-docs-platform";

interface Spaces {
  guides: string;
  api: string;
  changelog: string;
}

const config = new pulumi.Config();
const organizationId = config.require("organizationId");
const environment = config.require("environment");
const visibility = config.require("visibility") as "public" | "unlisted";
const spaces = config.requireObject<Spaces>("spaces");
const maintainers = config.requireObject<string[]>("maintainers");

const maintainersTeam = new docs.Team("docs-maintainers", { organizationId, title: "Docs maintainers", members: maintainers });

const site = new docs.Site("docs", {
  organizationId,
  title: "Product documentation",
  visibility,
  published: true,
});

const guides = new docs.SiteSection("guides", {
  organizationId,
  siteId: site.id,
  spaceId: spaces.guides,
  title: "Guides",
  path: "guides",
});
// Sections are listed in the order they were created, and the first one is the default: create
// them one after the other, so every environment gets the same order.
const reference = new docs.SiteSection("reference", {
  organizationId,
  siteId: site.id,
  spaceId: spaces.api,
  title: "API reference",
  path: "reference",
}, { dependsOn: [guides] });
new docs.SiteSpace("changelog", {
  organizationId,
  siteId: site.id,
  spaceId: spaces.changelog,
  sectionId: guides.id,
  path: "changelog",
});

const api = new docs.OpenApiSpec("api", {
  organizationId,
  slug: "product-api",
  source: { url: `https://api.example.com/${environment}/openapi.json` },
  visibility: visibility === "public" ? "public" : "private",
});

export const siteUrl = site.publishedUrl;
export const sectionIds = { guides: guides.id, reference: reference.id };
export const maintainersTeamId = maintainersTeam.id;
export const openApiSpec = api.id;
