import * as pulumi from "@pulumi/pulumi";
import * as docs_platform from "@docs-platform/pulumi";

const config = new pulumi.Config();
const editorsTeamId = config.require("editorsTeamId");
const editors = new docs_platform.Team("editors", {
    title: "Editors",
    adopt: {
        id: editorsTeamId,
    },
});
const playbooks = new docs_platform.Collection("playbooks", {
    title: "Playbooks",
    adopt: true,
});
export const editorsTeam = editors.id;
export const playbooksCollection = playbooks.id;
