import * as pulumi from "@pulumi/pulumi";
import * as docs_platform from "@docs-platform/pulumi";

const writers = new docs_platform.Team("writers", {
    title: "Writers",
    members: ["eli@acme.test"],
});
export const teamId = writers.id;
