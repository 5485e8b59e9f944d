import pulumi
import pulumi_docs_platform as docs_platform

admins_var = docs_platform.get_members(role="admin")
pulumi.export("admins", admins_var.members)
