import pulumi
import pulumi_docs_platform as docs_platform

organization_var = docs_platform.get_organization()
writers = docs_platform.Team("writers", title="Writers")
handbook = docs_platform.Collection("handbook",
    title="Handbook",
    description="How we work")
onboarding = docs_platform.Space("onboarding",
    title="Onboarding",
    parent=handbook.id)
handbook_site = docs_platform.Site("handbookSite",
    title="Handbook",
    visibility="unlisted")
onboarding_section = docs_platform.SiteSection("onboardingSection",
    site_id=handbook_site.id,
    space_id=onboarding.id,
    title="Onboarding")
pulumi.export("organizationTitle", organization_var.title)
pulumi.export("writersTeam", writers.id)
pulumi.export("siteId", handbook_site.id)
