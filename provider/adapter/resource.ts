import { promised } from "./promised";
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import { validate } from "./check";
import type { ResourceContext } from "../recovery/context";
import { PartialCreateError } from "../recovery/partial-create";
import { containsUnknown } from "./unknowns";
import { compact, jsonEqual } from "./values";
import { type Adopt, crossOrganizationAdoption, readAdoptable } from "./adopt";
import type { PropertyBag } from "./property-bag";
import { IDENTITY_KEY } from "./property-bag";
import { explainApiError } from "./operation-errors";
import { SaidError, said, term } from "./door-words";
import type { SoleOwnership } from "./deployment-owners";
import type { ExclusiveWay } from "./exclusive-ways";
import { byId, type ImportIdForm } from "./import-ids";
import { SharedLists } from "../api/shared-lists";

/** The state of an object as a resource sees it: every input-owned key plus server-owned outputs. */
export type State = Record<string, unknown>;

/**
 * One resource kind's behaviour, written against the API. The adapter ({@link toProvider}) adds
 * everything that is the same for every kind: validation, diffing, adoption, partial creates, the
 * output shape and the `inputs` returned by read.
 *
 * Output shape (the same for create, read, update): server-owned outputs, plus each input key the
 * user set, holding the value the server has now. Input keys the user left out are not tracked,
 * so a refresh never reports a server default as drift.
 */
export interface ResourceDefinition<I extends { adopt?: Adopt }> {
  /**
   * Type name: the token is `pulumi-nodejs:dynamic/docs-platform:<kind>`. What the resource is
   * and how it behaves is written in Markdown beside the kind's file (`<kebab-kind>.md`), read by
   * the generators only (provider/scripts/kind-descriptions.mts): schema.json's description (and
   * so every SDK's), the reference page's opening and the class's doc comment (`npm run kinds`).
   */
  readonly kind: string;
  /**
   * Strict input schema (a `z.strictObject`); its output is the normalized inputs. Its keys, less
   * `adopt` and `uncomparedInputKeys`, are the input keys diff compares (see {@link inputKeysOf}).
   */
  readonly schema: z.ZodType<I> & { readonly shape: Readonly<Record<string, unknown>> };
  /**
   * What the state holds beyond the inputs (the server's own fields, with their descriptions), and
   * an input again where its value in the state means something else than the input (described
   * anew). Absent when the state holds only the inputs. The class's typed outputs and schema.json's
   * properties are derived from it.
   */
  readonly outputs?: z.ZodObject;
  /**
   * Input keys diff does not compare (used only at creation, or changing only how create and
   * update behave) that the state echoes in the outputs. Read returns them among the inputs, so a
   * refresh keeps them in the state's inputs; otherwise the CLI shows them as added in the next diff.
   */
  readonly uncomparedInputKeys?: readonly string[];
  /** Input keys the API cannot change in place: a change replaces the object. */
  readonly replaceKeys: readonly string[];
  /**
   * Input keys whose arrays are sets (order and duplicates carry no meaning; normalized sorted).
   * Read by the pull-request summary, which shows them as members added and removed.
   */
  readonly setValuedInputKeys?: readonly string[];
  /**
   * Inputs that are secrets whatever the program passes: the resource class marks them secret (in
   * the state, encrypted) and the pull-request summary masks them.
   */
  readonly secretInputKeys?: readonly string[];
  /** Delete the old object before creating its replacement (a natural key must stay unique). */
  readonly deleteBeforeReplace?: boolean;
  /** How `adopt: true` finds the object, for error messages, e.g. "title within the organization". */
  readonly naturalKey?: string;
  /**
   * What the API does with a second object of the same natural key: `allowed` (a create next to an
   * existing one is warned about in the preview) or `refused` (the preview fails, as `up` would).
   * See preview-checks.ts.
   */
  readonly duplicates?: "allowed" | "refused";
  /** The input that holds the natural key, for a refused duplicate's failure (e.g. `slug`). */
  readonly naturalKeyInput?: string;

  create(ctx: ResourceContext, inputs: I): Promise<{ id: string; state: State }>;
  /** The object's state now, or undefined when it no longer exists. */
  read(ctx: ResourceContext, id: string, previous: State): Promise<State | undefined>;
  /** Applies the changed keys (never an empty set) and returns the state after. */
  update(ctx: ResourceContext, id: string, olds: State, news: I, changed: ReadonlySet<string>): Promise<State>;
  /** Idempotent: deleting an object that is already gone succeeds. */
  delete(ctx: ResourceContext, id: string, props: State): Promise<void>;
  /**
   * The form of the kind's import id (`pulumi import <type> <name> <import id>`, the plugin door),
   * both ways (import-ids.ts). Absent: the import id is the object's id ({@link byId}) and `read`
   * needs only the organization (the provider's `organizationId`).
   */
  readonly importId?: ImportIdForm;
  /**
   * Groups of inputs of which a program gives exactly one (a member by `userId` or by `email`):
   * an imported object's inputs keep the first of each group the state holds.
   */
  readonly exclusiveInputKeys?: readonly (readonly string[])[];
  /**
   * One owner per object (a singleton: an organization's settings, a site's customization, a
   * member's role, an OpenAPI slug): two resources of the deployment whose inputs name the same
   * object fail the check of the second, through both doors (see deployment-owners.ts).
   */
  readonly soleOwner?: SoleOwnership;
  /**
   * One way of managing an aspect of an object that other kinds manage another way (a team's
   * membership: `Team.members` or `TeamMember`): two resources of the deployment managing one
   * object's aspect in different ways fail, through both doors (see exclusive-ways.ts).
   */
  readonly exclusiveWay?: ExclusiveWay;
  /**
   * For a kind whose `read` tracks only the paths the previous state declares (a customization's
   * fields, a structure's lists): the object as a program managing it would declare it, beside
   * `known` (the organization and what the import id names); undefined when it does not exist.
   * `pulumi import` has no previous state to say which paths are declared, so it reads with this.
   * `whole`: every path the object has, those at their default's value among them, for a door
   * whose configurations keep what they leave out (OpenTofu's, where an argument left out keeps
   * the state's value): its import holds the object whole, so a configuration that declares a
   * default's value, or leaves it out, plans no change.
   */
  declarationOf?(ctx: ResourceContext, id: string, known: State, whole?: boolean): Promise<State | undefined>;
  /**
   * For a kind whose inputs each name parts of one object and leave the others alone (a
   * structure's containers and the items each orders): `state` as a program declaring `declared`
   * reads it, what `declared` does not name left out. No request: a projection of the state. A
   * door whose state may hold the object whole (OpenTofu's, after an import) compares a
   * configuration with this, so the parts it leaves out plan no change.
   */
  declaredPartOf?(state: State, declared: State): State;
  /**
   * Inputs `pulumi import` leaves out although the object has them, because another kind
   * declares them (a team's members, when someone in it has a role only `TeamMember` can say):
   * an imported Team and its TeamMembers then manage the membership one way, as export writes it.
   */
  importLeavesOut?(ctx: ResourceContext, id: string, state: State): Promise<readonly string[]>;
  /** Objects matching the natural key of `inputs` (for `adopt: true`). */
  findByNaturalKey?(ctx: ResourceContext, inputs: I): Promise<{ id: string; state: State }[]>;
  /**
   * For a kind whose create takes an existing object over and records it in the deployment's
   * claims (recovery/deployment-claims.ts: a member), the claim a create of `inputs` will take,
   * reading what it needs (the member an email names). A door whose replacement deletes before
   * it creates (OpenTofu's, without `create_before_destroy`) claims it before the delete, which
   * then leaves the object the replacement takes over, as it does when the create comes first.
   */
  claimOf?(ctx: ResourceContext, inputs: I): Promise<string>;
}

const PROVIDER_KEY = "__provider";

function withoutProvider(bag: PropertyBag): Record<string, unknown> {
  const { [PROVIDER_KEY]: _provider, ...rest } = bag;
  return rest;
}

/** The inputs as the resource's schema and implementation see them: without the runtime's own keys. */
function declaredInputs(bag: PropertyBag): Record<string, unknown> {
  const { [PROVIDER_KEY]: _provider, [IDENTITY_KEY]: _identity, ...rest } = bag;
  return rest;
}

const inputKeysCache = new WeakMap<object, readonly string[]>();

/** The input keys diff compares: the schema's keys but `adopt` and the uncompared ones. */
export function inputKeysOf(definition: ResourceDefinition<{ adopt?: Adopt }>): readonly string[] {
  let keys = inputKeysCache.get(definition);
  if (!keys) {
    const uncompared = new Set(["adopt", ...(definition.uncomparedInputKeys ?? [])]);
    keys = Object.keys(definition.schema.shape).filter((key) => !uncompared.has(key));
    inputKeysCache.set(definition, keys);
  }
  return keys;
}

/** The outputs for a state: server-owned keys plus the input keys in `userKeys`. */
export function outputsOf(definition: ResourceDefinition<{ adopt?: Adopt }>, state: State, userKeys: Iterable<string>): State {
  const tracked = new Set(userKeys);
  const inputKeys = inputKeysOf(definition);
  const outputs: State = {};
  for (const [key, value] of Object.entries(state)) {
    if (inputKeys.includes(key) && !tracked.has(key)) continue;
    outputs[key] = value;
  }
  return compact(outputs);
}

/**
 * The outputs plus the inputs diff never compares (`adopt` and the definition's
 * `uncomparedInputKeys`), taken from `source` (the inputs, or the previous state on read) where the
 * state does not hold them already. Echoing them lets read return them among the inputs, so a
 * refresh keeps them in the state's inputs instead of the CLI showing them as added in the next diff.
 */
function withEchoedInputs(definition: ResourceDefinition<{ adopt?: Adopt }>, outputs: State, source: Record<string, unknown>): State {
  const echoed: State = {};
  for (const key of echoedKeys(definition)) if (outputs[key] === undefined && source[key] !== undefined) echoed[key] = source[key];
  return { ...outputs, ...compact(echoed) };
}

function echoedKeys(definition: ResourceDefinition<{ adopt?: Adopt }>): string[] {
  // The identity too: a refresh must keep it among the state's inputs like any other input.
  return ["adopt", IDENTITY_KEY, ...(definition.uncomparedInputKeys ?? [])];
}

/** Input keys the user set in a bag of inputs or outputs. */
function userKeysOf(definition: ResourceDefinition<{ adopt?: Adopt }>, bag: Record<string, unknown>): string[] {
  return inputKeysOf(definition).filter((key) => bag[key] !== undefined);
}

/** Input keys whose value differs between `olds` (outputs) and `news` (inputs), unknowns included. */
export function changedKeys(definition: ResourceDefinition<{ adopt?: Adopt }>, olds: Record<string, unknown>, news: Record<string, unknown>): string[] {
  return inputKeysOf(definition).filter((key) => {
    if (olds[key] === undefined && news[key] === undefined) return false;
    return containsUnknown(news[key]) || !jsonEqual(olds[key], news[key]);
  });
}

/**
 * The `adopt` a resource's inputs carry: as the program gives it for a create, and, once the
 * resource is in the state (`olds` are its recorded inputs), the one recorded. `adopt` only tells
 * a create to take an existing object over; afterwards it means nothing, so adding it, removing it
 * or changing it is no change: the inputs keep what they had, and neither a preview, its `--diff`
 * nor the pull-request summary (which show every input that differs, with the dynamic door) shows
 * it. Except when the update replaces the object (a replace-on-change input differs, or may: it is
 * unknown): the replacement is a create, which must make a new object, never take over the one it
 * replaces (then deleted), so its inputs carry no `adopt`.
 */
function adoptOnceManaged(definition: ResourceDefinition<{ adopt?: Adopt }>, olds: PropertyBag | undefined, news: { adopt?: Adopt } & Record<string, unknown>): Adopt | undefined {
  const recorded = olds === undefined ? {} : declaredInputs(olds);
  if (Object.keys(recorded).length === 0) return news.adopt;
  const replaced = definition.replaceKeys.some((key) => containsUnknown(news[key]) || !jsonEqual(recorded[key], news[key]));
  return replaced ? undefined : (recorded.adopt as Adopt | undefined);
}

/**
 * What a create or a read returns beyond the inputs given: `tracked`, input keys whose value the
 * outputs hold although the inputs (or, on read, the previous state) leave them out, for a door
 * whose state holds the API's value of an input its configuration leaves to the API (OpenTofu's
 * optional and computed inputs: an import holds them, so a create and a refresh must too). The
 * Pulumi doors pass none: their outputs track only what the program sets.
 */
export interface StateOptions {
  tracked?: readonly string[];
}

type DynamicProvider = Required<Omit<pulumi.dynamic.ResourceProvider<PropertyBag, PropertyBag>, "configure">>;

/** The provider host's interface, `create` and `read` taking {@link StateOptions} too. */
export type KindProvider = Omit<DynamicProvider, "create" | "read"> & {
  create(inputs: PropertyBag, options?: StateOptions): ReturnType<DynamicProvider["create"]>;
  read(id: string, props?: PropertyBag, options?: StateOptions): ReturnType<DynamicProvider["read"]>;
};

/** Adapts a resource definition to the interface the Pulumi provider host calls. */
export function toProvider<I extends { adopt?: Adopt }>(definition: ResourceDefinition<I>, context: () => ResourceContext): KindProvider {
  const generic: ResourceDefinition<{ adopt?: Adopt }> = definition;

  const inputsOf = (bag: PropertyBag): I => declaredInputs(bag) as I;

  /**
   * An operation on `id` proves the state holds it: an interrupted create's journal entry is done.
   * Only `read` keeps the shared lists (a refresh reads many objects of one parent); creates and
   * updates read the one object they wrote.
   */
  const settled = (id: string, withLists = false): ResourceContext => {
    const { lists, ...ctx } = context();
    if (id !== "") ctx.journal?.settle(definition.kind, id);
    return withLists && lists ? { ...ctx, lists } : ctx;
  };

  async function reconcile(ctx: ResourceContext, id: string, current: State, inputs: I): Promise<State> {
    const userKeys = userKeysOf(generic, inputs);
    const olds = outputsOf(generic, current, userKeys);
    const changed = changedKeys(generic, olds, inputs);
    return changed.length === 0 ? current : definition.update(ctx, id, olds, inputs, new Set(changed));
  }

  async function adopt(ctx: ResourceContext, inputs: I): Promise<{ id: string; state: State } | undefined> {
    const how = inputs.adopt;
    if (how === undefined || how === false) return undefined;
    if (how === true) {
      if (!definition.findByNaturalKey) {
        throw new Error(`adopt: ${definition.kind} has no natural key; adopt it by id with adopt: { id: "<id>" }`);
      }
      const matches = await definition.findByNaturalKey(ctx, inputs);
      if (matches.length > 1) {
        const ids = matches.map((match) => match.id).join(", ");
        throw new Error(`adopt: ${matches.length} ${definition.kind} objects match by ${definition.naturalKey} (${ids}); adopt one by id with adopt: { id: "<id>" }`);
      }
      return matches[0];
    }
    // The preview's check refused these already; an `up` run without one (or a door without a
    // preview) must not write past them either.
    const declared = withoutProvider(inputs);
    const { state, elsewhere } = await readAdoptable(definition, ctx, how.id, declared);
    if (elsewhere !== undefined) throw new Error(crossOrganizationAdoption(definition.kind, how.id, String(declared.organizationId), elsewhere));
    if (!state) throw new Error(`adopt: ${definition.kind} ${how.id} does not exist (or is not visible to this token)`);
    return { id: how.id, state };
  }

  return {
    check(olds, news) {
      return promised(() => {
        // Never throws (validate does not, and nothing here can): a failure is always an answer.
        const outcome = validate(definition.schema, declaredInputs(news));
        if (!outcome.ok) return { inputs: news, failures: outcome.failures };
        if (outcome.inputs.adopt === true && !definition.findByNaturalKey) {
          // Found here rather than in create: create would fail only after the rest of the update ran.
          const reason = `adopt: ${definition.kind} has no natural key, so adopt: true cannot find it; adopt it by id with adopt: { id: "<id>" }`;
          return { inputs: news, failures: [{ property: "adopt", reason }] };
        }

        const identity = news[IDENTITY_KEY];
        return { inputs: compact({ ...outcome.inputs, adopt: adoptOnceManaged(definition, olds, outcome.inputs), [IDENTITY_KEY]: identity }) };
      });
    },

    diff(id, olds, news) {
      return promised(() => {
        settled(id);
        const changed = changedKeys(generic, withoutProvider(olds), withoutProvider(news));
        const replaces = changed.filter((key) => definition.replaceKeys.includes(key));
        return {
          changes: changed.length > 0,
          replaces,
          deleteBeforeReplace: replaces.length > 0 && definition.deleteBeforeReplace === true,
        };
      });
    },

    async create(bag, options = {}) {
      const inputs = inputsOf(bag);
      const identity = bag[IDENTITY_KEY];
      const { lists: _lists, ...shared } = context();
      const ctx: ResourceContext = { ...shared, ...(typeof identity === "string" && identity !== "" ? { createKey: identity } : {}) };
      const userKeys = [...userKeysOf(generic, inputs), ...(options.tracked ?? [])];
      try {
        const existing = await adopt(ctx, inputs);
        const { id, state } = existing ? { id: existing.id, state: await reconcile(ctx, existing.id, existing.state, inputs) } : await definition.create(ctx, inputs);
        return { id, outs: withEchoedInputs(generic, outputsOf(generic, state, userKeys), withoutProvider(bag)) };
      } catch (error) {
        if (error instanceof PartialCreateError) {
          // The shape the provider host turns into ErrorResourceInitFailed; see partial-create.ts.
          throw Object.assign(new SaidError(error.said), {
            id: error.id,
            properties: { ...withEchoedInputs(generic, outputsOf(generic, error.outputs, userKeys), withoutProvider(bag)), [PROVIDER_KEY]: bag[PROVIDER_KEY] },
            reasons: error.reasons,
          });
        }
        throw explainApiError(error, definition.kind, "create");
      }
    },

    async read(id, props = {}, options = {}) {
      const previous = withoutProvider(props);
      const state = await definition.read(settled(id, true), id, previous).catch((error: unknown) => {
        throw explainApiError(error, definition.kind, "read", id);
      });
      if (!state) return { id: "", props: {} };
      // `previous` holds the echoed inputs (adopt, the identity, ...): they stay among the inputs.
      const outputs = withEchoedInputs(generic, outputsOf(generic, state, [...userKeysOf(generic, previous), ...(options.tracked ?? [])]), previous);
      const inputs: State = {};
      for (const key of [...inputKeysOf(generic), ...echoedKeys(generic)]) {
        if (outputs[key] !== undefined) inputs[key] = outputs[key];
      }
      return { id, props: outputs, inputs };
    },

    async update(id, olds, news) {
      const inputs = inputsOf(news);
      const previous = declaredInputs(olds);
      const changed = changedKeys(generic, previous, inputs);
      const ctx = settled(id);
      const state =
        changed.length === 0
          ? previous
          : await definition.update(ctx, id, previous, inputs, new Set(changed)).catch((error: unknown) => {
              throw explainApiError(error, definition.kind, "update", id);
            });
      return { outs: withEchoedInputs(generic, outputsOf(generic, state, userKeysOf(generic, inputs)), withoutProvider(news)) };
    },

    async delete(id, props) {
      await definition.delete(settled(id), id, withoutProvider(props)).catch((error: unknown) => {
        throw explainApiError(error, definition.kind, "delete", id);
      });
    },
  };
}

/** What every id of an import id must be: a segment of the API's request paths. */
const IMPORT_ID_RULE = 'each id in it must be a non-empty segment of the API\'s request paths: no "?", "#", "\\" or whitespace, and not "." or ".."';

function isIdSegment(value: string): boolean {
  return value !== "" && value !== "." && value !== ".." && !/[?#\s\\]/.test(value);
}

/**
 * The state of the object `id` for an import, which has only what the import id and the provider
 * give (`known`): read as a program declaring the object as it is would read it.
 */
async function importedState(definition: ResourceDefinition<{ adopt?: Adopt }>, ctx: ResourceContext, id: string, known: State, whole: boolean): Promise<State | undefined> {
  if (!definition.declarationOf) return definition.read(ctx, id, known);
  const declaration = await definition.declarationOf(ctx, id, known, whole);
  return declaration && definition.read(ctx, id, { ...known, ...declaration });
}

/** Whether the schema refuses a program that leaves `key` out (a required input, nullable or not). */
function requiresInput(definition: ResourceDefinition<{ adopt?: Adopt }>, key: string): boolean {
  const field = definition.schema.shape[key] as z.ZodType | undefined;
  return field !== undefined && !field.safeParse(undefined).success;
}

/** How an import reads its object. */
export interface ImportOptions {
  /** Every path the object has, defaults among them (see `ResourceDefinition.declarationOf`); else what a program would declare. */
  whole?: boolean;
}

/**
 * Reads an object for `pulumi import`: the state, with every input the object has among the
 * inputs (there is no program yet to say which it sets), so the imported resource and a program
 * declaring those inputs preview with no change. Throws, naming the kind and the id, when the id
 * is malformed or the object does not exist.
 */
export async function importObject(
  definition: ResourceDefinition<{ adopt?: Adopt }>,
  ctx: ResourceContext,
  importId: string,
  organizationId: string | undefined,
  options: ImportOptions = {},
): Promise<{ id: string; props: State; inputs: State; state: State }> {
  const { id, known } = (definition.importId ?? byId).parse(importId);
  // A composite id (a team member's `<teamId>/<userId>`) is checked part by part.
  const parts = [id, ...Object.values(known)].filter((value): value is string => typeof value === "string").flatMap((value) => value.split("/"));
  if (!parts.every(isIdSegment)) {
    throw new SaidError(said`${term.kind(definition.kind)}: cannot import ${JSON.stringify(importId)}: ${IMPORT_ID_RULE}`);
  }
  const previous: State = { ...(organizationId !== undefined ? { organizationId } : {}), ...known };
  // One import reads each object and list once: its read, declarationOf and importLeavesOut ask
  // for the same customization or member list. Kept by lists of its own, dropped after it.
  const once = new SharedLists(ctx.api);
  ctx = { ...ctx, api: once.readingOnce(), lists: once };
  const state = await importedState(definition, ctx, id, previous, options.whole === true).catch((error: unknown) => {
    throw explainApiError(error, definition.kind, "read", id);
  });
  if (!state) {
    // An empty id would make the engine record a resource with no properties: a phantom that
    // `up` then believes exists. The import fails instead, naming what was looked for.
    throw new SaidError(
      said`${term.kind(definition.kind)}: cannot import ${JSON.stringify(importId)}: no such object${organizationId !== undefined ? ` in organization ${JSON.stringify(organizationId)}` : ""} (or it is not visible to this token). Check the id and ${term.setting("organizationId", "the provider's organizationId")}.`,
    );
  }
  // A null the API answers for an unset field is the input left out (what a program would write),
  // unless the input is required: there null is the value a program must write (a guest's role).
  const inputs: State = {};
  for (const key of inputKeysOf(definition)) {
    if (state[key] === undefined) continue;
    if (state[key] === null && !requiresInput(definition, key)) continue;
    inputs[key] = state[key];
  }
  for (const key of (await definition.importLeavesOut?.(ctx, id, state)) ?? []) delete inputs[key];
  for (const group of definition.exclusiveInputKeys ?? []) {
    const kept = group.find((key) => inputs[key] !== undefined);
    for (const key of group) if (key !== kept) delete inputs[key];
  }
  const outputs = outputsOf(definition, state, Object.keys(inputs));
  // `state` is the read itself, for the exporter: what import leaves out is still there (a null the API answers).
  return { id, props: outputs, inputs, state };
}
