/**
 * The Terraform door's ProviderHandler (protocol.ts): each RPC's DynamicValues decoded with the
 * schema's cty types (schema.ts, cty.ts), turned into the core's camelCase objects (values.ts),
 * handed to Terraform's resource semantics (operations.ts), and the answer encoded back; every
 * diagnostic's core path becomes a tfplugin6 attribute path. It names no kind: the resource and
 * data source types are the schema's, looked up by their type names.
 */
import { containsUnknown, UNKNOWN } from "../adapter/unknowns";
import { blockType, decodeDynamicValue, decodeJsonValue, encodeDynamicValue } from "./cty";
import { generatedConfig, listBlock, type TerraformDiscovery, terraformDiscovery } from "./discovery";
import { openSession } from "../door-layer/session";
import { identityOf, identityOfState, identityType, importOfIdentity, IDENTITY_VERSION } from "./identity";
import { type Diagnostic, type TerraformOperations, terraformOperations } from "./operations";
import {
  type ApplyResourceChangeResponse,
  type DynamicValue,
  errorDiagnostic,
  type GenerateResourceConfigResponse,
  type ListResourceEvent,
  type PlanResourceChangeResponse,
  type ProtocolDiagnostic,
  type ProviderHandler,
  type ResourceIdentityData,
  type Schema,
  type SchemaAttribute,
  type SchemaBlock,
  type UpgradeResourceIdentityResponse,
  type UpgradeResourceStateResponse,
} from "./protocol";
import { type TfAttribute, type TfBlock, type TfProviderSchema, terraformSchema } from "./schema";
import { attributePathSteps, fromCore, toCore } from "./values";

const NO_BYTES = new Uint8Array();
const encoder = new TextEncoder();

// ---- schema ------------------------------------------------------------------------------------

function protocolAttribute(attribute: TfAttribute): SchemaAttribute {
  return {
    name: attribute.name,
    ...(attribute.nestedType
      ? {
          nestedType: {
            nesting: attribute.nestedType.nesting.toUpperCase() as "SINGLE" | "LIST" | "SET" | "MAP",
            attributes: attribute.nestedType.attributes.map(protocolAttribute),
          },
        }
      : { type: encoder.encode(JSON.stringify(attribute.type ?? "dynamic")) }),
    description: attribute.description,
    // The declarations' descriptions use Markdown (`code`, links), as the registry renders them.
    descriptionKind: "MARKDOWN",
    required: attribute.required,
    optional: attribute.optional,
    computed: attribute.computed,
    sensitive: attribute.sensitive,
  };
}

/** A block as the protocol's schema: its attributes' flags are the schema's (schema.ts), unchanged. */
function protocolSchema(block: TfBlock, version = 0): Schema {
  const protocolBlock: SchemaBlock = { version, attributes: block.attributes.map(protocolAttribute), description: block.description, descriptionKind: "MARKDOWN" };
  return { version, block: protocolBlock };
}

// ---- values ------------------------------------------------------------------------------------

/** A DynamicValue of `block`'s object as a core object; null for a null (absent) value. */
function decodeObject(block: TfBlock, value: DynamicValue | null | undefined): Record<string, unknown> | null {
  const type = blockType(block);
  let decoded: unknown;
  if (value?.msgpack && value.msgpack.length > 0) decoded = decodeDynamicValue(value.msgpack, type);
  else if (value?.json && value.json.length > 0) decoded = decodeJsonValue(value.json, type);
  else return null;
  if (decoded === null || decoded === undefined) return null;
  if (decoded === UNKNOWN) throw new Error("the whole object is unknown; a plan cannot go on before its configuration is known");
  return toCore(block, decoded as Record<string, unknown>);
}

/** A core object (or null) as `block`'s DynamicValue. */
function encodeObject(block: TfBlock, value: Record<string, unknown> | null): DynamicValue {
  return { msgpack: encodeDynamicValue(value === null ? null : fromCore(block, value), blockType(block)) };
}

function protocolDiagnostics(block: TfBlock, diagnostics: readonly Diagnostic[]): ProtocolDiagnostic[] {
  return diagnostics.map((diagnostic) => ({
    severity: diagnostic.severity === "error" ? "ERROR" : "WARNING",
    summary: diagnostic.summary,
    detail: diagnostic.detail,
    ...(diagnostic.attribute && diagnostic.attribute.length > 0 ? { attribute: { steps: attributePathSteps(block, diagnostic.attribute) } } : {}),
  }));
}

/** The refusal of a state whose schema version this provider does not know. */
function unknownStateVersion(version: number, current: number): string {
  const writer = version > current ? "a newer version of this provider wrote it" : "no version of this provider reads it";
  return (
    `the state's schema version is ${version}, and this provider reads version ${current} only (${writer}). Nothing was read or changed: ` +
    `run the version of the provider that wrote this state (its required_providers version), or a newer one.`
  );
}

// ---- identity ----------------------------------------------------------------------------------

/** The identity of the object a core state describes (discovery.ts and the RPCs below); none for no object. */
export function identityData(kind: string, state: Record<string, unknown> | null): ResourceIdentityData | undefined {
  if (state === null) return undefined;
  return { identityData: { msgpack: encodeDynamicValue(identityOfState(kind, state), identityType(kind)) } };
}

/** The identity of a planned state, when all of it is known. */
function knownIdentityData(kind: string, planned: Record<string, unknown> | null): ResourceIdentityData | undefined {
  return planned !== null && !containsUnknown(identityOfState(kind, planned)) ? identityData(kind, planned) : undefined;
}

/** An import's identity as the import id and organization it names; undefined for an import by id. */
function identityImport(kind: string, identity: ResourceIdentityData | null | undefined): { importId: string; organizationId: string | undefined } | undefined {
  const bytes = identity?.identityData?.msgpack;
  if (!bytes || bytes.length === 0) return undefined;
  const value = decodeDynamicValue(bytes, identityType(kind)) as Record<string, unknown> | null;
  if (value === null) return undefined;
  return importOfIdentity(kind, value);
}

/** The refusal of a stored identity whose version this provider does not know. */
function unknownIdentityVersion(version: number): string {
  const writer = version > IDENTITY_VERSION ? "a newer version of this provider wrote it" : "no version of this provider writes it";
  return (
    `the stored identity's version is ${version}, and this provider reads identity version ${IDENTITY_VERSION} only (${writer}). Nothing was read or changed: ` +
    `run the version of the provider that wrote this state (its required_providers version), or a newer one.`
  );
}

/** Runs `body`; a value that does not fit its type (or any other throw) becomes an error diagnostic naming the type. */
async function guarded<T extends { diagnostics?: ProtocolDiagnostic[] }>(typeName: string, body: () => Promise<T> | T): Promise<T> {
  try {
    return await body();
  } catch (error) {
    return { diagnostics: [errorDiagnostic(`${typeName}: ${error instanceof Error ? error.message : String(error)}`)] } as T;
  }
}

// ---- the handler -------------------------------------------------------------------------------

/** The request and the answer of a handler of the protocol (protocol.ts), by its name. */
type RequestOf<K extends keyof ProviderHandler> = Parameters<NonNullable<ProviderHandler[K]>>[0];
type AnswerOf<K extends keyof ProviderHandler> = ReturnType<NonNullable<ProviderHandler[K]>>;

/** What the handlers share: the schema, the operations and discovery of one provider process, and lookups by type name. */
interface DoorContext {
  schema: TfProviderSchema;
  operations: TerraformOperations;
  discovery: TerraformDiscovery;
  resources: Map<string, TfProviderSchema["resources"][number]>;
  dataSources: Map<string, TfProviderSchema["dataSources"][number]>;
  listBlocks: Map<string, TfBlock>;
}

function resourceOf(door: DoorContext, typeName: string) {
  const resource = door.resources.get(typeName);
  if (!resource) throw new Error(`is no resource type of this provider (its resources: ${[...door.resources.keys()].join(", ")})`);
  return resource;
}

function dataSourceOf(door: DoorContext, typeName: string) {
  const dataSource = door.dataSources.get(typeName);
  if (!dataSource) throw new Error(`is no data source of this provider (its data sources: ${[...door.dataSources.keys()].join(", ")})`);
  return dataSource;
}

const CAPABILITIES = {
  // Terraform asks for a plan of each destroy too (PlanResourceChange with a null proposed state).
  planDestroy: true,
  // The schema is the same for every instance: OpenTofu may cache it.
  getProviderSchemaOptional: true,
  // `-generate-config-out` asks the provider for each object's configuration (GenerateResourceConfig).
  generateResourceConfig: true,
};

// ---- the handlers: one named function per RPC, over the door's context and the request ----------

function getMetadata(door: DoorContext): AnswerOf<"getMetadata"> {
  return {
    serverCapabilities: CAPABILITIES,
    resources: door.schema.resources.map((resource) => ({ typeName: resource.typeName })),
    dataSources: door.schema.dataSources.map((dataSource) => ({ typeName: dataSource.typeName })),
    listResources: door.schema.resources.map((resource) => ({ typeName: resource.typeName })),
  };
}

function getResourceIdentitySchemas(door: DoorContext): AnswerOf<"getResourceIdentitySchemas"> {
  return {
    identitySchemas: Object.fromEntries(
      door.schema.resources.map((resource) => [
        resource.typeName,
        {
          version: identityOf(resource.kind).version,
          identityAttributes: identityOf(resource.kind).attributes.map((attribute) => ({
            name: attribute.name,
            type: encoder.encode(JSON.stringify("string")),
            requiredForImport: attribute.requiredForImport,
            optionalForImport: !attribute.requiredForImport,
            description: attribute.description,
          })),
        },
      ]),
    ),
  };
}

// One identity version so far (0): OpenTofu and Terraform call this only for an identity of
// another version, which no version of this provider wrote (or a newer one did): refused,
// naming it. An identity of this version is read back as it is.
function upgradeResourceIdentity(door: DoorContext, request: RequestOf<"upgradeResourceIdentity">): AnswerOf<"upgradeResourceIdentity"> {
  return guarded<UpgradeResourceIdentityResponse>(request.typeName, () => {
    const resource = resourceOf(door, request.typeName);
    const version = Number(request.version ?? 0);
    if (version !== IDENTITY_VERSION) throw new Error(unknownIdentityVersion(version));
    const json = request.rawIdentity?.json;
    if (!json || json.length === 0) throw new Error("the stored identity is empty: nothing to upgrade");
    const value = decodeJsonValue(json, identityType(resource.kind), { dropUnknownAttributes: true });
    return { upgradedIdentity: { identityData: { msgpack: encodeDynamicValue(value, identityType(resource.kind)) } } };
  });
}

function getProviderSchema(door: DoorContext): AnswerOf<"getProviderSchema"> {
  return {
    provider: protocolSchema(door.schema.provider),
    resourceSchemas: Object.fromEntries(door.schema.resources.map((resource) => [resource.typeName, protocolSchema(resource.block, resource.version)])),
    dataSourceSchemas: Object.fromEntries(door.schema.dataSources.map((dataSource) => [dataSource.typeName, protocolSchema(dataSource.block)])),
    serverCapabilities: CAPABILITIES,
    // Every kind can be listed: a `list` block of each resource type, its `config` block this.
    listResourceSchemas: Object.fromEntries(door.schema.resources.map((resource) => [resource.typeName, protocolSchema(door.listBlocks.get(resource.typeName)!)])),
  };
}

// The configuration is checked when it is known, at ConfigureProvider (its values may be unknown here).
function validateProviderConfig(door: DoorContext, request: RequestOf<"validateProviderConfig">): AnswerOf<"validateProviderConfig"> {
  return guarded("provider", () => (decodeObject(door.schema.provider, request.config), {}));
}

function configureProvider(door: DoorContext, request: RequestOf<"configureProvider">): AnswerOf<"configureProvider"> {
  return guarded("provider", async () => {
    const config = decodeObject(door.schema.provider, request.config) ?? {};
    return { diagnostics: protocolDiagnostics(door.schema.provider, await door.operations.configure(config)) };
  });
}

function validateResourceConfig(door: DoorContext, request: RequestOf<"validateResourceConfig">): AnswerOf<"validateResourceConfig"> {
  return guarded(request.typeName, async () => {
    const resource = resourceOf(door, request.typeName);
    const config = decodeObject(resource.block, request.config) ?? {};
    return { diagnostics: protocolDiagnostics(resource.block, await door.operations.validateResource(resource.kind, config)) };
  });
}

function validateDataResourceConfig(door: DoorContext, request: RequestOf<"validateDataResourceConfig">): AnswerOf<"validateDataResourceConfig"> {
  return guarded(request.typeName, () => (decodeObject(dataSourceOf(door, request.typeName).block, request.config), {}));
}

// One schema version so far (0): a state of another version is refused, naming it (a newer
// provider wrote it; reading it as this version's would lose what it holds). A state of this
// version is read with the current types; attributes another build wrote and this one lacks
// are dropped (as terraform-plugin-sdk does), with a warning naming each.
function upgradeResourceState(door: DoorContext, request: RequestOf<"upgradeResourceState">): AnswerOf<"upgradeResourceState"> {
  return guarded<UpgradeResourceStateResponse>(request.typeName, () => {
    const resource = resourceOf(door, request.typeName);
    const version = Number(request.version ?? 0);
    if (version !== resource.version) throw new Error(unknownStateVersion(version, resource.version));
    const json = request.rawState?.json;
    if (!json || json.length === 0) {
      if (request.rawState && Object.keys(request.rawState.flatmap ?? {}).length > 0) throw new Error("a state in Terraform 0.11's flat format cannot be read by this provider");
      return { upgradedState: { msgpack: encodeDynamicValue(null, blockType(resource.block)) } };
    }
    const dropped: (string | number)[][] = [];
    const value = decodeJsonValue(json, blockType(resource.block), { dropUnknownAttributes: true, dropped });
    const diagnostics: ProtocolDiagnostic[] = dropped.map((path) => ({
      severity: "WARNING",
      summary: `${request.typeName}: the state holds ${path.join(".")}, which this version of the provider does not have: it is dropped`,
      detail: "Another version of the provider wrote this state. The next apply writes the state without it; use the version that wrote it to keep it.",
    }));
    return { upgradedState: { msgpack: encodeDynamicValue(value, blockType(resource.block)) }, diagnostics };
  });
}

function readResource(door: DoorContext, request: RequestOf<"readResource">): AnswerOf<"readResource"> {
  return guarded(request.typeName, async () => {
    const resource = resourceOf(door, request.typeName);
    const state = decodeObject(resource.block, request.currentState);
    if (state === null) return { newState: encodeObject(resource.block, null) };
    const result = await door.operations.readResource(resource.kind, state, request.private ?? NO_BYTES);
    return {
      newState: encodeObject(resource.block, result.state),
      private: result.privateState,
      newIdentity: identityData(resource.kind, result.state),
      diagnostics: protocolDiagnostics(resource.block, result.diagnostics),
    };
  });
}

function planResourceChange(door: DoorContext, request: RequestOf<"planResourceChange">): AnswerOf<"planResourceChange"> {
  return guarded<PlanResourceChangeResponse>(request.typeName, async () => {
    const resource = resourceOf(door, request.typeName);
    const prior = decodeObject(resource.block, request.priorState);
    const proposed = decodeObject(resource.block, request.proposedNewState);
    const config = request.config ? decodeObject(resource.block, request.config) : undefined;
    const result = await door.operations.planResource(resource.kind, prior, proposed, request.priorPrivate ?? NO_BYTES, config);
    const diagnostics = protocolDiagnostics(resource.block, result.diagnostics);
    if (diagnostics.some((diagnostic) => diagnostic.severity === "ERROR")) return { diagnostics };
    return {
      plannedState: encodeObject(resource.block, result.planned),
      requiresReplace: result.requiresReplace.map((path) => ({ steps: attributePathSteps(resource.block, path) })),
      plannedPrivate: result.privateState,
      // A create's and a replacement's id is not known yet: no identity until the apply's. (Terraform
      // takes one with unknowns there; OpenTofu 1.12 fails to write it: "value is not known".)
      plannedIdentity: knownIdentityData(resource.kind, result.planned),
      diagnostics,
    };
  });
}

function applyResourceChange(door: DoorContext, request: RequestOf<"applyResourceChange">): AnswerOf<"applyResourceChange"> {
  return guarded<ApplyResourceChangeResponse>(request.typeName, async () => {
    const resource = resourceOf(door, request.typeName);
    const prior = decodeObject(resource.block, request.priorState);
    const planned = decodeObject(resource.block, request.plannedState);
    const config = decodeObject(resource.block, request.config);
    const result = await door.operations.applyResource(resource.kind, prior, planned, request.plannedPrivate ?? NO_BYTES, config);
    const diagnostics = protocolDiagnostics(resource.block, result.diagnostics);
    // After a failed create there is nothing to record (null); after a failed update, the
    // operations answer the state as it now is, which Terraform keeps.
    return { newState: encodeObject(resource.block, result.state), private: result.privateState, newIdentity: identityData(resource.kind, result.state), diagnostics };
  });
}

function importResourceState(door: DoorContext, request: RequestOf<"importResourceState">): AnswerOf<"importResourceState"> {
  return guarded(request.typeName, async () => {
    const resource = resourceOf(door, request.typeName);
    // `import { identity = {...} }`: the import id and organization the identity names.
    const byIdentity = identityImport(resource.kind, request.identity);
    const result = byIdentity
      ? await door.operations.importResource(resource.kind, byIdentity.importId, byIdentity.organizationId)
      : await door.operations.importResource(resource.kind, request.id);
    const diagnostics = protocolDiagnostics(resource.block, result.diagnostics);
    if (result.state === null) return { diagnostics };
    const imported = {
      typeName: resource.typeName,
      state: encodeObject(resource.block, result.state),
      private: result.privateState,
      identity: identityData(resource.kind, result.state),
    };
    return { importedResources: [imported], diagnostics };
  });
}

function validateListResourceConfig(door: DoorContext, request: RequestOf<"validateListResourceConfig">): AnswerOf<"validateListResourceConfig"> {
  return guarded(request.typeName, () => {
    resourceOf(door, request.typeName);
    decodeObject(door.listBlocks.get(request.typeName)!, request.config);
    return {};
  });
}

// `list` blocks: each object found, as soon as it is, with its identity, its name and (asked
// for) its state; a failure is the stream's last event, its error diagnostic.
async function* listResource(door: DoorContext, request: RequestOf<"listResource">): AsyncGenerator<ListResourceEvent> {
  let resource;
  let config: Record<string, unknown>;
  try {
    resource = resourceOf(door, request.typeName);
    config = decodeObject(door.listBlocks.get(request.typeName)!, request.config) ?? {};
  } catch (error) {
    yield { diagnostic: [errorDiagnostic(`${request.typeName}: ${error instanceof Error ? error.message : String(error)}`)] };
    return;
  }
  try {
    for await (const listed of door.discovery.list(resource.kind, config, { includeState: request.includeResourceObject, limit: Number(request.limit) })) {
      const diagnostics = protocolDiagnostics(resource.block, listed.diagnostics);
      if (diagnostics.some((diagnostic) => diagnostic.severity === "ERROR")) {
        yield { diagnostic: diagnostics };
        return;
      }
      yield {
        identity: identityData(resource.kind, listed.identityState),
        displayName: listed.displayName,
        ...(listed.state ? { resourceObject: encodeObject(resource.block, listed.state) } : {}),
        ...(diagnostics.length > 0 ? { diagnostic: diagnostics } : {}),
      };
    }
  } catch (error) {
    yield {
      diagnostic: protocolDiagnostics(resource.block, [
        { severity: "error", summary: `${request.typeName}: ${error instanceof Error ? error.message : String(error)}`, detail: "" },
      ]),
    };
  }
}

function generateResourceConfig(door: DoorContext, request: RequestOf<"generateResourceConfig">): AnswerOf<"generateResourceConfig"> {
  return guarded<GenerateResourceConfigResponse>(request.typeName, () => {
    const resource = resourceOf(door, request.typeName);
    const type = blockType(resource.block);
    const json = request.state?.json;
    const state = request.state?.msgpack?.length ? decodeDynamicValue(request.state.msgpack, type) : json?.length ? decodeJsonValue(json, type) : null;
    if (state === null || state === UNKNOWN) throw new Error("there is no state to generate a configuration from");
    return { config: { msgpack: encodeDynamicValue(generatedConfig(resource.block, state as Record<string, unknown>), type) } };
  });
}

function readDataSource(door: DoorContext, request: RequestOf<"readDataSource">): AnswerOf<"readDataSource"> {
  return guarded(request.typeName, async () => {
    const dataSource = dataSourceOf(door, request.typeName);
    const args = decodeObject(dataSource.block, request.config) ?? {};
    const result = await door.operations.readDataSource(dataSource.lookup, args);
    const diagnostics = protocolDiagnostics(dataSource.block, result.diagnostics);
    if (result.state === null) return { diagnostics };
    return { state: encodeObject(dataSource.block, result.state), diagnostics };
  });
}

async function stopProvider(door: DoorContext): Promise<Awaited<AnswerOf<"stopProvider">>> {
  try {
    await door.operations.stop();
    return {};
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The provider for OpenTofu and Terraform over the core: `schema`, `operations` and `discovery`
 * default to the declarations' and the core's, the last two over one session (the provider's
 * configuration). Given operations without a discovery, lists are made on a session of their own.
 */
export function terraformHandler(schema: TfProviderSchema = terraformSchema(), givenOperations?: TerraformOperations, givenDiscovery?: TerraformDiscovery): ProviderHandler {
  const session = openSession();
  const operations = givenOperations ?? terraformOperations(session);
  const door: DoorContext = {
    schema,
    operations,
    discovery: givenDiscovery ?? terraformDiscovery(session, operations),
    resources: new Map(schema.resources.map((resource) => [resource.typeName, resource])),
    dataSources: new Map(schema.dataSources.map((dataSource) => [dataSource.typeName, dataSource])),
    listBlocks: new Map(schema.resources.map((resource) => [resource.typeName, listBlock(resource.kind)])),
  };
  return {
    getMetadata: () => getMetadata(door),
    getResourceIdentitySchemas: () => getResourceIdentitySchemas(door),
    upgradeResourceIdentity: (request) => upgradeResourceIdentity(door, request),
    getProviderSchema: () => getProviderSchema(door),
    validateProviderConfig: (request) => validateProviderConfig(door, request),
    configureProvider: (request) => configureProvider(door, request),
    validateResourceConfig: (request) => validateResourceConfig(door, request),
    validateDataResourceConfig: (request) => validateDataResourceConfig(door, request),
    upgradeResourceState: (request) => upgradeResourceState(door, request),
    readResource: (request) => readResource(door, request),
    planResourceChange: (request) => planResourceChange(door, request),
    applyResourceChange: (request) => applyResourceChange(door, request),
    importResourceState: (request) => importResourceState(door, request),
    validateListResourceConfig: (request) => validateListResourceConfig(door, request),
    listResource: (request) => listResource(door, request),
    generateResourceConfig: (request) => generateResourceConfig(door, request),
    readDataSource: (request) => readDataSource(door, request),
    stopProvider: () => stopProvider(door),
  };
}
