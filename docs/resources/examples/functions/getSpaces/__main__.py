import pulumi
import pulumi_docs_platform as docs_platform

all = docs_platform.get_spaces()
pulumi.export("spaces", all.spaces)
