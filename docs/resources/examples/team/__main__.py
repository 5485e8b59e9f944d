import pulumi
import pulumi_docs_platform as docs_platform

writers = docs_platform.Team("writers",
    title="Writers",
    members=["eli@acme.test"])
pulumi.export("teamId", writers.id)
