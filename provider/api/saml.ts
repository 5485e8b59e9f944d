/** SAML single sign-on providers (API.md 2.14, 4.9). */
import type { Role } from "./roles";
import { apiPath } from "./paths";

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
