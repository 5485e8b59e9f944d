import pulumi
import pulumi_docs_platform as docs_platform

portal = docs_platform.Site("portal",
    title="Developer portal",
    visibility="public",
    agents_context="included",
    published=True)
pulumi.export("siteId", portal.id)
