/**
 * The core: what every front door serves resources with, as one value per configuration. A door
 * holds a {@link Core} through its session (door-layer/session.ts): the dynamic door (host.ts,
 * loaded by the Node.js dynamic-provider host) when the host configures it, the plugin door
 * (plugin/server.ts) in `Configure`, the OpenTofu door (terraform/) in `ConfigureProvider`. Nothing of a
 * configuration lives at module level, so two cores in one process (two providers, or a test's
 * two emulators) never share a client, a cache, a claim or a journal.
 *
 * A core's API, all a door needs (each operation takes the resource's kind, its type name in
 * resources/kinds.ts, and where a deployment rule needs it the resource's URN):
 *
 * - `createCore(config, options?)`: a core for one configuration; `createCore(undefined)`
 *   validates only (a check before any configuration makes no API read; every other operation
 *   refuses). `options.journalDirectory` gives the create journal a folder of its own.
 * - `reconfigured(core, config)`: the core to hold after a (re)configuration: the same one when
 *   the configuration is unchanged, else a new one (the old one's connections closed).
 * - `check`, `diff`, `create`, `read`, `update`, `delete`: the engine's calls on a resource, with
 *   the deployment's rules (one owner, one way) and the preview's reads applied.
 *   `check(kind, olds, news, urn, report?)`: the preview's findings go to the engine's log under
 *   `urn`, or to `report` when a door has no engine log (the OpenTofu door turns them into
 *   warning diagnostics).
 *   `create` and `read` take `{ tracked }` (inputs the outputs hold though the inputs leave them
 *   out), `delete` takes `{ claims }` (claims to take first); the OpenTofu door passes them.
 * - `claimOf(kind, inputs)`: the claim a create of `inputs` will take (a member's), for a
 *   replacement that deletes before it creates.
 * - `importObject(kind, importId, organizationId, options?)`: `pulumi import` by an import id
 *   (`options.whole`: the object whole, for OpenTofu's import).
 * - `expectCreate(kind, journalKey, id)`: the create journal told that a create to come takes `id` over.
 * - `api()`: the requester of this core (lookups served by a door use it).
 * - `kindProvider(kind)`: the kind's own provider on this core, without the deployment's rules
 *   (the serialized stubs of 0.1.0 call it: runtime/host.ts's `providerFor`).
 * - `close()`: closes the client's connections.
 *
 * `definitionFor(kind)` reads the registry of kinds, which is code, not state.
 */
import { ApiClient, clientOptionsOf } from "../client";
import type { ApiRequester } from "../api/requester";
import type { ResourceContext } from "../recovery/context";
import type { ProviderConfig } from "../config/provider-config";
import { type ImportOptions, importObject, type KindProvider, type ResourceDefinition, type StateOptions, toProvider } from "../adapter/resource";
import type { PropertyBag } from "../adapter/property-bag";
import type { Adopt } from "../adapter/adopt";
import { CreateJournal, journalDirectory } from "../recovery/create-journal";
import { DeploymentClaims } from "../recovery/deployment-claims";
import { DeploymentOwners, labelOf, soleOwnerConflict } from "../adapter/deployment-owners";
import { DeploymentWays } from "../adapter/exclusive-ways";
import { SharedLists } from "../api/shared-lists";
import { logToEngine } from "./engine-log";
import { organizationFailures, previewChecks } from "./preview-checks";
import { containsUnknown } from "../adapter/unknowns";
import { type CheckFailure, inputFailure, withSaid } from "../adapter/check";
import { type Said, SaidError } from "../adapter/door-words";
import { IDENTITY_KEY } from "../adapter/property-bag";
import { definitionOf } from "../resources/kinds";
import { explainApiError } from "../adapter/operation-errors";

export type { KindProvider };

/** A finding of the preview's reads (preview-checks.ts), as a door reports it. */
export type PreviewReport = (severity: "info" | "warning", message: string | Said) => void;

export interface CheckResult {
  inputs: PropertyBag;
  failures?: CheckFailure[];
}

/** The operations a door calls on one configuration's core (the list at the top of this file). */
export interface Core {
  /** The configuration the core was built with; undefined: none yet (checks validate only). */
  readonly config: ProviderConfig | undefined;
  /** `report`: where the preview's findings go instead of the engine's log (a door without one). */
  check(kind: string, olds: PropertyBag, news: PropertyBag, urn: string | undefined, report?: PreviewReport): Promise<CheckResult>;
  diff(kind: string, id: string, olds: PropertyBag, news: PropertyBag, urn: string | undefined): ReturnType<KindProvider["diff"]>;
  /** `options.tracked`: inputs the outputs hold though the inputs leave them out (adapter/resource.ts `StateOptions`). */
  create(kind: string, inputs: PropertyBag, urn: string | undefined, options?: StateOptions): ReturnType<KindProvider["create"]>;
  read(kind: string, id: string, props?: PropertyBag, options?: StateOptions): ReturnType<KindProvider["read"]>;
  update(kind: string, id: string, olds: PropertyBag, news: PropertyBag, urn: string | undefined): ReturnType<KindProvider["update"]>;
  /** `options.claims`: claims to take first (a replacement's create, which follows, takes them: `ResourceDefinition.claimOf`). */
  delete(kind: string, id: string, props: PropertyBag, options?: { claims?: readonly string[] }): Promise<void>;
  /** The claim a create of `inputs` will take (`ResourceDefinition.claimOf`); undefined for a kind whose creates take none. */
  claimOf(kind: string, inputs: PropertyBag): Promise<string | undefined>;
  importObject(kind: string, importId: string, organizationId: string | undefined, options?: ImportOptions): ReturnType<typeof importObject>;
  /**
   * Records in the create journal that the create keyed `journalKey` is to take `kind` `id` over
   * (create-once.ts): a door that keeps an object for a create that follows (the OpenTofu door's
   * tainted partial create) loses nothing when the run stops in between.
   */
  expectCreate(kind: string, journalKey: string, id: string): void;
  api(): ApiRequester;
  kindProvider(kind: string): KindProvider;
  close(): Promise<void>;
}

/** The definition of one resource kind, from the registry of kinds (resources/kinds.ts). */
export function definitionFor(kind: string): ResourceDefinition<{ adopt?: Adopt }> {
  const definition = definitionOf(kind);
  if (!definition) throw new Error(`pulumi-docs-platform: no resource kind ${JSON.stringify(kind)} in this version of the package`);
  return definition;
}

/**
 * The core to hold once `next` is the configuration: `current` itself when `next` is the one it
 * was built with (the dynamic provider host configures once per kind, with the same stack
 * config), else a new core, `current`'s connections closed.
 */
export async function reconfigured(current: Core | undefined, next: ProviderConfig): Promise<Core> {
  if (current?.config !== undefined && JSON.stringify(current.config) === JSON.stringify(next)) return current;
  await current?.close();
  return createCore(next);
}

interface Wired {
  client: ApiClient;
  lists: SharedLists;
  /** The client, forgetting the shared lists on every write. */
  observed: ApiRequester;
}

/** The client of one configuration (the concurrency limit, the pace and keep-alive connections are per core) and its lists. */
function wire(config: ProviderConfig): Wired {
  const client = new ApiClient(clientOptionsOf(config));
  const lists = new SharedLists(client);
  return { client, lists, observed: lists.observe(client) };
}

/** Where a core keeps what is not its configuration. */
export interface CoreOptions {
  /** The create journal's folder; default journalDirectory() (the user's Pulumi home), read on the first create. */
  journalDirectory?: string;
}

/** A core for `config` (undefined: a core that only validates, until a door is configured). */
export function createCore(config: ProviderConfig | undefined, options: CoreOptions = {}): Core {
  /**
   * The client, and the lists a refresh shares between the resources of a parent with the
   * requester that forgets them on every write; none before a configuration.
   */
  const wired = config && wire(config);
  /** Made on first use: a core that never creates writes no journal folder. */
  let journal: CreateJournal | undefined;
  /** One core serves one deployment: its claims live as long as the core. */
  const claims = new DeploymentClaims();
  /** The resources that own a singleton object, for the whole deployment (deployment-owners.ts). */
  const owners = new DeploymentOwners();
  /** The way each resource manages an aspect of an object, for the whole deployment (exclusive-ways.ts). */
  const ways = new DeploymentWays();
  const providers = new Map<string, KindProvider>();

  function configured(): Wired {
    // Pulumi always configures a provider first; reaching this means it was used outside a provider host.
    if (!wired) throw new Error("pulumi-docs-platform: the provider was used before it was configured");
    return wired;
  }

  function context(): ResourceContext {
    const { observed, lists } = configured();
    journal ??= new CreateJournal(options.journalDirectory ?? journalDirectory());
    return { api: observed, journal, claims, lists };
  }

  function kindProvider(kind: string): KindProvider {
    let provider = providers.get(kind);
    if (!provider) {
      provider = toProvider(definitionFor(kind), context);
      providers.set(kind, provider);
    }
    return provider;
  }

  /** A second resource claiming an object one resource of the deployment owns alone. */
  function soleOwnerFailures(kind: string, checked: { inputs?: PropertyBag; failures?: CheckFailure[] }, urn: string | undefined): CheckFailure[] {
    const ownership = definitionFor(kind).soleOwner;
    if (!ownership || checked.failures?.length || !checked.inputs || urn === undefined) return [];
    const object = ownership.object(checked.inputs);
    // Still unknown key parts (ids of objects not made yet) are claimed when they are known, at `up`.
    if (!object || containsUnknown(object.key)) return [];
    const first = owners.claim(kind, object, urn);
    if (first === undefined) return [];
    return [inputFailure("", soleOwnerConflict(labelOf(kind, urn), labelOf(kind, first), object.description, ownership.why))];
  }

  /**
   * A resource managing an aspect of an object one way while another resource of the deployment
   * manages it another way: the message naming both, or undefined (then the resource's way is
   * recorded, when its object is known). `id` is the resource's, once the engine gives it.
   */
  function exclusiveWayConflict(kind: string, inputs: PropertyBag, id: string | undefined, urn: string | undefined): Said | undefined {
    const declared = definitionFor(kind).exclusiveWay;
    if (!declared || urn === undefined) return undefined;
    const object = declared.object(inputs, id === "" ? undefined : id);
    // Still unknown (an id of an object not made yet): recorded when it is known, at `up`.
    if (object === undefined || containsUnknown(object)) return undefined;
    const other = ways.record(declared, object, { kind, urn });
    return other && declared.conflict(labelOf(kind, urn), labelOf(other.kind, other.urn), object);
  }

  /**
   * Throws the conflict when the resource manages an aspect of its object another way than a
   * resource of the deployment already does (the membership of a Team, ...), before any request;
   * otherwise records its way. The rule the diff, the create and the update of a kind all hold.
   */
  function requireOneWay(kind: string, inputs: PropertyBag, id: string | undefined, urn: string | undefined): void {
    const conflict = exclusiveWayConflict(kind, inputs, id, urn);
    if (conflict !== undefined) throw new SaidError(conflict);
  }

  return {
    config,

    /**
     * The kind's validation, then, for a create (no previous inputs) that passed it and when the
     * core is configured, what `up` would find (preview-checks.ts), reported under `urn` (or to
     * `report`).
     * Failures name no property (see {@link forTheEngine}).
     */
    async check(kind, olds, news, urn, report) {
      const checked = await kindProvider(kind).check(olds, news);
      // A resource whose earlier create was interrupted (its entry in the create journal) finds its
      // own object under its natural key: its create takes that object over (create-once.ts), so the
      // check must not call it someone else's. The journal is keyed by the identity the dynamic door
      // sends, or by the URN the plugin door gives create.
      const journalKey = typeof news[IDENTITY_KEY] === "string" ? news[IDENTITY_KEY] : urn;
      const interrupted = journalKey !== undefined && wired !== undefined && context().journal?.lookup(journalKey) !== undefined;
      const ownerFailures = soleOwnerFailures(kind, checked, urn);
      if (ownerFailures.length > 0) return forTheEngine({ inputs: news, failures: ownerFailures });
      const wayConflict = checked.failures?.length || !checked.inputs ? undefined : exclusiveWayConflict(kind, checked.inputs, undefined, urn);
      if (wayConflict !== undefined) return forTheEngine({ inputs: news, failures: [inputFailure("", wayConflict)] });
      const creates = Object.keys(olds ?? {}).length === 0;
      const organizationId = (checked.inputs as { organizationId?: unknown }).organizationId;
      // Only for a create: an object already in the state was made in its organization, and
      // `pulumi import --file` (whose check has the imported state) must send no request.
      if (!checked.failures?.length && creates && wired !== undefined && typeof organizationId === "string" && !containsUnknown(organizationId)) {
        const failures = await organizationFailures(context().api, organizationId);
        if (failures.length > 0) return forTheEngine({ inputs: news, failures });
      }
      if (!checked.failures?.length && creates && wired !== undefined && !interrupted) {
        const messages: Promise<boolean>[] = [];
        const { lists: _lists, ...ctx } = context();
        const toEngine: PreviewReport = (severity, message) => void messages.push(logToEngine(severity, urn, String(message)));
        const failures = await previewChecks(definitionFor(kind), ctx, checked.inputs as { adopt?: Adopt }, report ?? toEngine);
        await Promise.all(messages);
        if (failures.length > 0) return forTheEngine({ inputs: news, failures });
      }
      return forTheEngine(checked as CheckResult);
    },

    /**
     * The kind's diff, once the rules that need the resource's id hold: a resource naming its object
     * by its own id (a Team's membership) is known only now, in a preview as at `up`.
     */
    async diff(kind, id, olds, news, urn) {
      requireOneWay(kind, news, id, urn);
      return kindProvider(kind).diff(id, olds, news);
    },

    /**
     * The kind's create: its inputs' way is checked again before the write (the check of `up` did it
     * too; nothing may write past a conflict), and recorded with the new id after it.
     */
    async create(kind, inputs, urn, options) {
      requireOneWay(kind, inputs, undefined, urn);
      const created = await kindProvider(kind).create(inputs, options);
      // A new id cannot be another resource's object yet: recording it cannot conflict, and failing
      // here would lose the object just made.
      exclusiveWayConflict(kind, inputs, created.id, urn);
      return created;
    },

    read: (kind, id, props, options) => kindProvider(kind).read(id, props, options),

    /** The kind's update, once its way holds (the diff found a conflict first, unless `up` ran without a preview). */
    async update(kind, id, olds, news, urn) {
      requireOneWay(kind, news, id, urn);
      return kindProvider(kind).update(id, olds, news);
    },

    delete(kind, id, props, options) {
      for (const claim of options?.claims ?? []) claims.claim(claim);
      return kindProvider(kind).delete(id, props);
    },

    async claimOf(kind, inputs) {
      const definition = definitionFor(kind);
      if (!definition.claimOf) return undefined;
      const { [IDENTITY_KEY]: _identity, ...declared } = inputs;
      return definition.claimOf(context(), declared).catch((error: unknown) => {
        throw explainApiError(error, kind, "read");
      });
    },

    importObject: (kind, importId, organizationId, options) => importObject(definitionFor(kind), context(), importId, organizationId, options),

    expectCreate(kind, journalKey, id) {
      const journal = context().journal!;
      journal.created(journal.begin(journalKey, kind), id);
    },

    // The client itself: a lookup only reads, and keeps no list a refresh shares.
    api: () => configured().client,

    kindProvider,

    close: async () => wired?.client.close(),
  };
}

/**
 * Check failures as the engine prints them. Given a property, the engine prints "property <key>
 * value {<its value>} has a problem: <reason>", the value in clear even when it is a secret (a
 * token read from a file, a `fn::secret` title, a SAML certificate), and the dynamic door cannot
 * tell which inputs the program marked secret (the engine strips the marks for it). So no failure
 * names a property: the engine prints "<type> resource '<name>' has a problem: <reason>", and the
 * reason, which starts with the property's whole path, says where.
 */
function forTheEngine<T extends { failures?: CheckFailure[] }>(result: T): T {
  if (!result.failures?.length) return result;
  return { ...result, failures: result.failures.map((failure) => withSaid({ ...failure, property: "" }, failure.said)) };
}
