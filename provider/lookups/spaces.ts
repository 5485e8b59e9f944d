/**
 * `getSpace` and `getSpaces`: spaces of an organization (listed with
 * `GET /v1/orgs/{org}/spaces`), by title, optionally within one collection.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { ApiRequester } from "../api/requester";
import { identifier } from "../adapter/check";
import { roleEnum } from "../domain/roles";
import { compact } from "../adapter/values";
import { type LookupDefinition, type LookupInputs, lookupOutput, runLookup } from "./lookup";
import { exactlyOne, nearlyEqual } from "./match";
import { type ApiSpace, listSpaces } from "../api/spaces";
import { fromApi } from "../resources/space";

export const getSpaceResult = z
  .object({
    id: z.string().meta({ description: "The space id, e.g. for `SiteSpace.spaceId` or `Site.spaces`." }),
    title: z.string(),
    emoji: z.string().optional(),
    organizationId: z.string(),
    parent: z.string().optional().meta({ description: "Id of the collection holding the space; absent at the top level." }),
    visibility: z.string().optional(),
    editMode: z.string().optional(),
    language: z.string().optional(),
    defaultLevel: roleEnum.nullable().optional(),
    urls: z
      .object({ location: z.string().optional(), app: z.string().optional(), published: z.string().optional(), public: z.string().optional(), icon: z.string().optional() })
      .optional(),
  })
  .meta({ typeName: "GetSpaceResult", description: "A space as the lookups return it: what a program passes to resources, with the API's field names." });

/**
 * The result: the fields it declares of the state a Space resource holds for the space (its
 * `fromApi`), and its id. By hand: an unset language is left out (the result's language is a
 * string, where the resource's input reads null).
 */
function resultOf(space: ApiSpace): GetSpaceResult {
  const state: Record<string, unknown> = { ...fromApi(space), id: space.id };
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(getSpaceResult.shape)) result[key] = state[key];
  return compact({ ...result, language: state.language ?? undefined }) as GetSpaceResult;
}

/** The organization's live spaces (a deleted one stays listed while restorable; it is not a match). */
async function spacesOf(api: ApiRequester, organizationId: string): Promise<ApiSpace[]> {
  const spaces = await listSpaces(api, organizationId);
  return spaces.filter((space) => !space.deletedAt);
}

const where = (space: ApiSpace) => (space.parent ? `in collection ${space.parent}` : "at the top level");

const describeSpace = (args: GetSpaceArgs, organizationId: string) =>
  `titled ${JSON.stringify(args.title)}${args.parent ? ` in collection ${args.parent}` : ""} in organization ${organizationId}`;

export const getSpaceArgs = z.strictObject({
  title: z.string().min(1, "must not be empty").meta({ description: "The space's exact title (case and spaces count).", example: "Guides" }),
  parent: identifier()
    .optional()
    .meta({
      description: "Id of the collection to search; leave out to search the whole organization (any collection\n" + "or the top level).",
      example: "col_products",
    }),
  organizationId: identifier().optional().meta({ description: "The organization to search. Defaults to the stack's `docs-platform:organizationId`." }),
});

export const getSpaceLookup: LookupDefinition<GetSpaceArgs, GetSpaceResult> = {
  name: "getSpace",
  description:
    "Finds one space by its exact title, in the whole organization or in one collection, reading\n" +
    "every page of the organization's spaces. Fails<!-- pulumi only --> with a `LookupError`<!-- end --> when none or several\n" +
    "match (the message lists them with their collections).",
  schema: getSpaceArgs,
  result: getSpaceResult,
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
 * every page of the organization's spaces. Fails with a `LookupError` when none or several
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

export const getSpacesArgs = z.strictObject({
  parent: identifier().optional().meta({ description: "Only the spaces of this collection (not those of its sub-collections).", example: "col_products" }),
  organizationId: identifier().optional().meta({ description: "The organization to list. Defaults to the stack's `docs-platform:organizationId`." }),
});

export const getSpacesLookup: LookupDefinition<GetSpacesArgs, GetSpaceResult[]> = {
  name: "getSpaces",
  description: "Every space of the organization (every page), or of one collection; deleted spaces are left out.\n" + "An empty list is not an error.",
  schema: getSpacesArgs,
  result: z.array(getSpaceResult),
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

// ---- Generated by `npm run kinds` (provider/scripts/generate-kinds.mts) from the declarations above: do not edit. ----
import type { ArgumentOf, FieldOf } from "./lookup";

/** The arguments of `getSpace`. */
export interface GetSpaceArgs {
  /** The space's exact title (case and spaces count). Example: `"Guides"`. */
  title: ArgumentOf<typeof getSpaceArgs, "title">;
  /**
   * Id of the collection to search; leave out to search the whole organization (any collection
   * or the top level). Example: `"col_products"`.
   */
  parent?: ArgumentOf<typeof getSpaceArgs, "parent">;
  /** The organization to search. Defaults to the stack's `docs-platform:organizationId`. */
  organizationId?: ArgumentOf<typeof getSpaceArgs, "organizationId">;
}

/** A space as the lookups return it: what a program passes to resources, with the API's field names. */
export interface GetSpaceResult {
  /** The space id, e.g. for `SiteSpace.spaceId` or `Site.spaces`. */
  id: FieldOf<typeof getSpaceResult, "id">;
  title: FieldOf<typeof getSpaceResult, "title">;
  emoji?: FieldOf<typeof getSpaceResult, "emoji">;
  organizationId: FieldOf<typeof getSpaceResult, "organizationId">;
  /** Id of the collection holding the space; absent at the top level. */
  parent?: FieldOf<typeof getSpaceResult, "parent">;
  visibility?: FieldOf<typeof getSpaceResult, "visibility">;
  editMode?: FieldOf<typeof getSpaceResult, "editMode">;
  language?: FieldOf<typeof getSpaceResult, "language">;
  defaultLevel?: FieldOf<typeof getSpaceResult, "defaultLevel">;
  urls?: FieldOf<typeof getSpaceResult, "urls">;
}

/** The arguments of `getSpaces`. */
export interface GetSpacesArgs {
  /** Only the spaces of this collection (not those of its sub-collections). Example: `"col_products"`. */
  parent?: ArgumentOf<typeof getSpacesArgs, "parent">;
  /** The organization to list. Defaults to the stack's `docs-platform:organizationId`. */
  organizationId?: ArgumentOf<typeof getSpacesArgs, "organizationId">;
}
// ---- End of the generated part. ----
