import pulumi
import pulumi_docs_platform as docs_platform

portal = docs_platform.get_site(title="Developer portal")
pulumi.export("siteId", portal.id)
