import * as pulumi from "@pulumi/pulumi";
import * as docs_platform from "@docs-platform/pulumi";

const config = new pulumi.Config();
const writersTeamId = config.require("writersTeamId");
const writers = new docs_platform.Team("writers", {
    title: "Writers",
    adopt: {
        id: writersTeamId,
    },
});
const handbook = new docs_platform.Collection("handbook", {
    title: "Handbook",
    adopt: true,
});
export const writersTeam = writers.id;
export const handbookCollection = handbook.id;
