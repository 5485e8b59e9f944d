/** Translations (API.md 2.15, 4.10). */
import type { Document } from "./document";
import { apiPath } from "./paths";
import type { ApiRequester } from "./requester";
import { deleteIdempotent, getOrUndefined, listAll, type ReadContext, readThroughList } from "./requests";

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

/** One translation for a read: in a refresh or an import, from the organization's list every translation shares. */
export function readTranslationThroughList(ctx: ReadContext, organizationId: string, translationId: string): Promise<ApiTranslation | undefined> {
  return readThroughList(ctx, translationsPath(organizationId), translationId, () => getTranslation(ctx.api, organizationId, translationId));
}

/** Adds a translation; a POST makes a new one each time it is sent, so it is never re-sent blindly (createOnce finds it). */
export function createTranslation(api: ApiRequester, organizationId: string, body: Record<string, unknown>): Promise<ApiTranslation> {
  return api.request<ApiTranslation>("POST", translationsPath(organizationId), { body, idempotent: false });
}

/** Sets a translation's values (its instructions, the whole document): sending it twice leaves the same translation. */
export function updateTranslation(api: ApiRequester, organizationId: string, translationId: string, body: Record<string, unknown>): Promise<ApiTranslation> {
  return api.request<ApiTranslation>("PUT", translationPath(organizationId, translationId), { body, idempotent: true });
}

/** Runs a translation again; each request is one more run, so it is never re-sent blindly (the caller settles an unknown outcome by the run counter). */
export function runTranslation(api: ApiRequester, organizationId: string, translationId: string): Promise<unknown> {
  return api.request<unknown>("POST", translationRunPath(organizationId, translationId), { idempotent: false });
}

/** Deletes a translation; one already gone counts as deleted. */
export function deleteTranslation(api: ApiRequester, organizationId: string, translationId: string): Promise<void> {
  return deleteIdempotent(api, translationPath(organizationId, translationId));
}
