import * as pulumi from "@pulumi/pulumi";
import * as docs_platform from "@docs-platform/pulumi";

const translators = new docs_platform.Team("translators", {title: "Translators"});
const translatorsLead = new docs_platform.TeamMember("translatorsLead", {
    teamId: translators.id,
    email: "eli@acme.test",
    role: "owner",
});
