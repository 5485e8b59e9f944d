/**
 * An organization with objects of every kind, made through the API (never through the provider):
 * what the discovery tests list, query and turn into configuration. Teams one way each (one by
 * its members, one with an owner, so by TeamMembers), a SAML provider (its certificate a
 * secret), collections nested, a translation, the organization's agent instructions, an OpenAPI
 * spec, and two sites: one with section groups, sections, a site space besides its section's
 * default with its own customization, an adaptive schema; one with site spaces and no section.
 */
import { apiClient } from "../../e2e/support/api.ts";

export interface SeededOrganization {
  organizationId: string;
  /** The first site (sections, groups, customization, adaptive schema) and the second (site spaces only). */
  portalSiteId: string;
  partnersSiteId: string;
  teamIds: { writers: string; translators: string };
}

/** The SAML provider's certificate: a secret of the seeded organization. */
export const SAML_CERTIFICATE = "MIIC-seeded-certificate";

const paragraph = (text: string) => ({
  object: "document",
  data: { schemaVersion: 1 },
  nodes: [
    { object: "block", type: "paragraph", nodes: [{ object: "text", leaves: [{ object: "leaf", text, marks: [] }] }] },
  ],
});

/** Seeds `organizationId` (a fixture organization with the spaces spc-acme-guides, -api, -changelog) through `url` with an admin's `token`. */
export async function seedOrganization(
  url: string,
  token: string,
  organizationId: string,
): Promise<SeededOrganization> {
  const api = apiClient(url, token);
  const org = `/orgs/${organizationId}`;
  const writers = await api.put(`${org}/teams`, { title: "Writers", members: ["usr-acme-reader", "usr-acme-editor"] });
  const translators = await api.put(`${org}/teams`, { title: "Translators", members: [] });
  await api.put(`${org}/teams/${translators.id}/members/usr-acme-reader`, {});
  await api.put(`${org}/teams/${translators.id}/members/usr-acme-editor`, { role: "owner" });
  // A secret input: Terraform's generated configuration leaves it to the user (`null # sensitive`).
  await api.post(`${org}/saml`, {
    label: "Okta",
    entityID: "http://www.okta.com/exk1",
    ssoURL: "https://acme.okta.com/sso",
    certificate: SAML_CERTIFICATE,
    defaultRole: "read",
  });
  const product = await api.post(`${org}/collections`, {
    title: "Product documentation",
    description: "Everything customers read.",
  });
  await api.post(`${org}/collections`, { title: "Tutorials", parent: product.id });
  await api.post(`${org}/translations`, {
    language: "de",
    source: { space: "spc-acme-guides", language: "en" },
    instructions: paragraph("Formal register."),
  });
  await api.put(`${org}/agent-instructions`, { instructions: paragraph("Answer from the docs.") });
  await api.post(`${org}/openapi`, { slug: "petstore", source: { url: "https://example.com/petstore.yaml" } });

  const portal = await api.post(`${org}/sites`, { title: "Developer portal", visibility: "public" });
  const base = `${org}/sites/${portal.id}`;
  const apis = await api.post(`${base}/section-groups`, { title: "APIs", icon: "code" });
  const guides = await api.post(`${base}/sections`, { spaceId: "spc-acme-guides", title: "Guides" });
  const reference = await api.post(`${base}/sections`, { spaceId: "spc-acme-api", title: "Reference" });
  await api.patch(`${base}/sections/${reference.id}`, { siteSectionGroupId: apis.id });
  const changes = await api.post(`${base}/site-spaces`, { spaceId: "spc-acme-changelog", sectionId: guides.id });
  await api.patch(`${base}/site-spaces/${changes.id}`, { path: "changes" });
  await api.patch(`${base}/site-spaces/${changes.id}/customization`, { title: "Changes" });
  await api.put(`${base}/adaptive-schema`, {
    jsonSchema: {
      type: "object",
      properties: {
        unsigned: { type: "object", properties: { beta: { type: "boolean" } }, additionalProperties: false },
      },
      additionalProperties: false,
    },
  });
  const partners = await api.post(`${org}/sites`, { title: "Partner hub", visibility: "unlisted" });
  await api.post(`${org}/sites/${partners.id}/site-spaces`, { spaceId: "spc-acme-guides" });
  return {
    organizationId,
    portalSiteId: portal.id,
    partnersSiteId: partners.id,
    teamIds: { writers: writers.id, translators: translators.id },
  };
}
