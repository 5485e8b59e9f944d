/**
 * `getCollection`: a collection of an organization by title within its parent.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { identifier } from "../adapter/check";
import type { Role } from "../api/roles";
import { compact } from "../adapter/values";
import { type LookupDefinition, type LookupInputs, lookupOutput, runLookup } from "./lookup";
import { exactlyOne, nearlyEqual } from "./match";
import { listCollections } from "../api/collections";

/** A collection as `getCollection` returns it. */
export interface GetCollectionResult {
  /** The collection id, e.g. for `Space.parent` or `Collection.parent`. */
  id: string;
  title: string;
  organizationId: string;
  description?: string;
  /** Id of the parent collection; absent at the top level. */
  parent?: string;
  defaultLevel?: Role;
  urls?: { location?: string; app?: string };
}

export interface GetCollectionArgs {
  /** The collection's exact title. Example: `"Products"`. */
  title: string;
  /**
   * Id of the parent collection to search in; leave out for the top level of the organization
   * (like `Collection`'s natural key). Example: `products.id`.
   */
  parent?: string;
  /** The organization to search. Defaults to the stack's `docs-platform:organizationId`. */
  organizationId?: string;
}

const getCollectionArgs = z.strictObject({ title: z.string().min(1, "must not be empty"), parent: identifier().optional(), organizationId: identifier().optional() });

const describeCollection = (args: GetCollectionArgs, organizationId: string) =>
  `titled ${JSON.stringify(args.title)} ${args.parent ? `in collection ${args.parent}` : "at the top level"} of organization ${organizationId}`;

export const getCollectionLookup: LookupDefinition<GetCollectionArgs, GetCollectionResult> = {
  name: "getCollection",
  schema: getCollectionArgs,
  inOrganization: true,
  describe: describeCollection,
  async run(api, args, organizationId) {
    const all = await listCollections(api, organizationId);
    const siblings = all.filter((collection) => (collection.parent ?? undefined) === args.parent);
    // Named when nothing matches: the same title elsewhere is the likeliest mistake.
    const elsewhere = all.filter((collection) => collection.title === args.title && (collection.parent ?? undefined) !== args.parent);
    const collection = exactlyOne({
      lookup: "getCollection",
      noun: ["collection", "collections"],
      criteria: describeCollection(args, organizationId),
      searched: siblings,
      matches: siblings.filter((candidate) => candidate.title === args.title),
      near: [...siblings.filter((candidate) => nearlyEqual(candidate.title, args.title)), ...elsewhere],
      id: (candidate) => candidate.id,
      show: (candidate) => `${candidate.id} ${JSON.stringify(candidate.title)} ${candidate.parent ? `in collection ${candidate.parent}` : "at the top level"}`,
      narrow: "Use the collection's id.",
    });
    return compact({
      id: collection.id,
      title: collection.title,
      organizationId: collection.organization,
      description: collection.description,
      parent: collection.parent ?? undefined,
      defaultLevel: collection.defaultLevel ?? undefined,
      urls: collection.urls,
    });
  },
};

/**
 * One collection by its exact title within a parent collection, or at the top level of the
 * organization when `parent` is left out (every page of the collection list read). Fails with a
 * {@link LookupError} when none or several match; a collection of that title elsewhere is named.
 *
 * @example
 * const products = await docs.getCollection({ title: "Products" });
 * const sdk = await docs.getCollection({ title: "SDK", parent: products.id });
 * new docs.Space("sdk-guides", { title: "SDK guides", parent: sdk.id });
 */
export function getCollection(args: GetCollectionArgs): Promise<GetCollectionResult> {
  return runLookup(getCollectionLookup, args);
}

/** {@link getCollection} taking Outputs and returning an Output. */
export function getCollectionOutput(args: LookupInputs<GetCollectionArgs>): pulumi.Output<GetCollectionResult> {
  return lookupOutput(getCollection, args);
}
