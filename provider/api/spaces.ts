/** Spaces (API.md 2.6, 4.3; the organization's list and create: DESIGN.md 8). */
import type { Role } from "./roles";
import type { ApiMergeRules } from "./merge-rules";
import { apiPath } from "./paths";
import type { ApiRequester } from "./requester";
import { getOrUndefined, listAll } from "./requests";

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
