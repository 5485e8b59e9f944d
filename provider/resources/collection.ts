import { ref } from "../adapter/example-values";
import { z } from "zod";
import { adoptInput } from "../adapter/adopt";
import { identifier, text } from "../adapter/check";
import type { ApiRequester } from "../api/requester";
import type { ResourceContext } from "../recovery/context";
import { isOutcomeUnknown, isPermissionDeniedError } from "../client";
import { createOnce } from "../recovery/create-once";
import { PartialCreateError } from "../recovery/partial-create";
import type { ResourceDefinition, State } from "../adapter/resource";
import { declaredKeyLists } from "../adapter/fields";
import { roleEnum } from "../domain/roles";
import { CANNOT_MOVE, transferToOrganization } from "../domain/transfer";
import { wireMapping } from "../adapter/wire";
import {
  type ApiCollection,
  createCollection,
  deleteCollection,
  getCollection,
  listCollections,
  moveCollection,
  readCollectionThroughList,
  transferCollection,
  updateCollection,
} from "../api/collections";
import { SaidError, said, term } from "../adapter/door-words";

/** What `adopt: true`, an interrupted create, the preview's duplicate check and the messages match by. */
const NATURAL_KEY = "title within its parent collection";

export const schema = z.strictObject({
  organizationId: identifier().meta({
    readFrom: "organization",
    sendAs: false,
    description:
      "Id of the organization that owns the collection. Changing it transfers the collection (same id, with its sub-collections and spaces). Defaults to the stack's `docs-platform:organizationId`.",
    example: "org_acme",
  }),
  // the production service's behaviour (production; the API's reference gives no limits): title 1..50, description up to 100.
  title: text({ min: 1, max: 50 }).meta({ description: "Title of the collection, 1 to 50 characters.", example: "Product docs" }),
  description: text({ max: 100 }).optional().meta({ description: "Free-text description, up to 100 characters.", example: "Everything customers read" }),
  defaultLevel: roleEnum
    .optional()
    .meta({ description: "Default role members get on the collection's content: `admin`, `create`, `review`, `edit`,\n" + "`comment` or `read`.", example: "read" }),
  parent: identifier()
    .optional()
    .meta({
      refersTo: "Collection",
      updatedApart: true,
      description: "Id of the parent collection; leave out for the top level. Changing it moves the collection\n" + "(same id); removing it moves the collection to the top level.",
      example: ref("Collection", "products"),
    }),
  adopt: adoptInput.optional().meta({
    description:
      'Take over an existing collection instead of creating one: `{ id: "col_123" }`, or `true` to\n' +
      "adopt the collection with this `title` under this `parent` (created if there is none). It is\n" +
      "then reconciled to these inputs. Only read at creation.",
  }),
});

export type CollectionInputs = z.infer<typeof schema>;

async function readCollection(api: ApiRequester, id: string): Promise<State | undefined> {
  const collection = await getCollection(api, id);
  return collection ? stateOf(collection) : undefined;
}

/**
 * A refresh's read: from the organization's collection list (nested ones included) shared by every
 * collection. A collection missing from it may have been transferred to another organization
 * rather than deleted, so its own GET decides.
 */
async function readCollectionOf(ctx: ResourceContext, organizationId: string | undefined, id: string): Promise<State | undefined> {
  if (organizationId === undefined) return readCollection(ctx.api, id);
  const listed = await readCollectionThroughList(ctx, organizationId, id);
  return listed ? stateOf(listed) : readCollection(ctx.api, id);
}

/** The collections with the inputs' title in the inputs' parent (the top level when there is none). */
async function collectionsNamed(api: ApiRequester, inputs: CollectionInputs): Promise<ApiCollection[]> {
  const collections = await listCollections(api, inputs.organizationId);
  return collections.filter((collection) => collection.title === inputs.title && (collection.parent ?? undefined) === inputs.parent);
}

/**
 * Transfers collection `id` to `news.organizationId` (see domain/transfer.ts), every
 * refusal an error saying what happened in the user's terms.
 */
function transfer(api: ApiRequester, id: string, olds: State, news: CollectionInputs): Promise<boolean> {
  const target = news.organizationId;
  const from = String(olds.organizationId);
  const what = `Collection ${id}: transferring it from organization ${from} to ${target}`;
  return transferToOrganization<ApiCollection>(api, {
    what,
    noun: "collection",
    target,
    ...(news.parent !== undefined ? { parent: { id: news.parent, phrase: "under parent", fix: `Give a parent of organization ${target}, or none (the top level).` } } : {}),
    read: () => getCollection(api, id),
    gone: () => new SaidError(said`Collection ${id} no longer exists; run ${term.refresh()}`),
    send: () => transferCollection(api, id, target),
    explainRefusal(error, apiMessage) {
      if (CANNOT_MOVE.test(apiMessage)) {
        return new Error(
          `${what} was refused: the API says the collection cannot be moved ("${apiMessage}"). Nothing was changed. ` +
            `Resolve what the API names first (for example, a space of the collection published in a site of organization ${from} pins it there), ` +
            `or keep organizationId ${from}.`,
          { cause: error },
        );
      }
      if (isPermissionDeniedError(error)) {
        return new Error(
          `${what} was refused (403: ${apiMessage}). Nothing was changed. The token's user must administer the collection and have at least the \`create\` role in organization ${target}.`,
          { cause: error },
        );
      }
      return undefined;
    },
  });
}

/**
 * What the state holds beyond the inputs (the server's own fields), and what an input's value in the
 * state means where that differs from the input's description.
 */
export const outputs = z.object({
  urls: z.object({ location: z.string().optional(), app: z.string().optional() }).meta({ description: "Links to the collection: `location` (API) and `app`." }),
});

/** The state of a collection as the API answers it, and the bodies sent, from the declarations above. */
const wire = wireMapping(schema, outputs);

/** The state of a collection as the API answers it: create, read, adoption, recovery and `getCollection`. */
export const fromApi = (collection: ApiCollection): State => wire.fromApi(collection);
const stateOf = fromApi;

/** The create's POST takes only these (API.md 4.11); the other inputs follow in a PATCH. */
const CREATE_BODY_KEYS = ["title", "parent"];

export const definition: ResourceDefinition<CollectionInputs> = {
  kind: "Collection",
  schema,
  outputs,
  ...declaredKeyLists(schema),
  naturalKey: NATURAL_KEY,
  // The API makes a second one with the same key: a create next to an existing one is warned about.
  duplicates: "allowed",

  async create(ctx: ResourceContext, inputs) {
    const created = await createOnce<ApiCollection>(ctx, {
      kind: "Collection",
      describe: `collection "${inputs.title}"`,
      matchedBy: NATURAL_KEY,
      send: () => createCollection(ctx.api, inputs.organizationId, wire.bodyOf(inputs, CREATE_BODY_KEYS)),
      find: () => collectionsNamed(ctx.api, inputs),
      get: (id) => getCollection(ctx.api, id),
      idOf: (collection) => collection.id,
    });
    const rest = wire.patchOf(
      inputs,
      wire.sentKeys.filter((key) => !CREATE_BODY_KEYS.includes(key)),
    );
    if (Object.keys(rest).length === 0) return { id: created.id, state: stateOf(created) };
    try {
      const patched = await updateCollection(ctx.api, created.id, rest);
      return { id: created.id, state: stateOf(patched) };
    } catch (error) {
      throw new PartialCreateError(created.id, stateOf(created), error);
    }
  },

  async read(ctx, id, previous) {
    return readCollectionOf(ctx, typeof previous.organizationId === "string" ? previous.organizationId : undefined, id);
  },

  async update(ctx, id, olds, news, changed) {
    const transferred = changed.has("organizationId") ? await transfer(ctx.api, id, olds, news) : false;
    const body = wire.patchOf(news, changed);
    const patched = Object.keys(body).length > 0 ? await updateCollection(ctx.api, id, body) : undefined;
    // Values alone: the PATCH answers the collection (API.md 4.11), so no GET after it.
    if (patched && !changed.has("parent") && !transferred) return stateOf(patched);
    // A transfer may have put the collection at the top level of its new organization.
    if (changed.has("parent") || transferred) {
      // Compare with where the collection is now: the API rejects a move that changes nothing.
      const current = await getCollection(ctx.api, id);
      if (current && (current.parent ?? undefined) !== news.parent) {
        // A move that may or may not have happened is checked by reading the collection after it.
        try {
          await moveCollection(ctx.api, id, news.parent ?? null);
        } catch (error) {
          if (!isOutcomeUnknown(error)) throw error;
        }
      }
    }
    const state = await readCollection(ctx.api, id);
    if (!state) throw new SaidError(said`Collection ${id} no longer exists; run ${term.refresh()}`);
    return state;
  },

  async delete(ctx, id) {
    await deleteCollection(ctx.api, id);
  },

  async findByNaturalKey(ctx, inputs) {
    const collections = await collectionsNamed(ctx.api, inputs);
    return collections.map((collection) => ({ id: collection.id, state: stateOf(collection) }));
  },
};
