/** Collections (API.md 2.16, 4.11). */
import type { Role } from "./roles";
import { apiPath } from "./paths";
import type { ApiRequester } from "./requester";
import { deleteIdempotent, getOrUndefined, listAll, patchChecked, type ReadContext, readThroughList } from "./requests";

export interface ApiCollection {
  id: string;
  title: string;
  description?: string;
  organization: string;
  parent?: string | null;
  defaultLevel?: Role | null;
  urls?: { location?: string; app?: string };
}

export const collectionPath = apiPath(["GET", "PATCH", "DELETE"], (collectionId: string) => ["collections", collectionId]);

/** Moves a collection under another parent. */
export const collectionMovePath = apiPath(["POST"], (collectionId: string) => ["collections", collectionId, "move"]);

/** Transfers a collection to another organization. */
export const collectionTransferPath = apiPath(["POST"], (collectionId: string) => ["collections", collectionId, "transfer"]);

/** The organization's collections (nested ones too with `nested: true`); a POST creates one. */
export const organizationCollectionsPath = apiPath(["GET", "POST"], (organizationId: string) => ["orgs", organizationId, "collections"]);

/** The organization's collections, nested ones included. */
export function listCollections(api: ApiRequester, organizationId: string): Promise<ApiCollection[]> {
  return listAll<ApiCollection>(api, organizationCollectionsPath(organizationId), { nested: true });
}

/** One collection; undefined when it is gone (or not visible). */
export function getCollection(api: ApiRequester, collectionId: string): Promise<ApiCollection | undefined> {
  return getOrUndefined<ApiCollection>(api, collectionPath(collectionId));
}

/**
 * One collection of the organization for a read: in a refresh, from the organization's list
 * (nested ones included) every collection shares. Undefined when the list does not hold it, which
 * may mean it moved to another organization: {@link getCollection} says.
 */
export function readCollectionThroughList(ctx: ReadContext, organizationId: string, collectionId: string): Promise<ApiCollection | undefined> {
  return readThroughList<ApiCollection>(ctx, organizationCollectionsPath(organizationId), collectionId, () => getCollection(ctx.api, collectionId), { query: { nested: true } });
}

/** Creates a collection in the organization; sent once: createOnce finds it when the outcome is unknown. */
export function createCollection(api: ApiRequester, organizationId: string, body: Record<string, unknown>): Promise<ApiCollection> {
  return api.request<ApiCollection>("POST", organizationCollectionsPath(organizationId), { body });
}

/** Sets a collection's values (absolute ones: a title, a description). */
export function updateCollection(api: ApiRequester, collectionId: string, body: Record<string, unknown>): Promise<ApiCollection> {
  return patchChecked<ApiCollection>(api, collectionPath(collectionId), body);
}

/** Moves a collection under another parent (`null`: to the top level); a move also sets its position, so it is never re-sent blindly. */
export function moveCollection(api: ApiRequester, collectionId: string, parent: string | null): Promise<ApiCollection> {
  return api.request<ApiCollection>("POST", collectionMovePath(collectionId), { body: { parent } });
}

/** Transfers a collection (same id, with its sub-collections and spaces) to another organization. */
export function transferCollection(api: ApiRequester, collectionId: string, organizationId: string): Promise<ApiCollection> {
  return api.request<ApiCollection>("POST", collectionTransferPath(collectionId), { body: { organization: organizationId } });
}

/** Deletes a collection; one already gone counts as deleted. */
export function deleteCollection(api: ApiRequester, collectionId: string): Promise<void> {
  return deleteIdempotent(api, collectionPath(collectionId));
}
