/**
 * The plugin door: a Pulumi resource provider plugin (package `docs-platform`, types
 * `docs-platform:index:<Kind>`) served over gRPC on the SDK's generated stubs, so that every Pulumi
 * language can use the kinds. Like the dynamic door (runtime/host.ts) it is thin: each call is
 * translated to the kind's provider from runtime/core.ts (the same definitions, client and runtime)
 * and back. What only a plugin can do is done here: configuration through CheckConfig/Configure,
 * `detailedDiff`, import by id, secrets marked in outputs, and the lookups as invokes.
 *
 * `@pulumi/pulumi/provider`'s own `main()` is not used: its Configure ignores the request (the
 * configuration would never reach the client), it answers CheckConfig/DiffConfig with UNIMPLEMENTED
 * and its Diff sends no detailedDiff.
 */
import { IDENTITY_KEY } from "../adapter/property-bag";
import { CONFIG_KEYS, CONFIG_NAMESPACE, configurationFailures, configurationTypeFailures, readProviderConfig } from "../config/provider-config";
import { changedKeys } from "../adapter/resource";
import { checkWithPreview, configureCore, context, createInDeployment, definitionFor, diffInDeployment, providerFor, sharedApi, updateInDeployment } from "../runtime/core";
import { importObject } from "../adapter/resource";
import { UNKNOWN } from "../adapter/unknowns";
import { ORGANIZATION_ENV } from "../config/organization-default";
import { type Bag, unwrapSecrets, withoutDynamicKeys, wrapSecrets } from "./properties";
import { invoke } from "./invoke";
import { sdk } from "./sdk";
import { fromStruct, handle, toStruct } from "./calls";
import { infoService, PACKAGE } from "./info";

export { PACKAGE, pluginVersion } from "./info";
const TYPE_PREFIX = `${PACKAGE}:index:`;

const { provider: pb, empty } = sdk();

/** The kind of a resource type token, or an error naming the token. */
function kindOf(type: string, urn: string): string {
  const token = type || urn.split("::")[2]?.split("$").pop() || "";
  if (!token.startsWith(TYPE_PREFIX)) throw new Error(`docs-platform: unknown resource type ${JSON.stringify(token)}`);
  return token.slice(TYPE_PREFIX.length);
}

/** The request's type token; older SDK stubs (the peer range starts at 3.216) may lack the field: the URN has it too. */
function typeToken(request: Record<string, unknown>): string {
  return typeof request.getType === "function" ? String((request.getType as () => unknown).call(request) ?? "") : "";
}

function nameOf(urn: string): string {
  return urn.split("::").pop() ?? urn;
}

// ---- configuration ---------------------------------------------------------------------------

/** A provider's inputs (CheckConfig/Configure args, or config variables) as config/provider-config.ts reads them. */
function configSource(values: Bag): { get(key: string): string | undefined } {
  return {
    get(key) {
      const bare = key.startsWith(`${CONFIG_NAMESPACE}:`) ? key.slice(CONFIG_NAMESPACE.length + 1) : key;
      const value = values[bare];
      if (value === undefined || value === null || value === UNKNOWN) return undefined;
      // Numbers of the tuning keys; anything else of the wrong type is refused first (configurationTypeFailures).
      return typeof value === "string" ? value : typeof value === "number" ? String(value) : undefined;
    },
  };
}

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

let providerOrganizationId: string | undefined;

// ---- the service -----------------------------------------------------------------------------

function checkResponse(inputs: Bag, failures: readonly { property: string; reason: string }[] | undefined): unknown {
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

function diffResponse(changed: readonly string[], replaces: readonly string[], deleteBeforeReplace: boolean, olds: Bag, news: Bag): unknown {
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
      olds[key] === undefined ? (replace ? kinds.ADD_REPLACE : kinds.ADD) : news[key] === undefined ? (replace ? kinds.DELETE_REPLACE : kinds.DELETE) : replace ? kinds.UPDATE_REPLACE : kinds.UPDATE;
    const diff = new pb.PropertyDiff();
    diff.setKind(kind);
    diff.setInputdiff(true);
    detailed.set(key, diff);
  }
  return response;
}

export const service = {
  ...infoService,

  checkConfig: handle(async (request) => {
    const { values, secretKeys } = unwrapSecrets(fromStruct(request.getNews() as never));
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
  }),

  diffConfig: handle(async (request) => {
    const oldInputs = typeof request.getOldInputs === "function" ? (request.getOldInputs() as { toJavaScript(): unknown } | undefined) : undefined;
    const recorded = oldInputs ?? (request.getOlds() as { toJavaScript(): unknown } | undefined);
    const olds = unwrapSecrets(fromStruct(recorded)).values;
    const news = unwrapSecrets(fromStruct(request.getNews() as never)).values;
    const changed = [...KNOWN_CONFIG].filter((key) => JSON.stringify(olds[key]) !== JSON.stringify(news[key]) || news[key] === UNKNOWN);
    // No configuration change replaces a resource: a token or a pace changes how, not what.
    return diffResponse(changed, [], false, olds, news);
  }),

  configure: handle(async (request) => {
    const args = request.getArgs() as { toJavaScript(): unknown } | undefined;
    const values = args ? unwrapSecrets(fromStruct(args)).values : variablesOf(request.getVariablesMap() as never);
    const [wrongType] = configurationTypeFailures(values);
    if (wrongType) throw wrongType;
    const source = configSource(values);
    providerOrganizationId = source.get("organizationId") ?? (process.env[ORGANIZATION_ENV] || undefined);
    await configureCore(readProviderConfig(source, process.env));
    const response = new pb.ConfigureResponse();
    response.setAcceptsecrets(true);
    response.setAcceptresources(false);
    response.setAcceptoutputs(false);
    response.setSupportspreview(false);
    return response;
  }),

  check: handle(async (request) => {
    const urn = request.getUrn() as string;
    const kind = kindOf(typeToken(request), urn);
    const olds = unwrapSecrets(fromStruct(request.getOlds() as never)).values;
    const { values: news, secretKeys } = unwrapSecrets(fromStruct(request.getNews() as never));
    const declared = withoutDynamicKeys(news);
    if (declared.organizationId === undefined) {
      if (providerOrganizationId === undefined) {
        const reason =
          `${kind} "${nameOf(urn)}": organizationId is not set. Give it as \`organizationId\`, or set the provider's ` +
          `\`${CONFIG_NAMESPACE}:organizationId\` (or the environment variable ${ORGANIZATION_ENV}).`;
        return checkResponse(declared, [{ property: "", reason }]);
      }
      declared.organizationId = providerOrganizationId;
    }
    const checked = await checkWithPreview(kind, withoutDynamicKeys(olds), declared, urn);
    const inputs = withoutDynamicKeys(checked.inputs);
    return checkResponse(wrapSecrets(inputs, secretOutputKeys(kind, secretKeys)), checked.failures);
  }),

  diff: handle(async (request) => {
    const urn = request.getUrn() as string;
    const kind = kindOf(typeToken(request), urn);
    const olds = withoutDynamicKeys(unwrapSecrets(fromStruct(request.getOlds() as never)).values);
    const news = withoutDynamicKeys(unwrapSecrets(fromStruct(request.getNews() as never)).values);
    const decided = await diffInDeployment(kind, request.getId() as string, olds, news, urn);
    const changed = changedKeys(definitionFor(kind), olds, news);
    return diffResponse(changed, decided.replaces ?? [], decided.deleteBeforeReplace === true, olds, news);
  }),

  create: handle(async (request) => {
    const urn = request.getUrn() as string;
    const kind = kindOf(typeToken(request), urn);
    const { values, secretKeys } = unwrapSecrets(fromStruct(request.getProperties() as never));
    // The URN is the identity the create journal keys an interrupted create by.
    const created = await createInDeployment(kind, { ...withoutDynamicKeys(values), [IDENTITY_KEY]: urn }, urn);
    const response = new pb.CreateResponse();
    response.setId(created.id);
    response.setProperties(toStruct(wrapSecrets(withoutDynamicKeys(created.outs ?? {}), secretOutputKeys(kind, secretKeys))));
    return response;
  }),

  read: handle(async (request) => {
    const urn = request.getUrn() as string;
    const kind = kindOf(typeToken(request), urn);
    const id = request.getId() as string;
    const { values: props, secretKeys } = unwrapSecrets(fromStruct(request.getProperties() as never));
    const secrets = secretOutputKeys(kind, secretKeys);
    const response = new pb.ReadResponse();
    const state = withoutDynamicKeys(props);
    // `pulumi import`: no state yet, only the id.
    const result =
      Object.keys(state).length === 0
        ? await importObject(definitionFor(kind), context(), id, providerOrganizationId)
        : await providerFor(kind).read(id, state);
    response.setId(result.id);
    response.setProperties(toStruct(wrapSecrets(withoutDynamicKeys(result.props ?? {}), secrets)));
    if (result.inputs) response.setInputs(toStruct(wrapSecrets(withoutDynamicKeys(result.inputs), secrets)));
    return response;
  }),

  update: handle(async (request) => {
    const urn = request.getUrn() as string;
    const kind = kindOf(typeToken(request), urn);
    const olds = withoutDynamicKeys(unwrapSecrets(fromStruct(request.getOlds() as never)).values);
    const { values: news, secretKeys } = unwrapSecrets(fromStruct(request.getNews() as never));
    const updated = await updateInDeployment(kind, request.getId() as string, olds, withoutDynamicKeys(news), urn);
    const response = new pb.UpdateResponse();
    response.setProperties(toStruct(wrapSecrets(withoutDynamicKeys(updated.outs ?? {}), secretOutputKeys(kind, secretKeys))));
    return response;
  }),

  delete: handle(async (request) => {
    const urn = request.getUrn() as string;
    const kind = kindOf(typeToken(request), urn);
    const props = withoutDynamicKeys(unwrapSecrets(fromStruct(request.getProperties() as never)).values);
    await providerFor(kind).delete(request.getId() as string, props);
    return new empty.Empty();
  }),

  invoke: handle(async (request) => {
    const args = unwrapSecrets(fromStruct(request.getArgs() as never)).values;
    const result = await invoke(request.getTok() as string, args, sharedApi(), providerOrganizationId);
    const response = new pb.InvokeResponse();
    response.setReturn(toStruct(result));
    return response;
  }),

  cancel: handle(async () => new empty.Empty()),
};
