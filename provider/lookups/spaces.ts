/**
 * `getSpace` and `getSpaces`: spaces of an organization (listed with
 * `GET /v1/orgs/{org}/spaces`), by title, optionally within one collection.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { ApiRequester } from "../api/requester";
import { identifier } from "../adapter/check";
import type { Role } from "../api/roles";
import { compact } from "../adapter/values";
import { type LookupDefinition, type LookupInputs, lookupOutput, runLookup } from "./lookup";
import { exactlyOne, nearlyEqual } from "./match";
import { type ApiSpace, listSpaces } from "../api/spaces";

/** A space as the lookups return it: what a program passes to resources, with the API's field names. */
export interface GetSpaceResult {
  /** The space id, e.g. for `SiteSpace.spaceId` or `Site.spaces`. */
  id: string;
  title: string;
  emoji?: string;
  organizationId: string;
  /** Id of the collection holding the space; absent at the top level. */
  parent?: string;
  visibility?: string;
  editMode?: string;
  language?: string;
  defaultLevel?: Role | null;
  urls?: { location?: string; app?: string; published?: string; public?: string; icon?: string };
}

function resultOf(space: ApiSpace): GetSpaceResult {
  return compact({
    id: space.id,
    title: space.title,
    emoji: space.emoji,
    organizationId: space.organization,
    parent: space.parent ?? undefined,
    visibility: space.visibility,
    editMode: space.editMode,
    language: space.language ?? undefined,
    defaultLevel: space.defaultLevel,
    urls: space.urls,
  });
}

/** The organization's live spaces (a deleted one stays listed while restorable; it is not a match). */
async function spacesOf(api: ApiRequester, organizationId: string): Promise<ApiSpace[]> {
  const spaces = await listSpaces(api, organizationId);
  return spaces.filter((space) => !space.deletedAt);
}

const where = (space: ApiSpace) => (space.parent ? `in collection ${space.parent}` : "at the top level");

export interface GetSpaceArgs {
  /** The space's exact title (case and spaces count). Example: `"Guides"`. */
  title: string;
  /**
   * Id of the collection to search; leave out to search the whole organization (any collection
   * or the top level). Example: `"col_products"`.
   */
  parent?: string;
  /** The organization to search. Defaults to the stack's `docs-platform:organizationId`. */
  organizationId?: string;
}

const describeSpace = (args: GetSpaceArgs, organizationId: string) =>
  `titled ${JSON.stringify(args.title)}${args.parent ? ` in collection ${args.parent}` : ""} in organization ${organizationId}`;

const getSpaceArgs = z.strictObject({ title: z.string().min(1, "must not be empty"), parent: identifier().optional(), organizationId: identifier().optional() });

export const getSpaceLookup: LookupDefinition<GetSpaceArgs, GetSpaceResult> = {
  name: "getSpace",
  schema: getSpaceArgs,
  inOrganization: true,
  describe: describeSpace,
  async run(api, args, organizationId) {
    const all = await spacesOf(api, organizationId);
    const inScope = all.filter((space) => args.parent === undefined || space.parent === args.parent);
    const found = exactlyOne({
      lookup: "getSpace",
      noun: ["space", "spaces"],
      criteria: describeSpace(args, organizationId),
      searched: inScope,
      matches: inScope.filter((space) => space.title === args.title),
      near: inScope.filter((space) => nearlyEqual(space.title, args.title)),
      id: (space) => space.id,
      show: (space) => `${space.id} ${JSON.stringify(space.title)} ${where(space)}`,
      narrow: args.parent === undefined ? "Give `parent` to search one collection, or use the space's id." : "Use the space's id.",
    });
    return resultOf(found);
  },
};

/**
 * Finds one space by its exact title, in the whole organization or in one collection, reading
 * every page of the organization's spaces. Fails with a {@link LookupError} when none or several
 * match (the message lists them with their collections).
 *
 * @example
 * const guides = await docs.getSpace({ title: "Guides" });
 * new docs.Site("portal", { title: "Portal", spaces: [guides.id] });
 * @example
 * // Within a collection, in another organization than the stack's:
 * const api = await docs.getSpace({ title: "API", parent: products.id, organizationId: "org_globex" });
 */
export function getSpace(args: GetSpaceArgs): Promise<GetSpaceResult> {
  return runLookup(getSpaceLookup, args);
}

/**
 * {@link getSpace} taking Outputs and returning an Output, for arguments that come from resources
 * or other lookups.
 *
 * @example
 * new docs.SiteSection("reference", { siteId: site.id, spaceId: docs.getSpaceOutput({ title: "API", parent: products.id }).id });
 */
export function getSpaceOutput(args: LookupInputs<GetSpaceArgs>): pulumi.Output<GetSpaceResult> {
  return lookupOutput(getSpace, args);
}

export interface GetSpacesArgs {
  /** Only the spaces of this collection (not those of its sub-collections). Example: `"col_products"`. */
  parent?: string;
  /** The organization to list. Defaults to the stack's `docs-platform:organizationId`. */
  organizationId?: string;
}

const getSpacesArgs = z.strictObject({ parent: identifier().optional(), organizationId: identifier().optional() });

export const getSpacesLookup: LookupDefinition<GetSpacesArgs, GetSpaceResult[]> = {
  name: "getSpaces",
  schema: getSpacesArgs,
  inOrganization: true,
  describe: (args, organizationId) => `${args.parent ? `in collection ${args.parent} ` : ""}in organization ${organizationId}`,
  async run(api, args, organizationId) {
    const all = await spacesOf(api, organizationId);
    return all.filter((space) => args.parent === undefined || space.parent === args.parent).map(resultOf);
  },
};

/**
 * Every space of the organization (every page), or of one collection; deleted spaces are left out.
 * An empty list is not an error.
 *
 * @example
 * const spaces = await docs.getSpaces();
 * new docs.Site("everything", { title: "Everything", spaces: spaces.map((space) => space.id) });
 */
export function getSpaces(args: GetSpacesArgs = {}): Promise<GetSpaceResult[]> {
  return runLookup(getSpacesLookup, args);
}

/** {@link getSpaces} taking Outputs and returning an Output. */
export function getSpacesOutput(args: LookupInputs<GetSpacesArgs> = {}): pulumi.Output<GetSpaceResult[]> {
  return lookupOutput(getSpaces, args);
}
