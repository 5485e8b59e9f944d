import pulumi
import pulumi_docs_platform as docs_platform

config = pulumi.Config()
globex_organization_id = config.require("globexOrganizationId")
writers = docs_platform.Team("writers", title="Writers")
globex_writers = docs_platform.Team("globexWriters",
    organization_id=globex_organization_id,
    title="Writers")
pulumi.export("writersTeam", writers.id)
pulumi.export("globexWritersTeam", globex_writers.id)
