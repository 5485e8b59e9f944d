/**
 * `SiteSpaceCustomization`: a site space's override of its site's customization (the production service's behaviour:
 * `GET`, `PATCH` and `DELETE /orgs/{org}/sites/{site}/site-spaces/{id}/customization`). The
 * fields are those of `SiteCustomization` (the Customization object of the API's reference).
 *
 * - The id is the site space id: a site space has one override.
 * - Create and update PATCH the declared fields into the override (the API merges a PATCH into the
 *   override it holds). How it merges a nested object neither API.md nor DESIGN.md 8 says, so the
 *   body is a JSON merge patch that ends at the declared value whether the server merges it or
 *   replaces it: each declared field whole, a content reference with the other kinds' fields as
 *   `null` (so a link changing from a file to a URL drops its `file`). Create sends nothing when the override holds every declared value already
 *   (each shown on the site space while the site has another), so adopting one writes nothing. A field removed from the program is dropped from the override (sent as
 *   `null`), so the site space inherits the site's value again; a field of the override that the
 *   program never declared (set in the app) is left as it is.
 * - The API's GET answers the effective object (the site's customization with the override laid
 *   over it), so refresh compares the declared leaves with what visitors of the site space get:
 *   drift shows when that differs. An override dropped in the app, while the site's own value
 *   happens to equal the declared one, is not visible as drift.
 * - Destroy drops the whole override (DELETE): the site space then looks like its site.
 * - There is no `null` ("unset") in an override: removing a field inherits the site's value.
 */
import { ref } from "../adapter/example-values";
import { z } from "zod";
import type { ApiRequester } from "../api/requester";
import type { ResourceContext } from "../recovery/context";
import { identifier } from "../adapter/check";
import type { ResourceDefinition, State } from "../adapter/resource";
import { declaredKeyLists } from "../adapter/fields";
import { jsonEqual, stateStrings } from "../adapter/values";
import { asMergePatch, CUSTOMIZATION_FIELDS, customizationFields, declarableFields, declaredFromApi, overlayDeclared, wholeFields } from "./site-customization";
import { wireMapping } from "../adapter/wire";
import { differences } from "../domain/customization-defaults";
import { insideSite } from "../adapter/import-ids";
import { deleteSiteSpaceCustomization, getSiteCustomization, getSiteSpaceCustomization, updateSiteSpaceCustomization } from "../api/customizations";
import { SaidError, said, term } from "../adapter/door-words";

const FIELDS = customizationFields(false);

export const schema = z.strictObject({
  // The address of the override, in the request's path: no body carries it.
  organizationId: identifier().meta({
    replaces: true,
    sendAs: false,
    description: "Id of the organization that owns the site. Changing it replaces the resource. Defaults to the stack's `docs-platform:organizationId`.",
    example: "org_123",
  }),
  siteId: identifier().meta({ replaces: true, refersTo: "Site", sendAs: false, description: "Id of the site. Changing it replaces the resource.", example: ref("Site", "site") }),
  siteSpaceId: identifier().meta({
    replaces: true,
    refersTo: "SiteSpace",
    sendAs: false,
    description: "Id of the site space whose customization this overrides. Changing it replaces the resource.",
    example: ref("SiteSpace", "siteSpace"),
  }),
  ...FIELDS,
});

/** `adopt` is never an input here: a site space's override always exists (empty or not) and is always taken over. */
export type SiteSpaceCustomizationInputs = z.infer<typeof schema> & { adopt?: undefined };

/** The state of a site space's effective customization as the API answers it, and the bodies sent, from the declarations above. */
const wire = wireMapping(schema);

type Json = Record<string, unknown>;
type Address = { organizationId: string; siteId: string; siteSpaceId: string };

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

function addressOf(bag: State, siteSpaceId: string): Address {
  const { organizationId, siteId } = stateStrings(
    bag,
    ["organizationId", "siteId"],
    "SiteSpaceCustomization: the state has no organizationId or siteId; cannot address the override",
  );
  return { organizationId, siteId, siteSpaceId };
}

/**
 * Whether every declared leaf (a string, boolean or array, as in `projectDeclared`) is what the
 * site space shows (`effective`) and not what its site has: then the override holds it.
 */
function overrideHolds(declared: Json, effective: Json, site: Json): boolean {
  const holds = (value: unknown, shown: unknown, inherited: unknown): boolean => {
    if (!isObject(value)) return jsonEqual(shown, value) && !jsonEqual(inherited, value);
    return Object.entries(value).every(
      ([key, member]) => member === undefined || holds(member, isObject(shown) ? shown[key] : undefined, isObject(inherited) ? inherited[key] : undefined),
    );
  };
  return CUSTOMIZATION_FIELDS.every((field) => declared[field] === undefined || holds(declared[field], effective[field], site[field]));
}

/** Whether the site space shows every declared leaf (the first half of {@link overrideHolds}, without the site's). */
function showsDeclared(declared: Json, effective: Json): boolean {
  const shows = (value: unknown, shown: unknown): boolean => {
    if (!isObject(value)) return jsonEqual(shown, value);
    return Object.entries(value).every(([key, member]) => member === undefined || shows(member, isObject(shown) ? shown[key] : undefined));
  };
  return CUSTOMIZATION_FIELDS.every((field) => declared[field] === undefined || shows(declared[field], effective[field]));
}

/** The state of the site space's effective customization `effective` for the fields `declared` declares (see `declaredFromApi`). */
function fromApi(effective: Json, address: Address, declared: Record<string, unknown>): State {
  return declaredFromApi(wire, effective, address, declared);
}

function readEffective(api: ApiRequester, address: Address): Promise<Json | undefined> {
  return getSiteSpaceCustomization(api, address.organizationId, address.siteId, address.siteSpaceId);
}

/**
 * The members declared in `before` and not in `after`, as a PATCH of nulls; undefined when there
 * are none. A member dropped whole is one `null`, not a null at each of its leaves: a merging
 * server would keep an empty object there (`primaryLink: {}`, which is no content reference).
 */
function droppedLeaves(before: unknown, after: unknown): unknown {
  if (before === undefined) return undefined;
  if (after === undefined) return null;
  if (!isObject(before) || !isObject(after)) return undefined;
  const dropped: Json = {};
  for (const [key, member] of Object.entries(before)) {
    const patch = droppedLeaves(member, after[key]);
    if (patch !== undefined) dropped[key] = patch;
  }
  return Object.keys(dropped).length > 0 ? dropped : undefined;
}

/** PATCHes the declared fields (and nulls for the leaves no longer declared); returns the state. */
async function patch(ctx: ResourceContext, address: Address, news: Json, olds: Json): Promise<State> {
  // By hand, the leaves no longer declared: the override keeps a field until a PATCH drops it.
  const values: Json = {};
  for (const field of wire.sentKeys) {
    // A field the state holds as declared is in effect already: sent again, it would pin in the
    // override what the site space may inherit (every field of an import that held the object whole).
    if (olds[field] !== undefined && jsonEqual(olds[field], news[field])) continue;
    const dropped = droppedLeaves(olds[field], news[field]);
    // A merge patch (the override's PATCH merges it, DESIGN.md 8): the leaves no longer declared
    // as null, and each declared value whole, so a merging server and a replacing one both end
    // at it (a reference changing kind nulls the old kind's fields).
    const value = news[field] === undefined ? dropped : overlayDeclared(dropped, asMergePatch(news[field]));
    if (value !== undefined) values[field] = value;
  }
  const body = wire.bodyOf(values);
  let effective: Json | undefined;
  if (Object.keys(body).length > 0) {
    effective = await updateSiteSpaceCustomization(ctx.api, address.organizationId, address.siteId, address.siteSpaceId, body);
  } else {
    effective = await readEffective(ctx.api, address);
  }
  if (!effective)
    throw new SaidError(
      said`SiteSpaceCustomization: site space ${address.siteSpaceId} no longer exists in site ${address.siteId}; run ${term.refresh()} to drop it from the state`,
    );
  return fromApi(effective, address, news);
}

export const definition: ResourceDefinition<SiteSpaceCustomizationInputs> = {
  kind: "SiteSpaceCustomization",
  importId: insideSite("SiteSpaceCustomization", "site space"),
  schema,
  ...declaredKeyLists(schema),

  async create(ctx, inputs) {
    const address = { organizationId: inputs.organizationId, siteId: inputs.siteId, siteSpaceId: inputs.siteSpaceId };
    const effective = await readEffective(ctx.api, address);
    if (!effective) {
      throw new Error(`SiteSpaceCustomization: site space ${address.siteSpaceId} does not exist in site ${address.siteId} or is not visible to this token`);
    }
    // An override that holds every declared value already is taken over as it is (adopting it, as
    // an exported program does, writes nothing): a declared value the site space shows while its
    // site has another can only come from the override. The API has no GET of the override alone,
    // so telling that needs the site's customization too; it is read only when the site space
    // shows every declared value (otherwise the PATCH is due anyway): 2 requests, 3 to adopt.
    const site = showsDeclared(inputs, effective) ? await getSiteCustomization(ctx.api, address.organizationId, address.siteId) : undefined;
    if (site && overrideHolds(inputs, effective, site)) {
      return { id: address.siteSpaceId, state: fromApi(effective, address, inputs) };
    }
    // Otherwise PATCHed, even where the site's value already matches: the override pins it.
    return { id: address.siteSpaceId, state: await patch(ctx, address, inputs, {}) };
  },

  async read(ctx, id, previous) {
    const address = addressOf(previous, id);
    const effective = await readEffective(ctx.api, address);
    return effective && fromApi(effective, address, previous);
  },

  async declarationOf(ctx, id, known, whole) {
    // An import: the API answers the effective object only, so the override is what the site
    // space shows differently from its site (as `export` writes it). A field the override repeats
    // from the site cannot be told apart from no override, and is not declared. `whole`: every
    // field the site space shows, its site's among them (an update then sends only what changes).
    const address = addressOf(known, id);
    if (whole) {
      const effective = await readEffective(ctx.api, address);
      return effective && wholeFields(effective, FIELDS);
    }
    const [effective, site] = await Promise.all([readEffective(ctx.api, address), getSiteCustomization(ctx.api, address.organizationId, address.siteId)]);
    if (!effective || !site) return undefined;
    return declarableFields(differences(effective, site) as Json | undefined, FIELDS);
  },

  async update(ctx, id, olds, news) {
    return patch(ctx, addressOf(olds, id), news, olds);
  },

  async delete(ctx, id, props) {
    const address = addressOf(props, id);
    await deleteSiteSpaceCustomization(ctx.api, address.organizationId, address.siteId, address.siteSpaceId);
  },
};
