import * as pulumi from "@pulumi/pulumi";
import * as docs_platform from "@docs-platform/pulumi";

const all = docs_platform.getSpaces({});
export const spaces = all.then(all => all.spaces);
