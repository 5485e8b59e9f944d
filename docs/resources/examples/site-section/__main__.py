import pulumi
import pulumi_docs_platform as docs_platform

guides_space = docs_platform.Space("guidesSpace", title="Getting started")
portal = docs_platform.Site("portal", title="Developer portal")
guides = docs_platform.SiteSection("guides",
    site_id=portal.id,
    space_id=guides_space.id,
    title="Guides",
    icon="book-open",
    path="guides")
pulumi.export("sectionId", guides.id)
