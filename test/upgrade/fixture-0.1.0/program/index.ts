/**
 * The quickstart: a realistic documentation setup for one organization, all eight resources.
 * `npm start` runs it against the local emulator's demo organization (settings in Pulumi.yaml);
 * point it at your own organization with `pulumi config set` (see the README).
 */
import * as pulumi from "@pulumi/pulumi";
import * as docs from "pulumi-docs-platform";

interface Members {
  admin: string;
  editor: string;
  reader: string;
}

const config = new pulumi.Config();
const organizationId = config.require("organizationId");
const members = config.requireObject<Members>("members");

const settings = new docs.OrganizationSettings("organization", {
  organizationId,
  title: "Acme Documentation",
  defaultRole: "read",
  inviteLinks: false,
  ai: true,
});

const writers = new docs.Team("writers", { organizationId, title: "Writers", members: [members.editor] });
const reviewers = new docs.Team("reviewers", { organizationId, title: "Reviewers", members: [members.admin, members.reader] });

const identityProvider = new docs.SamlProvider("okta", {
  organizationId,
  label: "Okta",
  entityID: "http://www.okta.com/exk1acmedocs",
  ssoURL: "https://acme.okta.com/app/acme_docs/exk1acmedocs/sso/saml",
  certificate: "MIIDpDCCAoygAwIBAgIGAYx0acmedocsQuickstartCertificate",
  defaultTeam: reviewers.id,
  defaultRole: "read",
});

const productDocs = new docs.Collection("product-docs", {
  organizationId,
  title: "Product documentation",
  description: "Everything customers read about the product.",
  defaultLevel: "read",
});
const tutorials = new docs.Collection("tutorials", { organizationId, title: "Tutorials", parent: productDocs.id });

// The spaces that hold the content, in the collections; a deleted space can be restored for 7 days.
const guidesSpace = new docs.Space("getting-started", { organizationId, title: "Getting started", emoji: "📘", parent: tutorials.id, defaultLevel: "read" });
const apiSpace = new docs.Space("api-reference", { organizationId, title: "API reference", emoji: "🧩", parent: productDocs.id, editMode: "locked" });
const changelogSpace = new docs.Space("release-notes", { organizationId, title: "Release notes", emoji: "📣", parent: productDocs.id });

const portal = new docs.Site("portal", {
  organizationId,
  title: "Developer portal",
  visibility: "public",
  agentsContext: "included",
  published: true,
});

const guidesSection = new docs.SiteSection("guides", {
  organizationId,
  siteId: portal.id,
  spaceId: guidesSpace.id,
  title: "Guides",
  icon: "book-open",
  path: "guides",
});
// The first section created is the site's default: "Guides" goes first. The order visitors see is
// declared below (SiteStructure), whatever order Pulumi creates things in.
const apiGroup = new docs.SiteSectionGroup("api-group", { organizationId, siteId: portal.id, title: "APIs", icon: "plug" });
const referenceSection = new docs.SiteSection("reference", {
  organizationId,
  siteId: portal.id,
  spaceId: apiSpace.id,
  title: "API reference",
  icon: "code",
  path: "reference",
  description: "Endpoints, payloads and errors.",
  siteSectionGroupId: apiGroup.id,
}, { dependsOn: [guidesSection] });

new docs.SiteStructure("order", {
  organizationId,
  siteId: portal.id,
  root: [guidesSection.id, apiGroup.id],
  groups: [{ groupId: apiGroup.id, items: [referenceSection.id] }],
});

new docs.SiteCustomization("look", {
  organizationId,
  siteId: portal.id,
  title: "Acme Developer Portal",
  styling: { primaryColor: { light: "#0b5fff", dark: "#6ea2ff" }, corners: "rounded" },
  announcement: { enabled: true, message: "The v3 API is in beta.", style: "info" },
});

const changelog = new docs.SiteSpace("changelog", {
  organizationId,
  siteId: portal.id,
  spaceId: changelogSpace.id,
  sectionId: guidesSection.id,
  path: "changelog",
});
// Only visitors whose (unsigned) claims mark them as beta testers see the upcoming API changes.
const betaChangelog = new docs.SiteSpace("beta-changelog", {
  organizationId,
  siteId: portal.id,
  spaceId: changelogSpace.id,
  sectionId: referenceSection.id,
  path: "upcoming",
  condition: "visitor.claims.unsigned.beta == true",
});

const petstore = new docs.OpenApiSpec("petstore", {
  organizationId,
  slug: "petstore",
  source: { url: "https://petstore3.swagger.io/api/v3/openapi.json" },
  visibility: "public",
  waitForProcessing: true,
});

export const organizationTitle = settings.title;
export const teamIds = { writers: writers.id, reviewers: reviewers.id };
export const samlProviderId = identityProvider.id;
export const collectionIds = { productDocs: productDocs.id, tutorials: tutorials.id };
export const spaceIds = { gettingStarted: guidesSpace.id, apiReference: apiSpace.id, releaseNotes: changelogSpace.id };
export const siteId = portal.id;
export const siteUrl = portal.publishedUrl;
export const sectionIds = { guides: guidesSection.id, reference: referenceSection.id };
export const siteSpaceIds = { changelog: changelog.id, betaChangelog: betaChangelog.id };
export const openApiProcessingState = petstore.processingState;
