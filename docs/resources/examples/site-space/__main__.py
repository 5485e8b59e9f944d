import pulumi
import pulumi_docs_platform as docs_platform

guides_space = docs_platform.Space("guidesSpace", title="Getting started")
release_notes = docs_platform.Space("releaseNotes", title="Release notes")
portal = docs_platform.Site("portal", title="Developer portal")
guides = docs_platform.SiteSection("guides",
    site_id=portal.id,
    space_id=guides_space.id,
    title="Guides")
changelog = docs_platform.SiteSpace("changelog",
    site_id=portal.id,
    space_id=release_notes.id,
    section_id=guides.id,
    path="changelog")
pulumi.export("siteSpaceId", changelog.id)
