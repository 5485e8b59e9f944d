import * as pulumi from "@pulumi/pulumi";
import * as docs_platform from "@docs-platform/pulumi";

const petstore = new docs_platform.OpenApiSpec("petstore", {
    slug: "petstore",
    source: {
        url: "https://petstore3.swagger.io/api/v3/openapi.json",
    },
    visibility: "public",
    waitForProcessing: true,
});
export const processingState = petstore.processingState;
