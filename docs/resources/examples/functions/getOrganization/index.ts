import * as pulumi from "@pulumi/pulumi";
import * as docs_platform from "@docs-platform/pulumi";

const organizationVar = docs_platform.getOrganization({});
export const organizationTitle = organizationVar.then(organizationVar => organizationVar.title);
export const emailDomains = organizationVar.then(organizationVar => organizationVar.emailDomains);
