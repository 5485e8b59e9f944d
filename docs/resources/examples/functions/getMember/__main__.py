import pulumi
import pulumi_docs_platform as docs_platform

ada = docs_platform.get_member(email="ada@acme.test")
pulumi.export("adaUserId", ada.id)
pulumi.export("adaRole", ada.role)
