/** A site's adaptive schema (API.md 2.17, 4.12). */
import { apiPath } from "./paths";

export interface ApiAdaptiveSchema {
  jsonSchema: Record<string, unknown>;
  updatedAt?: string;
}

/** A GET answers 404 when the site has none; a PUT sets it. */
export const adaptiveSchemaPath = apiPath(["GET", "PUT"], (organizationId: string, siteId: string) => ["orgs", organizationId, "sites", siteId, "adaptive-schema"]);
