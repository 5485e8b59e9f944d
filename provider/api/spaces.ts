/** Spaces (API.md 2.6, 4.3; the organization's list and create: DESIGN.md 8). */
import type { Role } from "./roles";
import type { ApiMergeRules } from "./merge-rules";
import { apiPath } from "./paths";
import type { ApiRequester } from "./requester";
import { deleteIdempotent, getOrUndefined, listAll, patchChecked, type ReadContext, readThroughList } from "./requests";

export const EDIT_MODES = ["live", "locked"] as const;
export type EditMode = (typeof EDIT_MODES)[number];

/** Visibility values of a space; read only. */
export type SpaceVisibility = "public" | "unlisted" | "share-link" | "visitor-auth" | "in-collection" | "private";

export interface ApiSpace {
  id: string;
  title: string;
  emoji?: string;
  visibility?: SpaceVisibility;
  createdAt?: string;
  deletedAt?: string;
  editMode?: EditMode;
  mergeRules?: ApiMergeRules;
  urls?: { location?: string; app?: string; published?: string; public?: string; icon?: string };
  organization: string;
  parent?: string | null;
  language?: string | null;
  defaultLevel?: Role | null;
}

export const spacePath = apiPath(["GET", "PATCH", "DELETE"], (spaceId: string) => ["spaces", spaceId]);

/** Moves a space under another collection (or to the top level). */
export const spaceMovePath = apiPath(["POST"], (spaceId: string) => ["spaces", spaceId, "move"]);

/** Transfers a space to another organization. */
export const spaceTransferPath = apiPath(["POST"], (spaceId: string) => ["spaces", spaceId, "transfer"]);

/** The organization's spaces; a POST creates one. */
export const organizationSpacesPath = apiPath(["GET", "POST"], (organizationId: string) => ["orgs", organizationId, "spaces"]);

/** The organization's spaces, as the API lists them (deleted ones, with `deletedAt`, too). */
export function listSpaces(api: ApiRequester, organizationId: string): Promise<ApiSpace[]> {
  return listAll<ApiSpace>(api, organizationSpacesPath(organizationId));
}

/** One space as the API answers it (a deleted one with `deletedAt`); undefined when it is gone. */
export function getSpace(api: ApiRequester, spaceId: string): Promise<ApiSpace | undefined> {
  return getOrUndefined<ApiSpace>(api, spacePath(spaceId));
}

/** One space for a read: in a refresh or an import, from the organization's list every space shares (undefined when it is not in it). */
export function readSpaceThroughList(ctx: ReadContext, organizationId: string, spaceId: string): Promise<ApiSpace | undefined> {
  return readThroughList(ctx, organizationSpacesPath(organizationId), spaceId, () => getSpace(ctx.api, spaceId));
}

/** Creates a space in the organization; sent once: createOnce finds it when the outcome is unknown. */
export function createSpace(api: ApiRequester, organizationId: string, body: Record<string, unknown>): Promise<ApiSpace> {
  return api.request<ApiSpace>("POST", organizationSpacesPath(organizationId), { body });
}

/** Sets a space's values (absolute ones: a title, an edit mode). */
export function updateSpace(api: ApiRequester, spaceId: string, body: Record<string, unknown>): Promise<ApiSpace> {
  return patchChecked<ApiSpace>(api, spacePath(spaceId), body);
}

/** Moves a space into a collection (`null`: to the top level); a move also sets its position, so it is never re-sent blindly. */
export function moveSpace(api: ApiRequester, spaceId: string, parent: string | null): Promise<ApiSpace> {
  return api.request<ApiSpace>("POST", spaceMovePath(spaceId), { body: { parent } });
}

/** Transfers a space (same id) to another organization. */
export function transferSpace(api: ApiRequester, spaceId: string, organizationId: string): Promise<ApiSpace> {
  return api.request<ApiSpace>("POST", spaceTransferPath(spaceId), { body: { organization: organizationId } });
}

/** Deletes a space; one deleted already (restorable or not) counts as deleted. */
export function deleteSpace(api: ApiRequester, spaceId: string): Promise<void> {
  return deleteIdempotent(api, spacePath(spaceId));
}
