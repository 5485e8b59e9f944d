import * as pulumi from "@pulumi/pulumi";
import * as docs_platform from "@docs-platform/pulumi";

const tutorials = new docs_platform.Collection("tutorials", {title: "Tutorials"});
const gettingStarted = new docs_platform.Space("gettingStarted", {
    title: "Getting started",
    emoji: "📘",
    parent: tutorials.id,
    defaultLevel: "read",
});
export const spaceId = gettingStarted.id;
