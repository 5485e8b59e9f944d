import pulumi
import pulumi_docs_platform as docs_platform

portal = docs_platform.Site("portal", title="Developer portal")
api_group = docs_platform.SiteSectionGroup("apiGroup",
    site_id=portal.id,
    title="APIs",
    icon="plug")
pulumi.export("groupId", api_group.id)
