import pulumi
import pulumi_docs_platform as docs_platform

config = pulumi.Config()
writers_team_id = config.require("writersTeamId")
writers = docs_platform.Team("writers",
    title="Writers",
    adopt={
        "id": writers_team_id,
    })
handbook = docs_platform.Collection("handbook",
    title="Handbook",
    adopt=True)
pulumi.export("writersTeam", writers.id)
pulumi.export("handbookCollection", handbook.id)
