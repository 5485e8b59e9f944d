import pulumi
import pulumi_docs_platform as docs_platform

guides_space = docs_platform.Space("guidesSpace", title="Getting started")
reference_space = docs_platform.Space("referenceSpace", title="API reference")
portal = docs_platform.Site("portal", title="Developer portal")
guides = docs_platform.SiteSection("guides",
    site_id=portal.id,
    space_id=guides_space.id,
    title="Guides")
api_group = docs_platform.SiteSectionGroup("apiGroup",
    site_id=portal.id,
    title="APIs")
reference = docs_platform.SiteSection("reference",
    site_id=portal.id,
    space_id=reference_space.id,
    title="Reference",
    site_section_group_id=api_group.id)
order = docs_platform.SiteStructure("order",
    site_id=portal.id,
    root=[
        guides.id,
        api_group.id,
    ],
    groups=[{
        "group_id": api_group.id,
        "items": [reference.id],
    }])
