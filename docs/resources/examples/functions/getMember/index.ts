import * as pulumi from "@pulumi/pulumi";
import * as docs_platform from "@docs-platform/pulumi";

const ada = docs_platform.getMember({
    email: "ada@acme.test",
});
export const adaUserId = ada.then(ada => ada.id);
export const adaRole = ada.then(ada => ada.role);
