import pulumi
import pulumi_docs_platform as docs_platform

settings = docs_platform.OrganizationSettings("settings",
    title="Acme Documentation",
    default_role="read",
    invite_links=False,
    ai=True)
pulumi.export("title", settings.title)
