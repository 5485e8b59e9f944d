import * as pulumi from "@pulumi/pulumi";
import * as docs_platform from "@docs-platform/pulumi";

const settings = new docs_platform.OrganizationSettings("settings", {
    title: "Acme Documentation",
    defaultRole: "read",
    inviteLinks: false,
    ai: true,
});
export const title = settings.title;
