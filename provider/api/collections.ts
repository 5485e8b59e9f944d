/** Collections (API.md 2.16, 4.11). */
import type { Role } from "./roles";
import { apiPath } from "./paths";

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
