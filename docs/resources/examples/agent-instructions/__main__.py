import pulumi
import pulumi_docs_platform as docs_platform

agents = docs_platform.AgentInstructions("agents", instructions={
    "object": "document",
    "data": {
        "schema_version": float(1),
    },
    "nodes": [
        {
            "object": "block",
            "type": "paragraph",
            "nodes": [{
                "object": "text",
                "leaves": [{
                    "object": "leaf",
                    "text": "Answer from the published documentation only.",
                }],
            }],
        },
        {
            "object": "block",
            "type": "paragraph",
            "nodes": [{
                "object": "text",
                "leaves": [{
                    "object": "leaf",
                    "text": "Link to the page an answer comes from.",
                }],
            }],
        },
    ],
})
