import pulumi
import pulumi_docs_platform as docs_platform

release_notes = docs_platform.Space("releaseNotes", title="Release notes")
portal = docs_platform.Site("portal", title="Developer portal")
changelog = docs_platform.SiteSpace("changelog",
    site_id=portal.id,
    space_id=release_notes.id,
    path="changelog")
changelog_look = docs_platform.SiteSpaceCustomization("changelogLook",
    site_id=portal.id,
    site_space_id=changelog.id,
    title="What's new")
