/**
 * What both front doors share inside the process that serves resources: the configuration, the one
 * HTTP client (so the concurrency limit, the pace and keep-alive connections are per process), the
 * create journal, the deployment's claims, the lists a refresh shares, and each kind's provider
 * built from its definition. The dynamic door (host.ts, loaded by the Node.js dynamic-provider
 * host) and the plugin door (plugin/, a resource provider plugin) call into this module only; neither
 * implements anything of a kind.
 */
import { ApiClient } from "../client";
import type { ApiRequester } from "../api/requester";
import type { ResourceContext } from "../recovery/context";
import type { ProviderConfig } from "../config/provider-config";
import { type ResourceDefinition, toProvider } from "../adapter/resource";
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
import type { CheckFailure } from "../adapter/check";
import { IDENTITY_KEY } from "../adapter/property-bag";
import { definitionOf } from "../resources/kinds";

export type KindProvider = ReturnType<typeof toProvider>;

let config: ProviderConfig | undefined;
let client: ApiClient | undefined;
let journal: CreateJournal | undefined;
/** The lists a refresh shares between the resources of a parent, and the requester that forgets them on every write. */
let lists: SharedLists | undefined;
let api: ApiRequester | undefined;
/** One process serves one deployment: its claims live as long as the process. */
const claims = new DeploymentClaims();
/** The resources that own a singleton object, for the whole deployment (deployment-owners.ts). */
const owners = new DeploymentOwners();
/** The way each resource manages an aspect of an object, for the whole deployment (exclusive-ways.ts). */
const ways = new DeploymentWays();
const providers = new Map<string, KindProvider>();

/** (Re)builds the client for `next`; a no-op when the configuration is the one in use. */
export async function configureCore(next: ProviderConfig): Promise<void> {
  if (config && client && JSON.stringify(next) === JSON.stringify(config)) return;
  await client?.close();
  config = next;
  client = new ApiClient({
    baseUrl: next.apiUrl,
    token: next.token,
    maxRetries: next.maxRetries,
    requestTimeoutMs: next.requestTimeoutMs,
    maxConcurrentRequests: next.maxConcurrentRequests,
    requestsPerSecond: next.requestsPerSecond,
    rateLimitShare: next.rateLimitShare,
  });
  lists = new SharedLists(client);
  api = lists.observe(client);
}

/** Whether a configuration has been given (a check before it cannot make API reads). */
export function isConfigured(): boolean {
  return client !== undefined;
}

/** The client every request of this process goes through (lookups served by the plugin use it too). */
export function sharedApi(): ApiRequester {
  context();
  return client!;
}

export function context(): ResourceContext {
  if (!client || !api || !lists) {
    // Pulumi always configures a provider first; reaching this means it was used outside a provider host.
    throw new Error("pulumi-docs-platform: the provider was used before it was configured");
  }
  journal ??= new CreateJournal(journalDirectory());
  return { api, journal, claims, lists };
}

/** The definition of one resource kind, from the registry of kinds (resources/kinds.ts). */
export function definitionFor(kind: string): ResourceDefinition<{ adopt?: Adopt }> {
  const definition = definitionOf(kind);
  if (!definition) throw new Error(`pulumi-docs-platform: no resource kind ${JSON.stringify(kind)} in this version of the package`);
  return definition;
}

/** The provider implementation of one resource kind, loaded on first use. */
export function providerFor(kind: string): KindProvider {
  let provider = providers.get(kind);
  if (!provider) {
    provider = toProvider(definitionFor(kind), context);
    providers.set(kind, provider);
  }
  return provider;
}

/**
 * The check both doors answer with: the kind's validation, then, for a create (no previous inputs)
 * that passed it and when the provider is configured, what `up` would find (preview-checks.ts),
 * reported under `urn` (to the engine's log, or to `report`: the OpenTofu door's warnings). Failures
 * name no property (see {@link forTheEngine}).
 */
export async function checkWithPreview(
  kind: string,
  olds: PropertyBag,
  news: PropertyBag,
  urn: string | undefined,
  report?: (severity: "info" | "warning", message: string) => void,
): Promise<{ inputs: PropertyBag; failures?: CheckFailure[] }> {
  const provider = providerFor(kind);
  const checked = await provider.check(olds, news);
  // A resource whose earlier create was interrupted (its entry in the create journal) finds its
  // own object under its natural key: its create takes that object over (create-once.ts), so the
  // check must not call it someone else's. The journal is keyed by the identity the dynamic door
  // sends, or by the URN the plugin door gives create.
  const journalKey = typeof news[IDENTITY_KEY] === "string" ? news[IDENTITY_KEY] : urn;
  const interrupted = journalKey !== undefined && client !== undefined && context().journal?.lookup(journalKey) !== undefined;
  const ownerFailures = soleOwnerFailures(kind, checked, urn);
  if (ownerFailures.length > 0) return forTheEngine({ inputs: news, failures: ownerFailures });
  const wayConflict = checked.failures?.length || !checked.inputs ? undefined : exclusiveWayConflict(kind, checked.inputs, undefined, urn);
  if (wayConflict !== undefined) return forTheEngine({ inputs: news, failures: [{ property: "", reason: wayConflict }] });
  const creates = Object.keys(olds ?? {}).length === 0;
  const organizationId = (checked.inputs as { organizationId?: unknown }).organizationId;
  // Only for a create: an object already in the state was made in its organization, and
  // `pulumi import --file` (whose check has the imported state) must send no request.
  if (!checked.failures?.length && creates && client && typeof organizationId === "string" && !containsUnknown(organizationId)) {
    const failures = await organizationFailures(context().api, organizationId);
    if (failures.length > 0) return forTheEngine({ inputs: news, failures });
  }
  if (!checked.failures?.length && creates && client && !interrupted) {
    const messages: Promise<boolean>[] = [];
    const { lists: _lists, ...ctx } = context();
    const toEngine = (severity: "info" | "warning", message: string) => void messages.push(logToEngine(severity, urn, message));
    const failures = await previewChecks(definitionFor(kind), ctx, checked.inputs as { adopt?: Adopt }, report ?? toEngine);
    await Promise.all(messages);
    if (failures.length > 0) return forTheEngine({ inputs: news, failures });
  }
  return forTheEngine(checked as { inputs: PropertyBag; failures?: CheckFailure[] });
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
  return [{ property: "", reason: soleOwnerConflict(labelOf(kind, urn), labelOf(kind, first), object.description, ownership.why) }];
}

/**
 * A resource managing an aspect of an object one way while another resource of the deployment
 * manages it another way: the message naming both, or undefined (then the resource's way is
 * recorded, when its object is known). `id` is the resource's, once the engine gives it.
 */
function exclusiveWayConflict(kind: string, inputs: PropertyBag, id: string | undefined, urn: string | undefined): string | undefined {
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
  if (conflict !== undefined) throw new Error(conflict);
}

/**
 * The kind's diff, once the rules that need the resource's id hold: a resource naming its object
 * by its own id (a Team's membership) is known only now, in a preview as at `up`.
 */
export async function diffInDeployment(kind: string, id: string, olds: PropertyBag, news: PropertyBag, urn: string | undefined): ReturnType<KindProvider["diff"]> {
  requireOneWay(kind, news, id, urn);
  return providerFor(kind).diff(id, olds, news);
}

/**
 * The kind's create: its inputs' way is checked again before the write (the check of `up` did it
 * too; nothing may write past a conflict), and recorded with the new id after it.
 */
export async function createInDeployment(kind: string, inputs: PropertyBag, urn: string | undefined): ReturnType<KindProvider["create"]> {
  requireOneWay(kind, inputs, undefined, urn);
  const created = await providerFor(kind).create(inputs);
  // A new id cannot be another resource's object yet: recording it cannot conflict, and failing
  // here would lose the object just made.
  exclusiveWayConflict(kind, inputs, created.id, urn);
  return created;
}

/** The kind's update, once its way holds (the diff found a conflict first, unless `up` ran without a preview). */
export async function updateInDeployment(kind: string, id: string, olds: PropertyBag, news: PropertyBag, urn: string | undefined): ReturnType<KindProvider["update"]> {
  requireOneWay(kind, news, id, urn);
  return providerFor(kind).update(id, olds, news);
}

/**
 * Check failures as the engine prints them. Given a property, the engine prints "property <key>
 * value {<its value>} has a problem: <reason>", the value in clear even when it is a secret (a
 * token read from a file, a `fn::secret` title, a SAML certificate), and the dynamic door cannot
 * tell which inputs the program marked secret (the engine strips the marks for it). So no failure
 * names a property: the engine prints "<type> resource '<name>' has a problem: <reason>", and the
 * reason, which starts with the property's whole path, says where.
 */
function forTheEngine<T extends { failures?: { property: string; reason: string }[] }>(result: T): T {
  if (!result.failures?.length) return result;
  return { ...result, failures: result.failures.map((failure) => ({ ...failure, property: "" })) };
}
