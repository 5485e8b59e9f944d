import * as pulumi from "@pulumi/pulumi";
import * as docs_platform from "@docs-platform/pulumi";

const releaseNotes = new docs_platform.Space("releaseNotes", {title: "Release notes"});
const portal = new docs_platform.Site("portal", {title: "Developer portal"});
const changelog = new docs_platform.SiteSpace("changelog", {
    siteId: portal.id,
    spaceId: releaseNotes.id,
    path: "changelog",
});
const changelogLook = new docs_platform.SiteSpaceCustomization("changelogLook", {
    siteId: portal.id,
    siteSpaceId: changelog.id,
    title: "What's new",
});
