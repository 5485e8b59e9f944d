import * as pulumi from "@pulumi/pulumi";
import * as docs_platform from "@docs-platform/pulumi";

const adminsVar = docs_platform.getMembers({
    role: "admin",
});
export const admins = adminsVar.then(adminsVar => adminsVar.members);
