/**
 * Customization of a site, and a site space's override of it (the Customization object of API.md
 * 2.17; its operations: DESIGN.md 8). The provider keeps the object as the API gives it.
 */
import { apiPath } from "./paths";
import type { ApiRequester } from "./requester";
import { deleteIdempotent, getOrUndefined, patchChecked } from "./requests";

/** A customization object, kept as the API gives it: the provider passes its fields through. */
export type ApiCustomization = Record<string, unknown>;

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

/** The site's customization; undefined when the site is gone. */
export function getSiteCustomization(api: ApiRequester, organizationId: string, siteId: string): Promise<ApiCustomization | undefined> {
  return getOrUndefined<ApiCustomization>(api, siteCustomizationPath(organizationId, siteId));
}

/** The site space's effective customization (the site's with its override laid over it); undefined when it is gone. */
export function getSiteSpaceCustomization(api: ApiRequester, organizationId: string, siteId: string, siteSpaceId: string): Promise<ApiCustomization | undefined> {
  return getOrUndefined<ApiCustomization>(api, siteSpaceCustomizationPath(organizationId, siteId, siteSpaceId));
}

/** Replaces the site's whole customization object; the same PUT sent twice leaves the same object. */
export function replaceSiteCustomization(api: ApiRequester, organizationId: string, siteId: string, customization: ApiCustomization): Promise<ApiCustomization> {
  return api.request<ApiCustomization>("PUT", siteCustomizationPath(organizationId, siteId), { body: customization, idempotent: true });
}

/** Sets the site space's override (absolute values); answers the effective customization. */
export function updateSiteSpaceCustomization(api: ApiRequester, organizationId: string, siteId: string, siteSpaceId: string, body: ApiCustomization): Promise<ApiCustomization> {
  return patchChecked<ApiCustomization>(api, siteSpaceCustomizationPath(organizationId, siteId, siteSpaceId), body);
}

/** Drops the site space's override; a 404 (the site space or its site is gone, and the override with it) counts as done. */
export function deleteSiteSpaceCustomization(api: ApiRequester, organizationId: string, siteId: string, siteSpaceId: string): Promise<void> {
  return deleteIdempotent(api, siteSpaceCustomizationPath(organizationId, siteId, siteSpaceId));
}

/** The site's customization; a 404 is thrown like any other error. */
export function getSiteCustomizationOrThrow(api: ApiRequester, organizationId: string, siteId: string): Promise<ApiCustomization> {
  return api.request<ApiCustomization>("GET", siteCustomizationPath(organizationId, siteId));
}

/** The site space's effective customization; a 404 is thrown like any other error. */
export function getSiteSpaceCustomizationOrThrow(api: ApiRequester, organizationId: string, siteId: string, siteSpaceId: string): Promise<ApiCustomization> {
  return api.request<ApiCustomization>("GET", siteSpaceCustomizationPath(organizationId, siteId, siteSpaceId));
}
