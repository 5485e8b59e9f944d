/**
 * A small documentation setup whose stack config `variant` changes it in one way each, so a
 * preview of the variant against an `up` of `base` shows that kind of change (test/cli). The SAML
 * certificate comes from the secret config `certificate`.
 */
import * as pulumi from "@pulumi/pulumi";
import * as docs from "pulumi-docs-platform";

const config = new pulumi.Config();
const organizationId = config.require("organizationId");
const variant = config.require("variant");
const certificate = config.requireSecret("certificate");

const writers = new docs.Team("writers", {
  organizationId,
  title: variant === "update" ? "Technical writers" : variant === "error" ? "" : "Docs writers",
  members: variant === "members" ? ["usr-acme-editor", "usr-acme-reader"] : ["usr-acme-admin", "usr-acme-editor"],
});
new docs.SamlProvider("okta", { organizationId, label: "Okta", ssoURL: "https://acme.okta.example/sso", certificate, defaultTeam: writers.id, defaultRole: "read" });
if (variant !== "delete") {
  new docs.Collection("guides", {
    organizationId,
    title: "Guides",
    description: variant === "update" ? "How-to guides for every product, reviewed every quarter by the documentation team" : "How-to guides",
  });
  new docs.OpenApiSpec("petstore", { organizationId, slug: variant === "replace" ? "petstore-v2" : "petstore", source: { url: "https://specs.example.com/petstore.yaml" } });
}
new docs.Site("portal", { organizationId, title: "Developer portal", visibility: variant === "update" ? "share-link" : "public" });
