/** OpenAPI specifications (API.md 2.18, 4.14). */
import { apiPath } from "./paths";

export interface ApiOpenApiSpec {
  id: string;
  slug: string;
  sourceURL: string;
  processingState: string;
  visibility?: string;
  lastVersion?: string;
  lastProcessedAt?: string;
  lastProcessErrorCode?: string;
  lastProcessedErrors?: { message: string; code?: string }[];
  createdAt?: string;
  updatedAt?: string;
  urls?: { location?: string; app?: string; published?: string };
}

/** The organization's specs; a POST adds one. */
export const openApiSpecsPath = apiPath(["GET", "POST"], (organizationId: string) => ["orgs", organizationId, "openapi"]);

/** One spec, by its slug: a PUT replaces its source, a PATCH sets its visibility. */
export const openApiSpecPath = apiPath(["GET", "PUT", "PATCH", "DELETE"], (organizationId: string, specSlug: string) => ["orgs", organizationId, "openapi", specSlug]);
