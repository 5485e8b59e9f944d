import * as pulumi from "@pulumi/pulumi";
import * as docs_platform from "@docs-platform/pulumi";

const portal = new docs_platform.Site("portal", {
    title: "Developer portal",
    visibility: "public",
    agentsContext: "included",
    published: true,
});
export const siteId = portal.id;
