import * as pulumi from "@pulumi/pulumi";
import * as docs_platform from "@docs-platform/pulumi";

const config = new pulumi.Config();
const globexOrganizationId = config.require("globexOrganizationId");
const writers = new docs_platform.Team("writers", {title: "Writers"});
const globexWriters = new docs_platform.Team("globexWriters", {
    organizationId: globexOrganizationId,
    title: "Writers",
});
export const writersTeam = writers.id;
export const globexWritersTeam = globexWriters.id;
