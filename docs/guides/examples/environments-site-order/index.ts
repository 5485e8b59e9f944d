import * as pulumi from "@pulumi/pulumi";
import * as docs_platform from "@docs-platform/pulumi";

const config = new pulumi.Config();
const siteTitle = config.get("siteTitle") || "Developer portal";
const guidesSpace = new docs_platform.Space("guidesSpace", {title: "Guides"});
const restSpace = new docs_platform.Space("restSpace", {title: "REST API"});
const graphqlSpace = new docs_platform.Space("graphqlSpace", {title: "GraphQL API"});
const site = new docs_platform.Site("site", {title: siteTitle});
const guides = new docs_platform.SiteSection("guides", {
    siteId: site.id,
    spaceId: guidesSpace.id,
    title: "Guides",
});
const apis = new docs_platform.SiteSectionGroup("apis", {
    siteId: site.id,
    title: "APIs",
});
const rest = new docs_platform.SiteSection("rest", {
    siteId: site.id,
    spaceId: restSpace.id,
    title: "REST",
    siteSectionGroupId: apis.id,
});
const graphql = new docs_platform.SiteSection("graphql", {
    siteId: site.id,
    spaceId: graphqlSpace.id,
    title: "GraphQL",
    siteSectionGroupId: apis.id,
});
const order = new docs_platform.SiteStructure("order", {
    siteId: site.id,
    root: [
        guides.id,
        apis.id,
    ],
    groups: [{
        groupId: apis.id,
        items: [
            rest.id,
            graphql.id,
        ],
    }],
    sections: [{
        sectionId: guides.id,
        siteSpaces: [guides.siteSpaceId.apply(id => id!)],
    }],
});
export const siteId = site.id;
