import pulumi
import pulumi_docs_platform as docs_platform

config = pulumi.Config()
editors_team_id = config.require("editorsTeamId")
editors = docs_platform.Team("editors",
    title="Editors",
    adopt={
        "id": editors_team_id,
    })
playbooks = docs_platform.Collection("playbooks",
    title="Playbooks",
    adopt=True)
pulumi.export("editorsTeam", editors.id)
pulumi.export("playbooksCollection", playbooks.id)
