/** SAML single sign-on providers (API.md 2.14, 4.9). */
import type { Role } from "./roles";
import { apiPath } from "./paths";
import type { ApiRequester } from "./requester";
import { deleteIdempotent, getOrUndefined, listAll, patchChecked, type ReadContext, readThroughList } from "./requests";

export interface ApiSamlProvider {
  id: string;
  label: string;
  entityID?: string;
  certificate?: string;
  ssoURL?: string;
  defaultTeam?: { id: string } | null;
  defaultRole?: Role | null;
  status?: string;
  /** The service-provider side of the setup, to enter in the identity provider. */
  service?: { acsURL: string; startURL: string; entityID: string };
  urls?: { location?: string };
  createdAt?: string;
}

export const samlProvidersPath = apiPath(["GET", "POST"], (organizationId: string) => ["orgs", organizationId, "saml"]);

export const samlProviderPath = apiPath(["GET", "PATCH", "DELETE"], (organizationId: string, samlProviderId: string) => ["orgs", organizationId, "saml", samlProviderId]);

/** The organization's SAML providers. */
export function listSamlProviders(api: ApiRequester, organizationId: string): Promise<ApiSamlProvider[]> {
  return listAll<ApiSamlProvider>(api, samlProvidersPath(organizationId));
}

/** One SAML provider; undefined when it is gone. */
export function getSamlProvider(api: ApiRequester, organizationId: string, samlProviderId: string): Promise<ApiSamlProvider | undefined> {
  return getOrUndefined<ApiSamlProvider>(api, samlProviderPath(organizationId, samlProviderId));
}

/** One SAML provider for a read: in a refresh, from the organization's list every provider shares. */
export function readSamlProviderThroughList(ctx: ReadContext, organizationId: string, samlProviderId: string): Promise<ApiSamlProvider | undefined> {
  return readThroughList(ctx, samlProvidersPath(organizationId), samlProviderId, () => getSamlProvider(ctx.api, organizationId, samlProviderId));
}

/** Adds a SAML provider to the organization; sent once: createOnce finds it when the outcome is unknown. */
export function createSamlProvider(api: ApiRequester, organizationId: string, body: Record<string, unknown>): Promise<ApiSamlProvider> {
  return api.request<ApiSamlProvider>("POST", samlProvidersPath(organizationId), { body });
}

/** Sets a SAML provider's values (absolute ones: a label, a certificate). */
export function updateSamlProvider(api: ApiRequester, organizationId: string, samlProviderId: string, body: Record<string, unknown>): Promise<ApiSamlProvider> {
  return patchChecked<ApiSamlProvider>(api, samlProviderPath(organizationId, samlProviderId), body);
}

/** Deletes a SAML provider; one already gone counts as deleted. */
export function deleteSamlProvider(api: ApiRequester, organizationId: string, samlProviderId: string): Promise<void> {
  return deleteIdempotent(api, samlProviderPath(organizationId, samlProviderId));
}
