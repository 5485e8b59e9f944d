import pulumi
import pulumi_docs_platform as docs_platform

reader_role = docs_platform.OrganizationMember("readerRole",
    email="rae@acme.test",
    role="comment")
