/**
 * Customization of a site, and a site space's override of it (the Customization object of API.md
 * 2.17; its operations: DESIGN.md 8). The provider keeps the object as the API gives it.
 */
import { apiPath } from "./paths";

/** A PUT replaces the whole object. */
export const siteCustomizationPath = apiPath(["GET", "PUT"], (organizationId: string, siteId: string) => ["orgs", organizationId, "sites", siteId, "customization"]);

/** A GET reads the effective customization, a PATCH sets the override, a DELETE drops it. */
export const siteSpaceCustomizationPath = apiPath(["GET", "PATCH", "DELETE"], (organizationId: string, siteId: string, siteSpaceId: string) => [
  "orgs",
  organizationId,
  "sites",
  siteId,
  "site-spaces",
  siteSpaceId,
  "customization",
]);
