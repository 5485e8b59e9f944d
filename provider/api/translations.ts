/** Translations (API.md 2.15, 4.10). */
import type { Document } from "./document";
import { apiPath } from "./paths";
import type { ApiRequester } from "./requester";
import { getOrUndefined, listAll } from "./requests";

export interface ApiTranslation {
  id: string;
  status?: string;
  language: string;
  source?: { space: string; language: string };
  instructions?: Document;
  result?: { space?: string; revision?: string };
  stats?: Partial<{ runs: number; totalWords: number; totalPages: number; totalDuration: number; latestRunDuration: number; latestPages: number; latestWords: number }>;
  urls?: { location?: string };
  createdAt?: string;
  updatedAt?: string;
}

/** The organization's translations; a POST adds one. */
export const translationsPath = apiPath(["GET", "POST"], (organizationId: string) => ["orgs", organizationId, "translations"]);

/** One translation: a PUT sets its instructions. */
export const translationPath = apiPath(["GET", "PUT", "DELETE"], (organizationId: string, translationId: string) => ["orgs", organizationId, "translations", translationId]);

/** Runs a translation again. */
export const translationRunPath = apiPath(["POST"], (organizationId: string, translationId: string) => ["orgs", organizationId, "translations", translationId, "run"]);

/** The organization's translations. */
export function listTranslations(api: ApiRequester, organizationId: string): Promise<ApiTranslation[]> {
  return listAll<ApiTranslation>(api, translationsPath(organizationId));
}

/** One translation; undefined when it is gone. */
export function getTranslation(api: ApiRequester, organizationId: string, translationId: string): Promise<ApiTranslation | undefined> {
  return getOrUndefined<ApiTranslation>(api, translationPath(organizationId, translationId));
}
