import * as pulumi from "@pulumi/pulumi";
import * as docs_platform from "@docs-platform/pulumi";

const portal = new docs_platform.Site("portal", {title: "Developer portal"});
const visitors = new docs_platform.SiteAdaptiveSchema("visitors", {
    siteId: portal.id,
    jsonSchema: {
        type: "object",
        properties: {
            unsigned: {
                type: "object",
                properties: {
                    beta: {
                        type: "boolean",
                    },
                },
                additionalProperties: false,
            },
        },
        additionalProperties: false,
    },
});
