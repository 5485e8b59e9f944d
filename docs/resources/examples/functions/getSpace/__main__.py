import pulumi
import pulumi_docs_platform as docs_platform

guides = docs_platform.get_space(title="Getting started")
pulumi.export("spaceId", guides.id)
