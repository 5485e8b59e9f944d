import * as pulumi from "@pulumi/pulumi";
import * as docs_platform from "@docs-platform/pulumi";

const portal = new docs_platform.Site("portal", {title: "Developer portal"});
const apiGroup = new docs_platform.SiteSectionGroup("apiGroup", {
    siteId: portal.id,
    title: "APIs",
    icon: "plug",
});
export const groupId = apiGroup.id;
