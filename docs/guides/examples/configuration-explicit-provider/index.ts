import * as pulumi from "@pulumi/pulumi";
import * as docs_platform from "@docs-platform/pulumi";

const config = new pulumi.Config();
const globexApiUrl = config.require("globexApiUrl");
const globexToken = config.requireSecret("globexToken");
const globexOrganizationId = config.require("globexOrganizationId");
const globex = new docs_platform.Provider("globex", {
    apiUrl: globexApiUrl,
    token: globexToken,
    organizationId: globexOrganizationId,
    maxConcurrentRequests: 2,
});
const support = new docs_platform.Team("support", {title: "Support"}, {
    provider: globex,
});
export const supportTeam = support.id;
