import * as pulumi from "@pulumi/pulumi";
import * as docs_platform from "@docs-platform/pulumi";

const guidesSpace = new docs_platform.Space("guidesSpace", {title: "Getting started"});
const portal = new docs_platform.Site("portal", {title: "Developer portal"});
const guides = new docs_platform.SiteSection("guides", {
    siteId: portal.id,
    spaceId: guidesSpace.id,
    title: "Guides",
    icon: "book-open",
    path: "guides",
});
export const sectionId = guides.id;
