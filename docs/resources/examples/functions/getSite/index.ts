import * as pulumi from "@pulumi/pulumi";
import * as docs_platform from "@docs-platform/pulumi";

const portal = docs_platform.getSite({
    title: "Developer portal",
});
export const siteId = portal.then(portal => portal.id);
