import pulumi
import pulumi_docs_platform as docs_platform

organization_var = docs_platform.get_organization()
pulumi.export("organizationTitle", organization_var.title)
pulumi.export("emailDomains", organization_var.email_domains)
