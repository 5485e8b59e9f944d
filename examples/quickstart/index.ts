/**
 * The quickstart: a realistic documentation setup for one organization.
 * `npm start` runs it against the local emulator's demo organization (settings in Pulumi.yaml);
 * point it at your own organization with `pulumi config set` (see the README).
 *
 * Every resource takes the stack's organization (`docs-platform:organizationId`), so none repeats
 * it; people are named by email, and lookups find the ids the program needs.
 */
import * as pulumi from "@pulumi/pulumi";
import * as docs from "pulumi-docs-platform";

interface People {
  admin: string;
  editor: string;
  reader: string;
}

const config = new pulumi.Config();
const people = config.requireObject<People>("people");

const settings = new docs.OrganizationSettings("organization", {
  title: "Acme Documentation",
  defaultRole: "read",
  inviteLinks: false,
  ai: true,
});

// Who holds which role: the reader may also comment. Members join the organization; this only
// manages the role (destroy leaves the member and the role as they are).
new docs.OrganizationMember("reader-role", { email: people.reader, role: "comment" });

// Teams: `members` is the whole membership...
const writers = new docs.Team("writers", { title: "Writers", members: [people.editor] });
const reviewers = new docs.Team("reviewers", { title: "Reviewers", members: [people.admin, people.reader] });
// ...or, on a team whose membership is managed elsewhere, one user at a time.
const translators = new docs.Team("translators", { title: "Translators" });
new docs.TeamMember("translators-lead", { teamId: translators.id, email: people.editor, role: "owner" });

const identityProvider = new docs.SamlProvider("okta", {
  label: "Okta",
  entityID: "http://www.okta.com/exk1acmedocs",
  ssoURL: "https://acme.okta.com/app/acme_docs/exk1acmedocs/sso/saml",
  certificate: "MIIDpDCCAoygAwIBAgIGAYx0acmedocsQuickstartCertificate",
  defaultTeam: reviewers.id,
  defaultRole: "read",
});

const productDocs = new docs.Collection("product-docs", {
  title: "Product documentation",
  description: "Everything customers read about the product.",
  defaultLevel: "read",
});
const tutorials = new docs.Collection("tutorials", { title: "Tutorials", parent: productDocs.id });

// The spaces that hold the content, in the collections; a deleted space can be restored for 7 days.
const guidesSpace = new docs.Space("getting-started", { title: "Getting started", emoji: "📘", parent: tutorials.id, defaultLevel: "read" });
// Changes to the API reference need the admin's review: a lookup turns the email into the user id
// merge rules take.
const apiReviewer = docs.getMemberOutput({ email: people.admin });
const apiSpace = new docs.Space("api-reference", {
  title: "API reference",
  emoji: "🧩",
  parent: productDocs.id,
  editMode: "locked",
  mergeRules: { type: "rules", rules: [{ rule: "require_specific_reviewers", users: [apiReviewer.id] }] },
});
const changelogSpace = new docs.Space("release-notes", { title: "Release notes", emoji: "📣", parent: productDocs.id });

// The guides in French; each new `runTrigger` value (a release, say) translates them once more.
const frenchGuides = new docs.Translation("guides-fr", {
  language: "fr",
  source: { space: guidesSpace.id, language: "en" },
  instructions: paragraphs("Keep product names, code and API field names in English.", "Address the reader as « vous »."),
  runTrigger: "release-2026-11",
});

// What the organization's AI agents are told (one document per organization).
new docs.AgentInstructions("agents", {
  instructions: paragraphs("Answer from the published documentation only.", "Link to the page an answer comes from."),
});

const portal = new docs.Site("portal", {
  title: "Developer portal",
  visibility: "public",
  agentsContext: "included",
  published: true,
});

const guidesSection = new docs.SiteSection("guides", {
  siteId: portal.id,
  spaceId: guidesSpace.id,
  title: "Guides",
  icon: "book-open",
  path: "guides",
});
// The first section created is the site's default: "Guides" goes first. The order visitors see is
// declared below (SiteStructure), whatever order Pulumi creates things in.
const apiGroup = new docs.SiteSectionGroup("api-group", { siteId: portal.id, title: "APIs", icon: "plug" });
const referenceSection = new docs.SiteSection(
  "reference",
  {
    siteId: portal.id,
    spaceId: apiSpace.id,
    title: "API reference",
    icon: "code",
    path: "reference",
    description: "Endpoints, payloads and errors.",
    siteSectionGroupId: apiGroup.id,
  },
  { dependsOn: [guidesSection] },
);

new docs.SiteStructure("order", {
  siteId: portal.id,
  root: [guidesSection.id, apiGroup.id],
  groups: [{ groupId: apiGroup.id, items: [referenceSection.id] }],
});

new docs.SiteCustomization("look", {
  siteId: portal.id,
  title: "Acme Developer Portal",
  styling: { primaryColor: { light: "#0b5fff", dark: "#6ea2ff" }, corners: "rounded" },
  announcement: { enabled: true, message: "The v3 API is in beta.", style: "info" },
});

const changelog = new docs.SiteSpace("changelog", {
  siteId: portal.id,
  spaceId: changelogSpace.id,
  sectionId: guidesSection.id,
  path: "changelog",
});
// Only visitors whose (unsigned) claims mark them as beta testers see the upcoming API changes.
const betaChangelog = new docs.SiteSpace("beta-changelog", {
  siteId: portal.id,
  spaceId: changelogSpace.id,
  sectionId: referenceSection.id,
  path: "upcoming",
  condition: "visitor.claims.unsigned.beta == true",
});

const petstore = new docs.OpenApiSpec("petstore", {
  slug: "petstore",
  source: { url: "https://petstore3.swagger.io/api/v3/openapi.json" },
  visibility: "public",
  waitForProcessing: true,
});

export const organizationTitle = settings.title;
export const teamIds = { writers: writers.id, reviewers: reviewers.id, translators: translators.id };
export const samlProviderId = identityProvider.id;
export const collectionIds = { productDocs: productDocs.id, tutorials: tutorials.id };
export const spaceIds = { gettingStarted: guidesSpace.id, apiReference: apiSpace.id, releaseNotes: changelogSpace.id };
export const siteId = portal.id;
export const siteUrl = portal.publishedUrl;
export const sectionIds = { guides: guidesSection.id, reference: referenceSection.id };
export const siteSpaceIds = { changelog: changelog.id, betaChangelog: betaChangelog.id };
export const openApiProcessingState = petstore.processingState;
export const translationId = frenchGuides.id;

/** A rich-text document of plain paragraphs. */
function paragraphs(...texts: string[]): docs.Document {
  return {
    object: "document",
    data: { schemaVersion: 1 },
    nodes: texts.map((text) => ({ object: "block", type: "paragraph", nodes: [{ object: "text", leaves: [{ object: "leaf", text }] }] })),
  };
}
