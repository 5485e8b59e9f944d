import * as pulumi from "@pulumi/pulumi";
import * as docs_platform from "@docs-platform/pulumi";

const guidesSpace = new docs_platform.Space("guidesSpace", {title: "Getting started"});
const releaseNotes = new docs_platform.Space("releaseNotes", {title: "Release notes"});
const portal = new docs_platform.Site("portal", {title: "Developer portal"});
const guides = new docs_platform.SiteSection("guides", {
    siteId: portal.id,
    spaceId: guidesSpace.id,
    title: "Guides",
});
const changelog = new docs_platform.SiteSpace("changelog", {
    siteId: portal.id,
    spaceId: releaseNotes.id,
    sectionId: guides.id,
    path: "changelog",
});
export const siteSpaceId = changelog.id;
