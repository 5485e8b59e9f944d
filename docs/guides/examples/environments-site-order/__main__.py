import pulumi
import pulumi_docs_platform as docs_platform

config = pulumi.Config()
site_title = config.get("siteTitle")
if site_title is None:
    site_title = "Developer portal"
guides_space = docs_platform.Space("guidesSpace", title="Guides")
rest_space = docs_platform.Space("restSpace", title="REST API")
graphql_space = docs_platform.Space("graphqlSpace", title="GraphQL API")
site = docs_platform.Site("site", title=site_title)
guides = docs_platform.SiteSection("guides",
    site_id=site.id,
    space_id=guides_space.id,
    title="Guides")
apis = docs_platform.SiteSectionGroup("apis",
    site_id=site.id,
    title="APIs")
rest = docs_platform.SiteSection("rest",
    site_id=site.id,
    space_id=rest_space.id,
    title="REST",
    site_section_group_id=apis.id)
graphql = docs_platform.SiteSection("graphql",
    site_id=site.id,
    space_id=graphql_space.id,
    title="GraphQL",
    site_section_group_id=apis.id)
order = docs_platform.SiteStructure("order",
    site_id=site.id,
    root=[
        guides.id,
        apis.id,
    ],
    groups=[{
        "group_id": apis.id,
        "items": [
            rest.id,
            graphql.id,
        ],
    }],
    sections=[{
        "section_id": guides.id,
        "site_spaces": [guides.site_space_id],
    }])
pulumi.export("siteId", site.id)
