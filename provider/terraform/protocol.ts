/**
 * The Terraform plugin protocol (tfplugin6) as plain objects: one method per RPC the provider
 * serves, each taking the request and returning the response as proto.ts declares them, field names
 * in camelCase (`type_name` → `typeName`), bytes as Uint8Array, enums as their names, 64-bit
 * integers as numbers. server.ts turns the wire into these calls; door.ts (the schema, values and
 * operations of the provider) implements them. Nothing here knows a kind.
 *
 * Every request field is present on arrival (absent ones hold their default: "", 0, false, an empty
 * array, or null for a message); a response may leave out any field.
 */

/** The provider's type name: resources are `docsplatform_<kind>`, the executable `terraform-provider-docsplatform`. */
export const PROVIDER_TYPE_NAME = "docsplatform";

/** The provider's source address in the registry and in `required_providers`. */
export const PROVIDER_SOURCE = `docs-platform/${PROVIDER_TYPE_NAME}`;

/** A value of a schema's type: cty msgpack (what OpenTofu and Terraform send) or, from older state, JSON. */
export interface DynamicValue {
  msgpack?: Uint8Array;
  json?: Uint8Array;
}

export interface AttributePathStep {
  attributeName?: string;
  elementKeyString?: string;
  elementKeyInt?: number;
}

/** Where in a value a diagnostic or a replacement applies: a path of snake_case attribute names and element keys. */
export interface AttributePath {
  steps: AttributePathStep[];
}

export interface ProtocolDiagnostic {
  severity: "ERROR" | "WARNING";
  summary: string;
  detail?: string;
  attribute?: AttributePath;
}

export type StringKind = "PLAIN" | "MARKDOWN";

export interface SchemaAttribute {
  name: string;
  /** The cty type as JSON text's bytes (`"string"`, `["list","string"]`); absent with nestedType. */
  type?: Uint8Array;
  nestedType?: { attributes: SchemaAttribute[]; nesting: "SINGLE" | "LIST" | "SET" | "MAP" };
  description?: string;
  descriptionKind?: StringKind;
  required?: boolean;
  optional?: boolean;
  computed?: boolean;
  sensitive?: boolean;
  deprecated?: boolean;
}

export interface SchemaBlock {
  version?: number;
  attributes: SchemaAttribute[];
  blockTypes?: unknown[];
  description?: string;
  descriptionKind?: StringKind;
  deprecated?: boolean;
}

export interface Schema {
  version: number;
  block: SchemaBlock;
}

export interface ServerCapabilities {
  planDestroy?: boolean;
  getProviderSchemaOptional?: boolean;
  moveResourceState?: boolean;
  /** The provider answers GenerateResourceConfig (Terraform then asks it for `-generate-config-out`'s configuration). */
  generateResourceConfig?: boolean;
}

export interface ClientCapabilities {
  deferralAllowed: boolean;
  writeOnlyAttributesAllowed: boolean;
}

type WithDiagnostics<T> = T & { diagnostics?: ProtocolDiagnostic[] };

export interface GetMetadataResponse extends WithDiagnostics<{
  serverCapabilities?: ServerCapabilities;
  dataSources?: { typeName: string }[];
  resources?: { typeName: string }[];
  listResources?: { typeName: string }[];
}> {}

export interface GetProviderSchemaResponse extends WithDiagnostics<{
  provider?: Schema;
  resourceSchemas?: Record<string, Schema>;
  dataSourceSchemas?: Record<string, Schema>;
  providerMeta?: Schema;
  serverCapabilities?: ServerCapabilities;
  /** The `config` block of each resource type's `list` block (Terraform 1.14+). */
  listResourceSchemas?: Record<string, Schema>;
}> {}

export interface ValidateProviderConfigRequest {
  config: DynamicValue | null;
}
export interface ConfigureProviderRequest {
  terraformVersion: string;
  config: DynamicValue | null;
  clientCapabilities: ClientCapabilities | null;
}
export interface ValidateResourceConfigRequest {
  typeName: string;
  config: DynamicValue | null;
  clientCapabilities: ClientCapabilities | null;
}
export interface ValidateDataResourceConfigRequest {
  typeName: string;
  config: DynamicValue | null;
}
export interface UpgradeResourceStateRequest {
  typeName: string;
  /** The schema version the stored state was written with. */
  version: number;
  /** The stored state as JSON (`json`), or a legacy flat map. */
  rawState: { json: Uint8Array; flatmap: Record<string, string> } | null;
}
export interface UpgradeResourceStateResponse extends WithDiagnostics<{ upgradedState?: DynamicValue }> {}

export interface ReadResourceRequest {
  typeName: string;
  currentState: DynamicValue | null;
  private: Uint8Array;
  clientCapabilities: ClientCapabilities | null;
  currentIdentity?: ResourceIdentityData | null;
}
/** newState null (or a msgpack nil) tells Terraform the object is gone. */
export interface ReadResourceResponse extends WithDiagnostics<{ newState?: DynamicValue; private?: Uint8Array; newIdentity?: ResourceIdentityData }> {}

export interface PlanResourceChangeRequest {
  typeName: string;
  priorState: DynamicValue | null;
  proposedNewState: DynamicValue | null;
  config: DynamicValue | null;
  priorPrivate: Uint8Array;
  clientCapabilities: ClientCapabilities | null;
  priorIdentity?: ResourceIdentityData | null;
}
export interface PlanResourceChangeResponse extends WithDiagnostics<{
  plannedState?: DynamicValue;
  requiresReplace?: AttributePath[];
  plannedPrivate?: Uint8Array;
  plannedIdentity?: ResourceIdentityData;
}> {}

export interface ApplyResourceChangeRequest {
  typeName: string;
  priorState: DynamicValue | null;
  plannedState: DynamicValue | null;
  config: DynamicValue | null;
  plannedPrivate: Uint8Array;
  plannedIdentity?: ResourceIdentityData | null;
}
export interface ApplyResourceChangeResponse extends WithDiagnostics<{ newState?: DynamicValue; private?: Uint8Array; newIdentity?: ResourceIdentityData }> {}

export interface ImportResourceStateRequest {
  typeName: string;
  /** The import id; empty when the import gives an identity instead. */
  id: string;
  clientCapabilities: ClientCapabilities | null;
  /** An `import { identity = {...} }` block's identity (6.9); null for an import by id. */
  identity?: ResourceIdentityData | null;
}
export interface ImportedResource {
  typeName: string;
  state: DynamicValue;
  private?: Uint8Array;
  identity?: ResourceIdentityData;
}
export interface ImportResourceStateResponse extends WithDiagnostics<{ importedResources?: ImportedResource[] }> {}

export interface ReadDataSourceRequest {
  typeName: string;
  config: DynamicValue | null;
  clientCapabilities: ClientCapabilities | null;
}
export interface ReadDataSourceResponse extends WithDiagnostics<{ state?: DynamicValue }> {}

export interface DiagnosticsResponse {
  diagnostics?: ProtocolDiagnostic[];
}

// ---- 6.9: resource identity ------------------------------------------------------------------

/** An object's identity: a DynamicValue of its kind's identity schema. */
export interface ResourceIdentityData {
  identityData: DynamicValue | null;
}

export interface IdentitySchemaAttribute {
  name: string;
  /** The cty type as JSON text's bytes, as a schema attribute's. */
  type: Uint8Array;
  requiredForImport?: boolean;
  optionalForImport?: boolean;
  description?: string;
}

export interface ResourceIdentitySchema {
  version: number;
  identityAttributes: IdentitySchemaAttribute[];
}

export interface GetResourceIdentitySchemasResponse extends WithDiagnostics<{ identitySchemas?: Record<string, ResourceIdentitySchema> }> {}

export interface UpgradeResourceIdentityRequest {
  typeName: string;
  /** The identity schema version the stored identity was written with. */
  version: number;
  rawIdentity: { json: Uint8Array; flatmap: Record<string, string> } | null;
}
export interface UpgradeResourceIdentityResponse extends WithDiagnostics<{ upgradedIdentity?: ResourceIdentityData }> {}

// ---- 6.10: list resources and generated configuration -------------------------------------------

export interface ValidateListResourceConfigRequest {
  typeName: string;
  /** The list block's `config` block, of the list resource schema. */
  config: DynamicValue | null;
}

export interface ListResourceRequest {
  typeName: string;
  /** The list block's `config` block, of the list resource schema. */
  config: DynamicValue | null;
  /** Send each object's state too (`include_resource`, and always for `-generate-config-out`). */
  includeResourceObject: boolean;
  /** At most this many events (Terraform's `limit`, 100 by default). */
  limit: number;
}

/** One object found (or, with diagnostics and no identity, a failure): the stream's events. */
export interface ListResourceEvent {
  identity?: ResourceIdentityData;
  displayName?: string;
  resourceObject?: DynamicValue;
  /** The protocol names this field in the singular. */
  diagnostic?: ProtocolDiagnostic[];
}

export interface GenerateResourceConfigRequest {
  typeName: string;
  /** The object's state (a list result's, or an import's). */
  state: DynamicValue | null;
}
export interface GenerateResourceConfigResponse extends WithDiagnostics<{ config?: DynamicValue }> {}

type Answer<T> = T | Promise<T>;

/**
 * The provider behind the protocol: one method per RPC (the protocol's name, first letter
 * lowercased). A method that throws is answered with an error diagnostic naming the RPC and the
 * error's message (server.ts), as terraform-plugin-framework answers its own failures; the call
 * itself succeeds, so OpenTofu shows the message rather than a transport error.
 *
 * The methods marked optional are newer parts of the protocol: a handler without them answers
 * GetResourceIdentitySchemas empty (no identities) and the others UNIMPLEMENTED. GetFunctions is
 * answered empty (no functions); every other RPC of the protocol UNIMPLEMENTED (server.ts).
 */
export interface ProviderHandler {
  getMetadata(): Answer<GetMetadataResponse>;
  getProviderSchema(): Answer<GetProviderSchemaResponse>;
  validateProviderConfig(request: ValidateProviderConfigRequest): Answer<DiagnosticsResponse>;
  configureProvider(request: ConfigureProviderRequest): Answer<DiagnosticsResponse>;
  validateResourceConfig(request: ValidateResourceConfigRequest): Answer<DiagnosticsResponse>;
  validateDataResourceConfig(request: ValidateDataResourceConfigRequest): Answer<DiagnosticsResponse>;
  upgradeResourceState(request: UpgradeResourceStateRequest): Answer<UpgradeResourceStateResponse>;
  readResource(request: ReadResourceRequest): Answer<ReadResourceResponse>;
  planResourceChange(request: PlanResourceChangeRequest): Answer<PlanResourceChangeResponse>;
  applyResourceChange(request: ApplyResourceChangeRequest): Answer<ApplyResourceChangeResponse>;
  importResourceState(request: ImportResourceStateRequest): Answer<ImportResourceStateResponse>;
  readDataSource(request: ReadDataSourceRequest): Answer<ReadDataSourceResponse>;
  /** Terraform asks the provider to give up its calls in flight (Ctrl-C); `error` says why it cannot. */
  stopProvider(): Answer<{ error?: string }>;
  getResourceIdentitySchemas?(): Answer<GetResourceIdentitySchemasResponse>;
  upgradeResourceIdentity?(request: UpgradeResourceIdentityRequest): Answer<UpgradeResourceIdentityResponse>;
  validateListResourceConfig?(request: ValidateListResourceConfigRequest): Answer<DiagnosticsResponse>;
  /** A server stream: each event is sent as soon as it is yielded; the stream ends when the iterable does. */
  listResource?(request: ListResourceRequest): AsyncIterable<ListResourceEvent>;
  generateResourceConfig?(request: GenerateResourceConfigRequest): Answer<GenerateResourceConfigResponse>;
}

/** The RPCs of `tfplugin6.Provider` a ProviderHandler serves, by their protocol name. */
export const HANDLED_RPCS = [
  "GetMetadata",
  "GetProviderSchema",
  "ValidateProviderConfig",
  "ConfigureProvider",
  "ValidateResourceConfig",
  "ValidateDataResourceConfig",
  "UpgradeResourceState",
  "ReadResource",
  "PlanResourceChange",
  "ApplyResourceChange",
  "ImportResourceState",
  "ReadDataSource",
  "StopProvider",
] as const;

export type HandledRpc = (typeof HANDLED_RPCS)[number];

/**
 * The unary RPCs a handler may serve (its optional methods): answered UNIMPLEMENTED by a handler
 * without the method, except GetResourceIdentitySchemas, answered empty. ListResource, a server
 * stream, is apart (server.ts).
 */
export const OPTIONAL_RPCS = ["GetResourceIdentitySchemas", "UpgradeResourceIdentity", "ValidateListResourceConfig", "GenerateResourceConfig"] as const;

export type OptionalRpc = (typeof OPTIONAL_RPCS)[number];

/** A handler method's name: the RPC's with its first letter lowercased. */
export function handlerMethod(rpc: HandledRpc | OptionalRpc | "ListResource"): keyof ProviderHandler {
  return `${rpc[0].toLowerCase()}${rpc.slice(1)}` as keyof ProviderHandler;
}

/** An error diagnostic (summary and detail as OpenTofu prints them). */
export function errorDiagnostic(summary: string, detail = "", attribute?: AttributePath): ProtocolDiagnostic {
  return attribute ? { severity: "ERROR", summary, detail, attribute } : { severity: "ERROR", summary, detail };
}
