import * as pulumi from "@pulumi/pulumi";
import * as docs_platform from "@docs-platform/pulumi";

const guides = docs_platform.getSpace({
    title: "Getting started",
});
export const spaceId = guides.then(guides => guides.id);
