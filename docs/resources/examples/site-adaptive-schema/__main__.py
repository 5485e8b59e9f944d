import pulumi
import pulumi_docs_platform as docs_platform

portal = docs_platform.Site("portal", title="Developer portal")
visitors = docs_platform.SiteAdaptiveSchema("visitors",
    site_id=portal.id,
    json_schema={
        "type": "object",
        "properties": {
            "unsigned": {
                "type": "object",
                "properties": {
                    "beta": {
                        "type": "boolean",
                    },
                },
                "additional_properties": False,
            },
        },
        "additional_properties": False,
    })
