/**
 * `Space`: a space of an organization (create in the production service's behaviour), at the top level
 * or inside a collection.
 *
 * - Created with `POST /v1/orgs/{org}/spaces` from `{ title, emoji?, parent?, language?, editMode? }`,
 *   then a PATCH of what the POST does not take (`defaultLevel`, `mergeRules`). If the PATCH fails
 *   the space is kept in the state as partially created and the next `pulumi up` finishes it.
 * - Title, emoji, language, edit mode, default level and merge rules change in place (PATCH).
 * - A `parent` change is a move (`POST /v1/spaces/{id}/move`), never a replacement: the space
 *   keeps its id, its content and its change requests. Removing `parent` moves the space to the
 *   top level of the organization (`{ parent: null }`).
 * - An `organizationId` change is a transfer (`POST /v1/spaces/{id}/transfer`), never
 *   a replacement: the space keeps its id, its content and its change requests. The transfer takes
 *   the target organization only and lands the space at the top level there; when `parent` is
 *   given the space then moves into that collection, which must belong to the new organization
 *   (checked before anything is sent). A space that already reads as being in the new organization
 *   (it moved with its transferred collection, or outside Pulumi) is not transferred again. A
 *   refusal of the API fails the update, quoting it, with nothing changed.
 * - `visibility` is an output only: no operation of the API changes a space's visibility (the API's reference
 *   3 says so; the create of the production service's behaviour and the PATCH of the API's reference do not take it).
 * - Destroy deletes the space. The API keeps a deleted space restorable for 7 days
 *   (`POST /v1/spaces/{id}/restore`); a deleted space reads as gone, so a refresh drops it.
 * - Natural key for `adopt: true`: the exact title within the same parent collection (the top
 *   level when `parent` is not set), among the spaces that are not deleted.
 * - Removing `emoji`, `language`, `editMode`, `defaultLevel` or `mergeRules` stops managing it:
 *   the space keeps its current value. `language: null` and `defaultLevel: null` clear the value.
 */
import { ref } from "../adapter/example-values";
import { z } from "zod";
import { adoptInput } from "../adapter/adopt";
import type { ApiRequester } from "../api/requester";
import type { ResourceContext } from "../recovery/context";
import { identifier, text } from "../adapter/check";
import { isApiError, isOutcomeUnknown, isPermissionDeniedError } from "../client";
import { createOnce } from "../recovery/create-once";
import { mergeRulesInput, normalizeMergeRules } from "../domain/merge-rules";
import { PartialCreateError } from "../recovery/partial-create";
import { CANNOT_MOVE, transferToOrganization } from "../domain/transfer";
import type { ResourceDefinition, State } from "../adapter/resource";
import { declaredKeyLists } from "../adapter/fields";
import { roleEnum } from "../domain/roles";
import { jsonEqual } from "../adapter/values";
import { wireMapping } from "../adapter/wire";
import {
  type ApiSpace,
  createSpace,
  deleteSpace,
  EDIT_MODES,
  getSpace,
  listSpaces,
  moveSpace,
  readSpaceThroughList,
  type SpaceVisibility,
  transferSpace,
  updateSpace,
} from "../api/spaces";
import { SaidError, said, saidOf, term } from "../adapter/door-words";

/** What `adopt: true`, an interrupted create, the preview's duplicate check and the messages match by. */
const NATURAL_KEY = "title within its parent collection";

export { EDIT_MODES, type EditMode, type SpaceVisibility } from "../api/spaces";

/**
 * A language code. the API's reference makes `language` an enum and does not list its values, so check
 * asks only for the shape of a code, 2 to 10 characters (`en`, `pt-br`, `zh-tw`), and leaves the
 * rest to the API.
 */
const languageInput = () => text({ min: 2, max: 10 });

export const schema = z.strictObject({
  // In the path of the create, and changed by a transfer of its own; the API names it `organization`.
  organizationId: identifier().meta({
    readFrom: "organization",
    sendAs: false,
    updatedApart: true,
    description:
      "Id of the organization that owns the space. Changing it transfers the space (same id, same content; into `parent` of the new organization when given, else its top level). Defaults to the stack's `docs-platform:organizationId`.",
    example: "org_acme",
  }),
  // the API's reference and 8: at most 50 characters, no minimum.
  title: text({ max: 50 }).meta({ description: "Title of the space, at most 50 characters.", example: "API reference" }),
  emoji: text({ max: 50 }).optional().meta({ description: "Emoji of the space, at most 50 characters. Removing it stops managing it.", example: "📘" }),
  // Sent by the create; changed by a move of its own (relative: it also sets the position).
  parent: identifier()
    .optional()
    .meta({
      refersTo: "Collection",
      updatedApart: true,
      description:
        "Id of the collection holding the space; leave out for the top level. Changing it moves the\n" + "space (same id); removing it moves the space to the top level.",
      example: ref("Collection", "products"),
    }),
  // The nullable inputs read back as null when unset, so a declared null shows no drift.
  language: languageInput().nullable().optional().meta({ nullWhenAbsent: true, description: "Language code of the content, 2 to 10 characters; `null` clears it.", example: "en" }),
  editMode: z.enum(EDIT_MODES).optional().meta({ description: "`live` (members edit directly) or `locked` (all edits locked).", example: "locked" }),
  defaultLevel: roleEnum
    .nullable()
    .optional()
    .meta({
      nullWhenAbsent: true,
      description: "Default role members get on the space's content: `admin`, `create`, `review`, `edit`,\n" + "`comment` or `read`; `null` clears it.",
      example: "read",
    }),
  mergeRules: mergeRulesInput.optional().meta({
    description:
      "Merge rules of the space's change requests: a `type` of `inherit` (the organization's), of\n" +
      "`none`, or of `rules` with a list of `rules`. A rule is `require_specific_reviewers`, `require_one_of_specific_reviewers`,\n" +
      "`allow_bypass`, `require_at_least_one_review` or `custom`, each with `users` (user ids).",
    example: { type: "rules", rules: [{ rule: "require_specific_reviewers", users: ["user_1"] }] },
  }),
  adopt: adoptInput.optional().meta({
    description:
      'Take over an existing space instead of creating one: `{ id: "spc_123" }`, or `true` to adopt\n' +
      "the space with this `title` in this `parent` (created if there is none). It is then reconciled\n" +
      "to these inputs. Only read at creation.",
  }),
});

export type SpaceInputs = z.infer<typeof schema>;

/** Links of a space. */
export interface SpaceUrls {
  location?: string;
  app?: string;
  published?: string;
  public?: string;
  icon?: string;
}

/**
 * The state a space stands for, from the declarations (`wire`, below the outputs). By hand: the
 * merge rules, normalized (the API answers rules in its own order and shape, domain/merge-rules.ts).
 */
export function fromApi(space: ApiSpace): State {
  return { ...wire.fromApi(space), mergeRules: normalizeMergeRules(space.mergeRules) };
}

const stateOf = fromApi;

/**
 * The space, or undefined when it is gone. A deleted space stays restorable for 7 days and the API
 * may still answer it with `deletedAt` set: for a program it is gone all the same.
 */
async function liveSpace(api: ApiRequester, id: string): Promise<ApiSpace | undefined> {
  const space = await getSpace(api, id);
  return space && !space.deletedAt ? space : undefined;
}

/** The live spaces with the inputs' title in the inputs' parent (the top level when there is none). */
async function spacesNamed(api: ApiRequester, inputs: SpaceInputs): Promise<ApiSpace[]> {
  const spaces = await listSpaces(api, inputs.organizationId);
  return spaces.filter((space) => !space.deletedAt && space.title === inputs.title && (space.parent ?? undefined) === inputs.parent);
}

/** What the POST takes (the production service's behaviour); the PATCH sends the rest. */
const CREATE_BODY_KEYS = ["title", "emoji", "parent", "language", "editMode"];

/**
 * The PATCH body for `keys` (the declaration's: a removed input is not sent, the space keeps its
 * value; null is a value, and clears), less what the space already holds (`current`), by hand: a
 * create's PATCH and a move's PATCH send only real differences.
 */
function patchBody(inputs: SpaceInputs, current: State, keys: Iterable<string>): Record<string, unknown> {
  const body = wire.patchOf(inputs, keys);
  for (const key of Object.keys(body)) if (jsonEqual(current[key], body[key])) delete body[key];
  return body;
}

/**
 * Transfers space `id` to `news.organizationId` (see domain/transfer.ts), every
 * refusal an error in the user's terms, saying that nothing was changed.
 */
function transfer(api: ApiRequester, id: string, olds: State, news: SpaceInputs): Promise<boolean> {
  const target = news.organizationId;
  const from = String(olds.organizationId);
  const what = `Space ${id}: transferring it from organization ${from} to ${target}`;
  return transferToOrganization<ApiSpace>(api, {
    what,
    noun: "space",
    target,
    ...(news.parent !== undefined
      ? { parent: { id: news.parent, phrase: "into collection", fix: `Give a parent collection of organization ${target}, or none (the top level).` } }
      : {}),
    read: () => liveSpace(api, id),
    gone: () => spaceGone(id),
    send: () => transferSpace(api, id, target),
    explainRefusal(error, apiMessage) {
      if (isPermissionDeniedError(error)) {
        return new Error(
          `${what} was refused (403: ${apiMessage}). Nothing was changed. The token's user must administer the space and have at least the \`create\` role in organization ${target}.`,
          { cause: error },
        );
      }
      if (!isApiError(error)) return undefined;
      const hint = CANNOT_MOVE.test(apiMessage)
        ? said`Resolve what the API names first (for example, a site of organization ${from} that publishes the space pins it there), or keep ${term.field("organizationId")} ${from}.`
        : said`Keep ${term.field("organizationId")} ${from}, or resolve what the API names and run ${term.apply()} again.`;
      return new SaidError(said`${what} was refused (${error.status ?? "error"}: ${apiMessage}). Nothing was changed. ${hint}`, { cause: error });
    },
  });
}

const spaceGone = (id: string) => new SaidError(said`Space ${id} no longer exists (or was deleted); run ${term.refresh()} to drop it from the state`);

async function create(ctx: ResourceContext, inputs: SpaceInputs): Promise<{ id: string; state: State }> {
  const { api } = ctx;
  const created = await createOnce<ApiSpace>(ctx, {
    kind: "Space",
    describe: `space "${inputs.title}"`,
    matchedBy: NATURAL_KEY,
    // the production service's behaviour: the create takes these fields only. By hand: a null
    // language is the default, not sent.
    send: () => {
      const { language, ...body } = wire.bodyOf(inputs, CREATE_BODY_KEYS);
      return createSpace(api, inputs.organizationId, typeof language === "string" ? { ...body, language } : body);
    },
    find: () => spacesNamed(api, inputs),
    get: (id) => liveSpace(api, id),
    idOf: (space) => space.id,
    createdAtOf: (space) => space.createdAt,
  });
  const state = stateOf(created);
  // What the POST does not take, and anything a taken-over space holds differently.
  const rest = patchBody(inputs, state, wire.sentKeys);
  if (Object.keys(rest).length === 0) return { id: created.id, state };
  try {
    const patched = await updateSpace(api, created.id, rest);
    return { id: created.id, state: stateOf(patched) };
  } catch (error) {
    const now = await liveSpace(api, created.id).catch(() => undefined);
    throw new PartialCreateError(created.id, stateOf(now ?? created), error);
  }
}

/**
 * In a refresh or an import, from the organization's space list shared by every space. A space
 * missing from it (or deleted) may have been transferred to another organization rather than
 * deleted, so its own GET decides.
 */
async function read(ctx: ResourceContext, id: string, previous: State): Promise<State | undefined> {
  const organizationId = typeof previous.organizationId === "string" ? previous.organizationId : undefined;
  const listed = ctx.lists && organizationId !== undefined ? await readSpaceThroughList(ctx, organizationId, id) : undefined;
  const space = listed && !listed.deletedAt ? listed : await liveSpace(ctx.api, id);
  return space && stateOf(space);
}

async function update(ctx: ResourceContext, id: string, olds: State, news: SpaceInputs, changed: ReadonlySet<string>): Promise<State> {
  const { api } = ctx;
  // First, so that a refused transfer leaves everything as it was.
  const transferred = changed.has("organizationId") ? await transfer(api, id, olds, news) : false;
  const placing = changed.has("parent") || changed.has("organizationId");
  if (!placing) {
    // Values alone: one request. The PATCH answers the space (API.md 4.3) and its values are
    // absolute, so a value the space already holds changes nothing when sent; no GET before or after.
    const body = patchBody(news, {}, changed);
    const space = Object.keys(body).length > 0 ? await updateSpace(api, id, body) : await liveSpace(api, id);
    if (!space || space.deletedAt) throw spaceGone(id);
    return stateOf(space);
  }
  // Compare with the space as it is now (after a transfer, at the top level of its new
  // organization): only real differences are sent, and a move is sent only when the space is
  // elsewhere (a move to where it already is would still change its position).
  const current = await liveSpace(api, id);
  if (!current) throw spaceGone(id);
  const body = patchBody(news, stateOf(current), changed);
  if (Object.keys(body).length > 0) await updateSpace(api, id, body);
  if ((current.parent ?? undefined) !== news.parent) {
    // A move is relative (it also sets the position), so it is never re-sent blindly: a move whose
    // outcome is unknown is settled by reading the space after it.
    await moveSpace(api, id, news.parent ?? null).catch((error: unknown) => {
      if (isOutcomeUnknown(error)) return undefined;
      if (!transferred) throw error;
      throw new SaidError(
        said`Space ${id} was transferred to organization ${news.organizationId} (at its top level, same id), but the move into collection ${String(news.parent)} failed: ${saidOf(error)}. Run ${term.apply()} again to finish the move.`,
        { cause: error },
      );
    });
  }
  const after = await liveSpace(api, id);
  if (!after) throw spaceGone(id);
  return stateOf(after);
}

async function remove(ctx: ResourceContext, id: string): Promise<void> {
  // A space deleted already (restorable or not) answers 204 again: nothing left to do.
  await deleteSpace(ctx.api, id);
}

/**
 * What the state holds beyond the inputs (the server's own fields), and what an input's value in the
 * state means where that differs from the input's description.
 */
export const outputs = z.object({
  // Typed as the API's reference lists the values; schema.json says string, as the state holds what the API answers.
  visibility: (z.string() as z.ZodType<SpaceVisibility>).meta({ description: "Who can see the space; set in the app, not through the API (read only)." }),
  urls: z.object({ location: z.string().optional(), app: z.string().optional(), published: z.string().optional(), public: z.string().optional(), icon: z.string().optional() }),
  createdAt: z.string(),
});

/** The state of a space as the API answers it, and the bodies sent, from the declarations above. */
const wire = wireMapping(schema, outputs);

export const definition: ResourceDefinition<SpaceInputs> = {
  kind: "Space",
  schema,
  outputs,
  // An organizationId change is a transfer in place (see `transfer`): nothing replaces a space.
  ...declaredKeyLists(schema),
  naturalKey: NATURAL_KEY,
  // The API makes a second one with the same key: a create next to an existing one is warned about.
  duplicates: "allowed",
  create,
  read,
  update,
  delete: remove,
  async findByNaturalKey(ctx, inputs) {
    const spaces = await spacesNamed(ctx.api, inputs);
    return spaces.map((space) => ({ id: space.id, state: stateOf(space) }));
  },
};
