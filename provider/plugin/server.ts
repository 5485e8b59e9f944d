/**
 * The plugin door: a Pulumi resource provider plugin (package `docs-platform`, types
 * `docs-platform:index:<Kind>`) served over gRPC on the SDK's generated stubs, so that every Pulumi
 * language can use the kinds. Like the dynamic door (runtime/host.ts) it is thin: each call is
 * translated to the kind's provider from runtime/core.ts (the same definitions, client and runtime)
 * and back. What only a plugin can do is done here: configuration through CheckConfig/Configure,
 * `detailedDiff`, import by id, secrets marked in outputs, the lookups as invokes, and List (list.ts).
 *
 * `@pulumi/pulumi/provider`'s own `main()` is not used: its Configure ignores the request (the
 * configuration would never reach the client), it answers CheckConfig/DiffConfig with UNIMPLEMENTED
 * and its Diff sends no detailedDiff.
 */
import type * as pulumirpc from "@pulumi/pulumi/proto/provider_pb";
import type { Empty } from "google-protobuf/google/protobuf/empty_pb";
import type { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { IDENTITY_KEY, type PropertyBag } from "../adapter/property-bag";
import { CONFIG_KEYS, CONFIG_NAMESPACE, configurationFailures, configurationTypeFailures } from "../config/provider-config";
import { changedKeys } from "../adapter/resource";
import { definitionFor } from "../runtime/core";
import { UNKNOWN } from "../adapter/unknowns";
import { ORGANIZATION_ENV } from "../config/organization-default";
import { configSource, configureSession, type DoorSession, openSession, withSessionOrganization } from "../door-layer/session";
import { type Bag, withoutDynamicKeys } from "../door-layer/properties";
import { unwrapSecrets, wrapSecrets } from "./secrets";
import { invoke } from "../door-layer/invoke";
import { messages } from "./sdk";
import { fromStruct, handle, toStruct } from "./calls";
import { infoService, PACKAGE } from "./info";
import { listHandler } from "./list";

export { PACKAGE, pluginVersion } from "./info";
const TYPE_PREFIX = `${PACKAGE}:index:`;

const { provider: pb, empty } = messages();

// ---- decoding: a request's values, once per handler -------------------------------------------

/** A property bag of a request: its values with the secret marks taken off, and the top-level keys that held one. */
interface Values {
  values: Bag;
  secretKeys: Set<string>;
}

/** A Struct of the engine's, secrets unwrapped (a configuration's keys are read as they are). */
function valuesOf(value: Struct | undefined): Values {
  return unwrapSecrets(fromStruct(value));
}

/** A resource's property bag: as {@link valuesOf}, without the keys only the dynamic door keeps. */
function propertiesOf(value: Struct | undefined): Values {
  const { values, secretKeys } = valuesOf(value);
  return { values: withoutDynamicKeys(values), secretKeys };
}

/** Which resource a request is about: its URN, its kind and its name. */
interface Target {
  urn: string;
  kind: string;
  name: string;
}

/** A request naming a resource (every resource call's request has both fields). */
interface ResourceRequest {
  getUrn(): string;
  getType(): string;
}

function targetOf(request: ResourceRequest): Target {
  const urn = request.getUrn();
  // Older SDK stubs (the peer range starts at 3.216) may lack the type field: the URN has it too.
  const type = typeof request.getType === "function" ? request.getType() : "";
  const token = type || urn.split("::")[2]?.split("$").pop() || "";
  if (!token.startsWith(TYPE_PREFIX)) throw new Error(`docs-platform: unknown resource type ${JSON.stringify(token)}`);
  return { urn, kind: token.slice(TYPE_PREFIX.length), name: urn.split("::").pop() ?? urn };
}

/**
 * A Diff's or an Update's previous inputs: the engine sends them as `old_inputs` since 3.9x and
 * only the previous outputs (`olds`) before; older SDK stubs lack the field.
 */
function previousInputsOf(request: pulumirpc.DiffRequest | pulumirpc.UpdateRequest): Struct | undefined {
  return (typeof request.getOldInputs === "function" ? request.getOldInputs() : undefined) ?? request.getOlds();
}

// ---- configuration ---------------------------------------------------------------------------

/** Configure's variables (`docs-platform:config:apiUrl` or `docs-platform:apiUrl`) as bare keys. */
function variablesOf(map: { forEach(callback: (value: string, key: string) => void): void }): Bag {
  const values: Bag = {};
  map.forEach((value, key) => {
    const bare = key.replace(/^docs-platform:(config:)?/, "");
    values[bare] = value;
  });
  return values;
}

const SECRET_CONFIG = CONFIG_KEYS.filter((key) => key.secret).map((key) => key.key);
const KNOWN_CONFIG = new Set(CONFIG_KEYS.map((key) => key.key));

// ---- encoding: one response per handler ------------------------------------------------------

function checkResponse(inputs: Bag, failures: readonly { property: string; reason: string }[] | undefined): pulumirpc.CheckResponse {
  const response = new pb.CheckResponse();
  response.setInputs(toStruct(inputs));
  if (failures?.length) {
    response.setFailuresList(
      failures.map((failure) => {
        const item = new pb.CheckFailure();
        item.setProperty(failure.property);
        item.setReason(failure.reason);
        return item;
      }),
    );
  }
  return response;
}

/** The secret keys a kind always has, and those the program marked. */
function secretOutputKeys(kind: string, marked: Iterable<string>): Set<string> {
  return new Set([...(definitionFor(kind).secretInputKeys ?? []), ...marked]);
}

function diffResponse(changed: readonly string[], replaces: readonly string[], deleteBeforeReplace: boolean, olds: Bag, news: Bag): pulumirpc.DiffResponse {
  const response = new pb.DiffResponse();
  response.setChanges(changed.length > 0 ? pb.DiffResponse.DiffChanges.DIFF_SOME : pb.DiffResponse.DiffChanges.DIFF_NONE);
  response.setReplacesList([...replaces]);
  response.setDeletebeforereplace(deleteBeforeReplace);
  response.setDiffsList([...changed]);
  response.setHasdetaileddiff(true);
  const detailed = response.getDetaileddiffMap();
  for (const key of changed) {
    const replace = replaces.includes(key);
    const kinds = pb.PropertyDiff.Kind;
    const kind =
      olds[key] === undefined
        ? replace
          ? kinds.ADD_REPLACE
          : kinds.ADD
        : news[key] === undefined
          ? replace
            ? kinds.DELETE_REPLACE
            : kinds.DELETE
          : replace
            ? kinds.UPDATE_REPLACE
            : kinds.UPDATE;
    const diff = new pb.PropertyDiff();
    diff.setKind(kind);
    diff.setInputdiff(true);
    detailed.set(key, diff);
  }
  return response;
}

/** A resource's properties as a response carries them: the kind's secrets and the program's marked. */
function propertiesStruct(kind: string, values: PropertyBag, marked: Iterable<string>): Struct {
  return toStruct(wrapSecrets(withoutDynamicKeys(values), secretOutputKeys(kind, marked)));
}

// ---- the handlers: one named function per RPC, over the provider's session and the request ------

function checkConfig(request: pulumirpc.CheckRequest): pulumirpc.CheckResponse {
  const { values, secretKeys } = valuesOf(request.getNews());
  const reasons: string[] = [];
  for (const key of Object.keys(values)) {
    if (!KNOWN_CONFIG.has(key) && key !== "version" && !key.startsWith("__")) {
      reasons.push(`${CONFIG_NAMESPACE}:${key}: unknown configuration key; the keys are ${[...KNOWN_CONFIG].join(", ")}`);
    }
  }
  const typeFailures = configurationTypeFailures(values);
  reasons.push(...typeFailures.map((failure) => failure.message));
  // Keys still unknown at preview (outputs of other resources) and keys of the wrong type are
  // left out; every other key is checked now, so a bad one fails the preview, not `up` half way.
  const skipped = new Set([...Object.keys(values).filter((key) => values[key] === UNKNOWN), ...typeFailures.map((failure) => failure.key.replace(`${CONFIG_NAMESPACE}:`, ""))]);
  reasons.push(...configurationFailures(configSource(values), process.env, skipped).map((failure) => failure.message));
  // No failure names its property: the engine would print the property's value beside it, and
  // that is the token, or an API URL holding credentials. Each reason names its key.
  const failures = reasons.map((reason) => ({ property: "", reason }));
  // The token (and anything the program marked) is stored encrypted, however it was given.
  return checkResponse(wrapSecrets(values, [...secretKeys, ...SECRET_CONFIG]), failures);
}

function diffConfig(request: pulumirpc.DiffRequest): pulumirpc.DiffResponse {
  const olds = valuesOf(previousInputsOf(request)).values;
  const news = valuesOf(request.getNews()).values;
  const changed = [...KNOWN_CONFIG].filter((key) => JSON.stringify(olds[key]) !== JSON.stringify(news[key]) || news[key] === UNKNOWN);
  // No configuration change replaces a resource: a token or a pace changes how, not what.
  return diffResponse(changed, [], false, olds, news);
}

async function configure(session: DoorSession, request: pulumirpc.ConfigureRequest): Promise<pulumirpc.ConfigureResponse> {
  const args = request.getArgs();
  const values = args ? valuesOf(args).values : variablesOf(request.getVariablesMap());
  const [failure] = await configureSession(session, values);
  if (failure) throw failure;
  const response = new pb.ConfigureResponse();
  response.setAcceptsecrets(true);
  response.setAcceptresources(false);
  response.setAcceptoutputs(false);
  response.setSupportspreview(false);
  return response;
}

async function check(session: DoorSession, request: pulumirpc.CheckRequest): Promise<pulumirpc.CheckResponse> {
  const { urn, kind, name } = targetOf(request);
  const olds = propertiesOf(request.getOlds()).values;
  const { values: given, secretKeys } = propertiesOf(request.getNews());
  const secrets = secretOutputKeys(kind, secretKeys);
  const news = withSessionOrganization(session, true, given);
  if (news === undefined) {
    const reason =
      `${kind} "${name}": organizationId is not set. Give it as \`organizationId\`, or set the provider's ` +
      `\`${CONFIG_NAMESPACE}:organizationId\` (or the environment variable ${ORGANIZATION_ENV}).`;
    return checkResponse(wrapSecrets(given, secrets), [{ property: "", reason }]);
  }
  const checked = await session.core.check(kind, olds, news, urn);
  return checkResponse(wrapSecrets(withoutDynamicKeys(checked.inputs), secrets), checked.failures);
}

async function diff(session: DoorSession, request: pulumirpc.DiffRequest): Promise<pulumirpc.DiffResponse> {
  const { urn, kind } = targetOf(request);
  const olds = propertiesOf(request.getOlds()).values;
  const news = propertiesOf(request.getNews()).values;
  const decided = await session.core.diff(kind, request.getId(), olds, news, urn);
  const changed = changedKeys(definitionFor(kind), olds, news);
  return diffResponse(changed, decided.replaces ?? [], decided.deleteBeforeReplace === true, olds, news);
}

async function create(session: DoorSession, request: pulumirpc.CreateRequest): Promise<pulumirpc.CreateResponse> {
  const { urn, kind } = targetOf(request);
  const { values, secretKeys } = propertiesOf(request.getProperties());
  // The URN is the identity the create journal keys an interrupted create by.
  const created = await session.core.create(kind, { ...values, [IDENTITY_KEY]: urn }, urn);
  const response = new pb.CreateResponse();
  response.setId(created.id);
  response.setProperties(propertiesStruct(kind, created.outs ?? {}, secretKeys));
  return response;
}

async function read(session: DoorSession, request: pulumirpc.ReadRequest): Promise<pulumirpc.ReadResponse> {
  const { kind } = targetOf(request);
  const id = request.getId();
  const { values: state, secretKeys } = propertiesOf(request.getProperties());
  // `pulumi import`: no state yet, only the id.
  const result = Object.keys(state).length === 0 ? await session.core.importObject(kind, id, session.organizationId) : await session.core.read(kind, id, state);
  const response = new pb.ReadResponse();
  response.setId(result.id ?? "");
  response.setProperties(propertiesStruct(kind, result.props ?? {}, secretKeys));
  if (result.inputs) response.setInputs(propertiesStruct(kind, result.inputs, secretKeys));
  return response;
}

async function update(session: DoorSession, request: pulumirpc.UpdateRequest): Promise<pulumirpc.UpdateResponse> {
  const { urn, kind } = targetOf(request);
  const olds = propertiesOf(request.getOlds()).values;
  const { values: news, secretKeys } = propertiesOf(request.getNews());
  const updated = await session.core.update(kind, request.getId(), olds, news, urn);
  const response = new pb.UpdateResponse();
  response.setProperties(propertiesStruct(kind, updated.outs ?? {}, secretKeys));
  return response;
}

async function deleteResource(session: DoorSession, request: pulumirpc.DeleteRequest): Promise<Empty> {
  const { kind } = targetOf(request);
  await session.core.delete(kind, request.getId(), propertiesOf(request.getProperties()).values);
  return new empty.Empty();
}

async function invokeFunction(session: DoorSession, request: pulumirpc.InvokeRequest): Promise<pulumirpc.InvokeResponse> {
  const result = await invoke(request.getTok(), valuesOf(request.getArgs()).values, session.core.api(), session.organizationId);
  const response = new pb.InvokeResponse();
  response.setReturn(toStruct(result));
  return response;
}

/** Nothing to cancel: requests in flight finish or time out on their own (the client's deadline). */
function cancel(): Empty {
  return new empty.Empty();
}

// ---- the service -----------------------------------------------------------------------------

/**
 * The plugin's gRPC service: each RPC's handler above, over the session `Configure` fills (the
 * core, the provider's organization). One service per provider (service.ts makes the one of this
 * process); two services never share a session.
 */
export function pluginService() {
  const session = openSession();
  return {
    ...infoService,
    checkConfig: handle(checkConfig),
    diffConfig: handle(diffConfig),
    configure: handle((request: pulumirpc.ConfigureRequest) => configure(session, request)),
    check: handle((request: pulumirpc.CheckRequest) => check(session, request)),
    diff: handle((request: pulumirpc.DiffRequest) => diff(session, request)),
    create: handle((request: pulumirpc.CreateRequest) => create(session, request)),
    read: handle((request: pulumirpc.ReadRequest) => read(session, request)),
    update: handle((request: pulumirpc.UpdateRequest) => update(session, request)),
    delete: handle((request: pulumirpc.DeleteRequest) => deleteResource(session, request)),
    invoke: handle((request: pulumirpc.InvokeRequest) => invokeFunction(session, request)),
    list: listHandler(session),
    cancel: handle(cancel),
  };
}
