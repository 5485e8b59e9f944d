import * as pulumi from "@pulumi/pulumi";
import * as docs_platform from "@docs-platform/pulumi";

const readerRole = new docs_platform.OrganizationMember("readerRole", {
    email: "rae@acme.test",
    role: "comment",
});
