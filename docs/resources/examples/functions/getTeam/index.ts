import * as pulumi from "@pulumi/pulumi";
import * as docs_platform from "@docs-platform/pulumi";

const writers = docs_platform.getTeam({
    title: "Writers",
});
export const teamId = writers.then(writers => writers.id);
export const memberCount = writers.then(writers => writers.memberCount);
