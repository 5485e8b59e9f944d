import * as pulumi from "@pulumi/pulumi";
import * as docs_platform from "@docs-platform/pulumi";

const productDocs = new docs_platform.Collection("productDocs", {
    title: "Product documentation",
    description: "Everything customers read about the product.",
    defaultLevel: "read",
});
const tutorials = new docs_platform.Collection("tutorials", {
    title: "Tutorials",
    parent: productDocs.id,
});
export const productDocsId = productDocs.id;
