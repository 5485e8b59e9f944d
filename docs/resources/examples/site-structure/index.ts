import * as pulumi from "@pulumi/pulumi";
import * as docs_platform from "@docs-platform/pulumi";

const guidesSpace = new docs_platform.Space("guidesSpace", {title: "Getting started"});
const referenceSpace = new docs_platform.Space("referenceSpace", {title: "API reference"});
const portal = new docs_platform.Site("portal", {title: "Developer portal"});
const guides = new docs_platform.SiteSection("guides", {
    siteId: portal.id,
    spaceId: guidesSpace.id,
    title: "Guides",
});
const apiGroup = new docs_platform.SiteSectionGroup("apiGroup", {
    siteId: portal.id,
    title: "APIs",
});
const reference = new docs_platform.SiteSection("reference", {
    siteId: portal.id,
    spaceId: referenceSpace.id,
    title: "Reference",
    siteSectionGroupId: apiGroup.id,
});
const order = new docs_platform.SiteStructure("order", {
    siteId: portal.id,
    root: [
        guides.id,
        apiGroup.id,
    ],
    groups: [{
        groupId: apiGroup.id,
        items: [reference.id],
    }],
});
