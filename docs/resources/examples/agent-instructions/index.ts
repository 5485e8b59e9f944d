import * as pulumi from "@pulumi/pulumi";
import * as docs_platform from "@docs-platform/pulumi";

const agents = new docs_platform.AgentInstructions("agents", {instructions: {
    object: "document",
    data: {
        schemaVersion: 1,
    },
    nodes: [
        {
            object: "block",
            type: "paragraph",
            nodes: [{
                object: "text",
                leaves: [{
                    object: "leaf",
                    text: "Answer from the published documentation only.",
                }],
            }],
        },
        {
            object: "block",
            type: "paragraph",
            nodes: [{
                object: "text",
                leaves: [{
                    object: "leaf",
                    text: "Link to the page an answer comes from.",
                }],
            }],
        },
    ],
}});
