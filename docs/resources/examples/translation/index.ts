import * as pulumi from "@pulumi/pulumi";
import * as docs_platform from "@docs-platform/pulumi";

const guidesSpace = new docs_platform.Space("guidesSpace", {title: "Getting started"});
const frenchGuides = new docs_platform.Translation("frenchGuides", {
    language: "fr",
    source: {
        space: guidesSpace.id,
        language: "en",
    },
    runTrigger: "release-2026-11",
});
export const translationId = frenchGuides.id;
