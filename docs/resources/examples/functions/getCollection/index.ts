import * as pulumi from "@pulumi/pulumi";
import * as docs_platform from "@docs-platform/pulumi";

const guides = docs_platform.getCollection({
    title: "Guides",
});
export const collectionId = guides.then(guides => guides.id);
