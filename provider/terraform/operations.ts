/**
 * Terraform's resource semantics over the core (DESIGN.md 13), on plain camelCase objects: what
 * the tfplugin6 door's RPC handlers call once the values are decoded (cty.ts, values.ts) and before
 * they are encoded again. Like the plugin door (plugin/server.ts) it implements nothing of a kind:
 * every rule, guard, message and request is the core's (runtime/core.ts, adapter/resource.ts).
 *
 * What is Terraform's own, after terraform-plugin-framework (internal/fwserver):
 * - A plan is an object, not a diff: for a create, the configuration with every computed value
 *   unknown; for an update, the configuration with the prior computed values, those an update can
 *   change unknown (the framework's default, without `UseStateForUnknown`), the id kept; with no
 *   change, the prior state itself. `requiresReplace` names the changed replace-on-change inputs.
 * - The state an apply or a refresh returns keeps each input as the configuration wrote it where
 *   the kind's normalization cannot tell the two apart (a set's order, an email's case): Terraform
 *   refuses an applied value that differs from the planned one ("inconsistent result after apply"),
 *   and reports it as drift on refresh.
 * - A refresh of an object deleted outside Terraform answers null (Terraform then plans a create).
 *
 * Terraform gives a provider no resource address. The deployment-wide rules (one owner of a
 * singleton, one way of managing a team's membership) and the create journal need one: a resource
 * in the state is named by its id; a resource to create by its natural key's value (or a digest of
 * its inputs), and the create journal keys it by a digest of its kind and inputs, so a create a
 * killed `apply` left half done is taken over by the next `apply` of the same configuration.
 *
 * What the rest of the door holds to (schema.ts, values.ts, the RPC handlers): the id and the
 * kind's declared outputs that are not inputs are computed attributes; the inputs the schema flags
 * optional and computed ({@link computedInputKeys}: the organization, a default, an input the state
 * also describes) are planned unknown when the configuration leaves them out, and so, at creation,
 * is every input the API settles when it is left out ({@link heldWhenLeftOutKeys}), whose value a
 * create and a refresh then hold as an import does; values reach these operations with every
 * unset attribute absent, at any depth (null is not a value here); an attribute path of a
 * diagnostic is the core's camelCase path; the private bytes go back and forth untouched.
 *
 * Private state (bytes Terraform keeps beside the state, and gives back to every later plan and
 * refresh): the name the resource got at its first plan (`{"name":"..."}`, tens of bytes), so the
 * deployment rules know it under one name from its create to its destroy, in every process; an
 * imported resource has none (its id names it). A create that failed partway also says so
 * (`partial`), and the plan that finishes it names the object (`finish`): tainted-creates.ts. A
 * replacement's create plan names the claim its create takes (`takesOver`: the member it names),
 * so that its delete half, which OpenTofu runs first with the same bytes, leaves that member.
 */
import { createHash } from "node:crypto";
import type { CheckFailure } from "../adapter/check";
import { IDENTITY_KEY } from "../adapter/property-bag";
import { inputKeysOf } from "../adapter/resource";
import { containsUnknown, UNKNOWN } from "../adapter/unknowns";
import { jsonEqual } from "../adapter/values";
import { ORGANIZATION_ENV } from "../config/organization-default";
import { CONFIG_NAMESPACE } from "../config/provider-config";
import { invoke } from "../door-layer/invoke";
import { readTokenOrganizations } from "../api/organizations";
import { isAuthenticationError } from "../client";
import { explainApiError } from "../adapter/operation-errors";
import { withoutDynamicKeys } from "../door-layer/properties";
import { type Core, definitionFor } from "../runtime/core";
import { configureSession, type DoorSession, openSession, withSessionOrganization } from "../door-layer/session";
import { computedInputKeys, heldWhenLeftOutKeys, nullWhenLeftOutKeys, resourceTypeName, resourceTypeOf, type TfAttribute } from "./schema";
import { inTofuWords } from "./words";
import { saidOf } from "../adapter/door-words";
import { type PrivateState, TaintedCreates } from "./tainted-creates";

export interface Diagnostic {
  severity: "error" | "warning";
  summary: string;
  detail: string;
  /** The attribute the diagnostic is about, as a core (camelCase) path. */
  attribute?: string[];
}

type CoreObject = Record<string, unknown>;

export interface TerraformOperations {
  configure(config: Record<string, unknown>): Promise<Diagnostic[]>;
  validateResource(kind: string, config: Record<string, unknown>): Promise<Diagnostic[]>;
  planResource(
    kind: string,
    prior: Record<string, unknown> | null,
    proposed: Record<string, unknown> | null,
    priorPrivate: Uint8Array,
    /** The configuration as written (the proposed state fills an unset computed input from the prior state); default: `proposed`. */
    config?: Record<string, unknown> | null,
  ): Promise<{ planned: Record<string, unknown> | null; requiresReplace: string[][]; privateState: Uint8Array; diagnostics: Diagnostic[] }>;
  applyResource(
    kind: string,
    prior: Record<string, unknown> | null,
    planned: Record<string, unknown> | null,
    plannedPrivate: Uint8Array,
    config?: Record<string, unknown> | null,
  ): Promise<{ state: Record<string, unknown> | null; privateState: Uint8Array; diagnostics: Diagnostic[] }>;
  readResource(
    kind: string,
    state: Record<string, unknown>,
    priorPrivate: Uint8Array,
  ): Promise<{ state: Record<string, unknown> | null; privateState: Uint8Array; diagnostics: Diagnostic[] }>;
  /** `organizationId`: the organization an import's identity names; default: the provider's. */
  importResource(kind: string, id: string, organizationId?: string): Promise<{ state: Record<string, unknown> | null; privateState: Uint8Array; diagnostics: Diagnostic[] }>;
  readDataSource(lookup: string, args: Record<string, unknown>): Promise<{ state: Record<string, unknown> | null; diagnostics: Diagnostic[] }>;
  stop(): Promise<void>;
}

/** The attribute holding the object's id in every resource's state (Terraform's convention). */
export const ID_ATTRIBUTE = "id";

const NO_PRIVATE_STATE = new Uint8Array();

// ---- diagnostics -----------------------------------------------------------------------------

/** A core failure's path (`members.2`, `customization.styling.font`) as attribute path steps. */
function pathOf(property: string): string[] | undefined {
  return property === "" ? undefined : property.split(".");
}

/**
 * A check failure of `kind` as a diagnostic: its reason as data (door-words.ts) in OpenTofu's
 * words (words.ts: the attribute path in snake_case, OpenTofu's commands), its path beside it.
 */
function fromFailure(kind: string): (failure: CheckFailure) => Diagnostic {
  return (failure) => {
    const attribute = pathOf(failure.property);
    return { severity: "error", summary: inTofuWords(failure.said ?? failure.reason, kind), detail: "", ...(attribute ? { attribute } : {}) };
  };
}

function failed(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((diagnostic) => diagnostic.severity === "error");
}

/** An error the core threw about `kind` (an API error explained by operation-errors.ts, a guard's refusal) as a diagnostic in OpenTofu's words. */
function fromError(kind: string | undefined, error: unknown, attribute?: string[]): Diagnostic {
  return { severity: "error", summary: inTofuWords(saidOf(error), kind), detail: "", ...(attribute ? { attribute } : {}) };
}

// ---- the kinds' attributes -----------------------------------------------------------------

/** Every input a kind's schema declares, compared by diff or not (`adopt`, flags read only by create or delete). */
function inputKeysAll(kind: string): string[] {
  return Object.keys(definitionFor(kind).schema.shape);
}

/**
 * A Terraform object's inputs, the unset ones (absent or null) left out, as the core takes them:
 * everything but the id and the kind's declared outputs, so an attribute no kind has reaches the
 * kind's check, which names it (the door's schema keeps it from OpenTofu; a direct caller is not).
 */
function inputsOf(kind: string, object: CoreObject): CoreObject {
  const inputs: CoreObject = {};
  for (const [key, value] of Object.entries(object)) if (value !== undefined && value !== null && !isComputed(kind, key)) inputs[key] = value;
  return withNullsLeftOut(kind, inputs);
}

/** `object` with null for each input whose null is a value (a guest's role) that it leaves out: HCL writes that null by leaving the argument out. */
function withNullsLeftOut(kind: string, object: CoreObject): CoreObject {
  const missing = nullWhenLeftOutKeys(kind).filter((key) => object[key] === undefined);
  return missing.length === 0 ? object : { ...object, ...Object.fromEntries(missing.map((key) => [key, null])) };
}

/** The computed attributes of a kind's state: the id and the outputs it declares that are not inputs. */
function isComputed(kind: string, key: string): boolean {
  return key === ID_ATTRIBUTE || (declaredOutputKeys(kind).includes(key) && !inputKeysAll(kind).includes(key));
}

function declaredOutputKeys(kind: string): string[] {
  return Object.keys(definitionFor(kind).outputs?.shape ?? {});
}

/** A state's computed values (everything but the inputs). */
function computedOf(kind: string, state: CoreObject): CoreObject {
  return Object.fromEntries(Object.entries(state).filter(([key]) => isComputed(kind, key)));
}

/** A field's default: what its schema makes of a value left out. */
function defaultOf(field: { safeParse?(value: unknown): { success: boolean; data?: unknown } } | undefined): unknown {
  const parsed = field?.safeParse?.(undefined);
  return parsed?.success ? parsed.data : undefined;
}

/** The defaults the kind's check gave the inputs `configured` leaves out. */
function defaultsOf(kind: string, configured: CoreObject, checkedInputs: CoreObject): CoreObject {
  const shape = definitionFor(kind).schema.shape as Record<string, { safeParse?(value: unknown): { success: boolean; data?: unknown } }>;
  const defaults: CoreObject = {};
  for (const key of Object.keys(shape)) {
    if (configured[key] === undefined && checkedInputs[key] !== undefined && defaultOf(shape[key]) !== undefined) defaults[key] = checkedInputs[key];
  }
  return defaults;
}

/** `inputs` with the default of every field it leaves out that has one. */
function withDefaults(kind: string, inputs: CoreObject): CoreObject {
  const shape = definitionFor(kind).schema.shape as Record<string, { safeParse?(value: unknown): { success: boolean; data?: unknown } }>;
  const complete: CoreObject = { ...inputs };
  for (const key of Object.keys(shape)) if (complete[key] === undefined && defaultOf(shape[key]) !== undefined) complete[key] = defaultOf(shape[key]);
  return complete;
}

function pick(object: CoreObject, keys: readonly string[]): CoreObject {
  return Object.fromEntries(keys.map((key) => [key, object[key]]));
}

/** The keys a kind's state can hold beyond its inputs: the id and its declared outputs. */
function computedKeys(kind: string): string[] {
  return [ID_ATTRIBUTE, ...declaredOutputKeys(kind).filter((key) => isComputed(kind, key))];
}

/**
 * A core state (outputs, the id apart) as a Terraform state: the kind's attributes (its inputs,
 * its declared outputs) and the id; nothing the schema has no attribute for (the door-only keys).
 */
function stateOf(kind: string, id: string, outputs: CoreObject): CoreObject {
  const attributes = new Set([...inputKeysAll(kind), ...declaredOutputKeys(kind)]);
  const state = Object.fromEntries(Object.entries(outputs).filter(([key, value]) => attributes.has(key) && value !== undefined && value !== null));
  return { ...state, [ID_ATTRIBUTE]: id };
}

/** A Terraform state as the core's outputs: without the id (the core takes it apart), a null that is a value (a guest's role) as null. */
function outputsOf(kind: string, state: CoreObject): CoreObject {
  const { [ID_ATTRIBUTE]: _id, ...outputs } = state;
  return withNullsLeftOut(kind, Object.fromEntries(Object.entries(outputs).filter(([, value]) => value !== null && value !== undefined)));
}

/** One input as the kind's schema normalizes it (a set sorted, a text trimmed); as given when the field refuses it. */
function normalizedField(kind: string, key: string, value: unknown): unknown {
  const field = definitionFor(kind).schema.shape[key] as { safeParse?(value: unknown): { success: boolean; data?: unknown } } | undefined;
  if (!field?.safeParse || containsUnknown(value)) return value;
  const parsed = field.safeParse(value);
  return parsed.success ? parsed.data : value;
}

/** The inputs of an object as the kind normalizes them, the rest as it is: what diff compares a configuration with. */
function normalizedInputs(kind: string, object: CoreObject): CoreObject {
  const normalized: CoreObject = { ...object };
  for (const key of inputKeysAll(kind)) if (normalized[key] !== undefined) normalized[key] = normalizedField(kind, key, normalized[key]);
  return normalized;
}

/**
 * `state` with each input as `written` holds it wherever the kind's own normalization makes the two
 * the same value (a set's order and duplicates, an email's case), and each input diff never
 * compares as written: the API's spelling of an input the configuration wrote otherwise would be
 * an inconsistent apply, or drift on every refresh.
 */
function keepWritten(kind: string, written: CoreObject, state: CoreObject): CoreObject {
  const kept: CoreObject = { ...state };
  const compared = inputKeysOf(definitionFor(kind));
  for (const key of inputKeysAll(kind)) {
    const before = written[key];
    const after = state[key];
    const given = before !== undefined && before !== null && !containsUnknown(before);
    // An input only a create reads (a site's first spaces, `adopt`): the state holds it as written,
    // whatever the object became since (which the state may describe when it is left out).
    if (!compared.includes(key)) {
      if (given) kept[key] = before;
      else if (!declaredOutputKeys(kind).includes(key)) delete kept[key];
      continue;
    }
    if (!given || after === undefined || jsonEqual(before, after)) continue;
    if (jsonEqual(normalizedField(kind, key, before), normalizedField(kind, key, after))) kept[key] = before;
  }
  return kept;
}

// ---- what a configuration leaves out ----------------------------------------------------------

/** The paths of an object a configuration leaves out: `true` at each, an object where some of a nested object's are. */
type LeftOut = { [key: string]: true | LeftOut };

function isRecord(value: unknown): value is CoreObject {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * Where `config` leaves out an input the state keeps (schema.ts `leftOut`: one the API reports,
 * a team's members, a customization's leaf) that `prior` holds: that input is not managed, so the
 * core is not given it (no diff, no write, no claim of a way to manage the object) and the state
 * keeps it as last read. Within a nested object the configuration gives, at every depth.
 */
function leftOutPaths(attributes: readonly TfAttribute[], config: CoreObject, prior: CoreObject): LeftOut {
  const paths: LeftOut = {};
  for (const attribute of attributes) {
    const key = attribute.coreName ?? attribute.name;
    const given = config[key];
    const had = prior[key];
    if (had === undefined || had === null) continue;
    if (attribute.leftOut !== undefined && (given === undefined || given === null)) paths[key] = true;
    else if (attribute.nestedType?.nesting === "single" && isRecord(given) && isRecord(had)) {
      const inner = leftOutPaths(attribute.nestedType.attributes, given, had);
      if (Object.keys(inner).length > 0) paths[key] = inner;
    }
  }
  return paths;
}

/** What the configuration of `kind` leaves out of `prior` (none for a create, or without a configuration). */
function leftOutOf(kind: string, config: CoreObject | null | undefined, prior: CoreObject | null): LeftOut {
  const resource = resourceTypeOf(kind);
  return prior === null || !config || !resource ? {} : leftOutPaths(resource.block.attributes, config, prior);
}

/** `object` without the paths `paths` names. */
function withoutPaths(object: CoreObject, paths: LeftOut): CoreObject {
  if (Object.keys(paths).length === 0) return object;
  const kept: CoreObject = { ...object };
  for (const [key, inner] of Object.entries(paths)) {
    if (inner === true) delete kept[key];
    else if (isRecord(kept[key])) kept[key] = withoutPaths(kept[key], inner);
  }
  return kept;
}

/** `object` with `source`'s value at each path `paths` names. */
function withPaths(object: CoreObject, source: CoreObject, paths: LeftOut): CoreObject {
  if (Object.keys(paths).length === 0) return object;
  const filled: CoreObject = { ...object };
  for (const [key, inner] of Object.entries(paths)) {
    if (inner === true) filled[key] = source[key];
    else if (isRecord(source[key])) filled[key] = withPaths(isRecord(filled[key]) ? filled[key] : {}, source[key], inner);
  }
  return filled;
}

/** `proposed` without a defaulted input the configuration leaves out: the default holds then, not the prior value OpenTofu proposes. */
function withoutDefaultedLeftOut(kind: string, proposed: CoreObject, config: CoreObject | null | undefined): CoreObject {
  if (!config) return proposed;
  const shape = definitionFor(kind).schema.shape as Record<string, { safeParse?(value: unknown): { success: boolean; data?: unknown } }>;
  const leftOut = Object.keys(shape).filter((key) => config[key] === undefined && proposed[key] !== undefined && defaultOf(shape[key]) !== undefined);
  return leftOut.length === 0 ? proposed : Object.fromEntries(Object.entries(proposed).filter(([key]) => !leftOut.includes(key)));
}

/**
 * `olds` as a configuration declaring `configured` reads them, for a kind whose inputs name parts
 * of one object and leave the others alone (`declaredPartOf`: a structure's containers): a state
 * holding the object whole (an import) then differs from the configuration only where what it
 * names does. Every other kind's as they are.
 */
function asDeclared(kind: string, olds: CoreObject, configured: CoreObject): CoreObject {
  const definition = definitionFor(kind);
  return definition.declaredPartOf === undefined ? olds : definition.declaredPartOf(olds, configured);
}

/** `apiUrl` -> `api_url`: a configuration key as the provider block spells it. */
function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/**
 * A configuration failure (config/provider-config.ts, written for Pulumi's `docs-platform:<key>`
 * and `pulumi config set`) in the provider block's words: the attribute, the same rule and the
 * same environment variable. It never held the value of a secret; it does not now.
 */
function configurationDiagnostic(failure: { key: string; message: string }): Diagnostic {
  const key = failure.key.replace(`${CONFIG_NAMESPACE}:`, "");
  const summary = failure.message
    .replace(/`pulumi config set (?:--secret )?docs-platform:(\w+)[^`]*`/g, (_command, name: string) => `the provider's \`${snakeCase(name)}\``)
    .replace(/docs-platform:(\w+)/g, (_key, name: string) => `\`${snakeCase(name)}\``);
  return { severity: "error", summary, detail: "", attribute: [key] };
}

/**
 * A token the API refuses, said once, on the provider block: OpenTofu configures the provider once
 * per command, before any refresh, plan or apply of its resources, and none of them runs after a
 * configuration error. Without it, every resource's refresh would fail with the same words. One
 * GET of the token's organizations (retried as a read, not until the deadline); anything but a
 * refusal (the API unreachable, a 5xx) fails nothing here: the operations say it when they run.
 */
async function tokenDiagnostics(core: Core): Promise<Diagnostic[]> {
  try {
    await readTokenOrganizations(core.api());
    return [];
  } catch (error) {
    if (!isAuthenticationError(error)) return [];
    return [{ ...fromError(undefined, explainApiError(error, "provider", "check")), attribute: ["token"] }];
  }
}

// ---- names Terraform does not give ---------------------------------------------------------

/** The URN-like name the core's deployment rules record a resource under (labelOf reads its last part). */
function deploymentName(kind: string, name: string): string {
  return `urn:terraform:docsplatform::terraform::docs-platform:index:${kind}::${name}`;
}

/** A digest of a kind and its inputs, stable across runs and processes. */
function digestOf(kind: string, inputs: CoreObject): string {
  return createHash("sha256")
    .update(`${kind}\n${canonicalJson(inputs)}`)
    .digest("hex")
    .slice(0, 16);
}

/** JSON with every object's keys sorted, so equal inputs give one digest whatever their order. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, member: unknown) =>
    member !== null && typeof member === "object" && !Array.isArray(member)
      ? Object.fromEntries(Object.entries(member as CoreObject).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : member,
  );
}

/** The name of a resource to create: its natural key's value when it is known text, else a digest of its inputs. */
function newResourceName(kind: string, inputs: CoreObject): string {
  const keyInput = definitionFor(kind).naturalKeyInput;
  const value = keyInput === undefined ? undefined : inputs[keyInput];
  return typeof value === "string" && value !== UNKNOWN ? value : `new ${digestOf(kind, inputs)}`;
}

function encodePrivate(name: string, more: Omit<PrivateState, "name"> = {}): Uint8Array {
  return new TextEncoder().encode(JSON.stringify({ name, ...more }));
}

function decodePrivateState(bytes: Uint8Array): PrivateState | undefined {
  if (bytes.length === 0) return undefined;
  try {
    const parsed = JSON.parse(new TextDecoder().decode(bytes)) as Partial<Record<keyof PrivateState, unknown>>;
    if (typeof parsed.name !== "string") return undefined;
    return {
      name: parsed.name,
      ...(parsed.partial === true ? { partial: true as const } : {}),
      ...(typeof parsed.finish === "string" ? { finish: parsed.finish } : {}),
      ...(typeof parsed.journalKey === "string" ? { journalKey: parsed.journalKey } : {}),
      ...(typeof parsed.importedFrom === "string" ? { importedFrom: parsed.importedFrom } : {}),
      ...(typeof parsed.takesOver === "string" ? { takesOver: parsed.takesOver } : {}),
    };
  } catch {
    // Bytes another version wrote: the name is derived again.
    return undefined;
  }
}

function decodePrivate(bytes: Uint8Array): string | undefined {
  return decodePrivateState(bytes)?.name;
}

/**
 * The refusal of a plan of an object imported from another organization than the provider's (its
 * private state's `importedFrom`): an import of another organization's id (a staging root holding
 * prod's ids) must never write to prod's object, which a space's or a collection's changed
 * `organization_id` would even transfer.
 */
function crossOrganizationImport(kind: string, id: string, from: string, to: string): Diagnostic {
  return {
    severity: "error",
    summary:
      `${kind} ${id} was imported from organization ${from}, but this resource's organization_id is ${to}: an import never crosses organizations ` +
      `(applying this plan would write to ${from}'s object from a configuration of ${to}). Nothing was changed. Import ${to}'s own object instead (its id in an \`import\` block), ` +
      `or set organization_id = "${from}" on this resource if it is meant to manage ${from}'s object.`,
    detail: "",
    attribute: ["organizationId"],
  };
}

// ---- the operations: one named function per call, over the provider process and the request ---

/** What one provider process holds between calls (nothing lives at module level: see terraformOperations). */
interface ProviderProcess {
  /**
   * The provider's configuration: its core (until `configure`, one that only validates) and its
   * organization (door-layer/session.ts), shared with the door's discovery (discovery.ts).
   */
  session: DoorSession;
  /** Journal keys this process gave a create, so two identical resources never share one. */
  journalKeysInUse: Set<string>;
  /** The tainted partial creates this process's refreshes read, for the plans that finish them (tainted-creates.ts). */
  taintedCreates: TaintedCreates;
}

type PlanAnswer = ReturnType<TerraformOperations["planResource"]>;
type ApplyAnswer = ReturnType<TerraformOperations["applyResource"]>;

/** The inputs with the provider's organization where the configuration names none; a diagnostic when there is none. */
function withOrganization(provider: ProviderProcess, kind: string, inputs: CoreObject): { inputs: CoreObject; diagnostics: Diagnostic[] } {
  const organized = withSessionOrganization(provider.session, "organizationId" in definitionFor(kind).schema.shape, inputs);
  if (organized === undefined) {
    const summary = `${resourceTypeName(kind)}: \`organization_id\` is not set. Give it in the resource, or set the provider's \`organization_id\` (or the environment variable ${ORGANIZATION_ENV}).`;
    return { inputs, diagnostics: [{ severity: "error", summary, detail: "", attribute: ["organizationId"] }] };
  }
  return { inputs: organized, diagnostics: [] };
}

/**
 * The kind's check, as the other doors run it before a preview: first alone, so each failure
 * keeps its attribute path; then with the deployment's rules and, for a create, what `up` would
 * find (provider.session.core.check), whose failures name their path in words.
 */
async function checked(provider: ProviderProcess, kind: string, olds: CoreObject, news: CoreObject, name: string): Promise<{ inputs: CoreObject; diagnostics: Diagnostic[] }> {
  const alone = await provider.session.core.kindProvider(kind).check(olds, news);
  if (alone.failures?.length) return { inputs: news, diagnostics: alone.failures.map(fromFailure(kind)) };
  // What `up` would find that fails nothing (an object of the same title to adopt): warnings.
  const said: Diagnostic[] = [];
  const whole = await provider.session.core.check(kind, olds, news, deploymentName(kind, name), (severity, message) => {
    if (severity === "warning") said.push({ severity, summary: inTofuWords(message, kind), detail: "" });
  });
  return { inputs: whole.inputs, diagnostics: [...(whole.failures ?? []).map(fromFailure(kind)), ...said] };
}

/**
 * Whether the create planned with `inputs` finishes `tainted` (tainted-creates.ts): no
 * replace-on-change input differs from the object's. The diff is the deployment's, as an
 * update's plan runs it.
 */
async function finishes(provider: ProviderProcess, kind: string, tainted: { id: string; state: CoreObject }, inputs: CoreObject, name: string): Promise<boolean> {
  const decided = await provider.session.core.diff(
    kind,
    tainted.id,
    normalizedInputs(kind, outputsOf(kind, tainted.state)),
    withoutDynamicKeys(inputs),
    deploymentName(kind, name),
  );
  return (decided.replaces ?? []).length === 0;
}

/**
 * The create half of a tainted partial create's replacement that its plan chose to finish
 * (tainted-creates.ts): the object read and updated to the configuration, under its id.
 * Undefined when the object is gone (then the create makes one). A read or an update that fails
 * answers the object with the error, so OpenTofu keeps it (tainted again) and the next apply
 * finishes it; a read that fails leaves only its id and the configuration to say it, which the
 * next refresh corrects.
 */
async function finishTainted(provider: ProviderProcess, kind: string, id: string, configured: CoreObject, inputs: CoreObject, name: string) {
  const stillPartial = encodePrivate(name, { partial: true });
  let read;
  try {
    read = await provider.session.core.read(kind, id, inputs);
  } catch (error) {
    return { state: stateOf(kind, id, configured), privateState: stillPartial, diagnostics: [fromError(kind, error)] };
  }
  if (!read.id) return undefined;
  const current = read.props ?? {};
  try {
    const updated = await provider.session.core.update(kind, id, current, inputs, deploymentName(kind, name));
    return { state: keepWritten(kind, configured, stateOf(kind, id, updated.outs ?? {})), privateState: encodePrivate(name), diagnostics: [] };
  } catch (error) {
    return { state: keepWritten(kind, configured, stateOf(kind, id, current)), privateState: stillPartial, diagnostics: [fromError(kind, error)] };
  }
}

/** The journal key of a create: its kind and its inputs, once per process (two identical resources get two). */
function journalKey(provider: ProviderProcess, kind: string, inputs: CoreObject): string {
  const base = `terraform/${kind}/${digestOf(kind, inputs)}`;
  let key = base;
  for (let occurrence = 2; provider.journalKeysInUse.has(key); occurrence++) key = `${base}#${occurrence}`;
  provider.journalKeysInUse.add(key);
  return key;
}

async function configure(provider: ProviderProcess, config: CoreObject): Promise<Diagnostic[]> {
  const failures = await configureSession(provider.session, config);
  if (failures.length > 0) return failures.map(configurationDiagnostic);
  return tokenDiagnostics(provider.session.core);
}

async function validateResource(provider: ProviderProcess, kind: string, config: CoreObject): Promise<Diagnostic[]> {
  const inputs = inputsOf(kind, config);
  // Validation runs before the provider is configured: an organization left to the provider's
  // is checked at plan; here it is any value.
  const candidate = inputs.organizationId === undefined && "organizationId" in definitionFor(kind).schema.shape ? { ...inputs, organizationId: UNKNOWN } : inputs;
  const outcome = await provider.session.core.kindProvider(kind).check({}, candidate);
  return (outcome.failures ?? []).map(fromFailure(kind));
}

async function planResource(
  provider: ProviderProcess,
  kind: string,
  prior: CoreObject | null,
  proposed: CoreObject | null,
  priorPrivate: Uint8Array,
  config?: CoreObject | null,
): PlanAnswer {
  if (proposed === null) return { planned: null, requiresReplace: [], privateState: NO_PRIVATE_STATE, diagnostics: [] };
  const leftOut = leftOutOf(kind, config, prior);
  const organized = withOrganization(provider, kind, inputsOf(kind, withoutDefaultedLeftOut(kind, withoutPaths(proposed, leftOut), config)));
  if (organized.diagnostics.length > 0) return { planned: null, requiresReplace: [], privateState: NO_PRIVATE_STATE, diagnostics: organized.diagnostics };
  const configured = organized.inputs;

  if (prior === null) return planCreate(provider, kind, configured, priorPrivate);
  return planUpdate(provider, kind, prior, proposed, configured, leftOut, priorPrivate, config);
}

/** The plan of a create (a new resource, or the create half of a replacement). */
async function planCreate(provider: ProviderProcess, kind: string, configured: CoreObject, priorPrivate: Uint8Array): PlanAnswer {
  // A replacement's create half is planned with the prior's plan private state (the name the
  // replaced resource has): one resource, one owner, though its object is made anew.
  const name = decodePrivate(priorPrivate) ?? newResourceName(kind, configured);
  // The key the apply gives the create journal (journalKey): the inputs as the plan gives
  // them to the apply, defaults filled.
  const identity = containsUnknown(configured) ? undefined : `terraform/${kind}/${digestOf(kind, withDefaults(kind, configured))}`;
  // A create with no private state and a tainted partial create of its kind and name read by
  // this plan's refresh: the create half of that object's replacement, checked as its update
  // (the object is this resource's own, not one to warn of) and finished (tainted-creates.ts).
  const tainted = priorPrivate.length === 0 ? provider.taintedCreates.take(kind, name) : undefined;
  const olds = tainted === undefined ? {} : inputsOf(kind, normalizedInputs(kind, outputsOf(kind, tainted.state)));
  const check = await checked(provider, kind, olds, identity === undefined ? configured : { ...configured, [IDENTITY_KEY]: identity }, name);
  if (failed(check.diagnostics)) return { planned: null, requiresReplace: [], privateState: NO_PRIVATE_STATE, diagnostics: check.diagnostics };
  const planned: CoreObject = { ...configured, ...defaultsOf(kind, configured, check.inputs) };
  // What the API settles of an input the configuration leaves out is the state's after the create, as after an import.
  for (const key of [...computedKeys(kind), ...computedInputKeys(kind), ...heldWhenLeftOutKeys(kind)]) if (planned[key] === undefined) planned[key] = UNKNOWN;
  let finish;
  let takesOver;
  try {
    finish = tainted !== undefined && (await finishes(provider, kind, tainted, check.inputs, name)) ? tainted.id : undefined;
    // A replacement's create half (the replaced resource's private bytes): what its create
    // takes over, which the delete half, given these bytes, leaves (tainted-creates.ts `takesOver`).
    if (priorPrivate.length > 0 && !containsUnknown(check.inputs)) takesOver = await provider.session.core.claimOf(kind, withoutDynamicKeys(check.inputs));
  } catch (error) {
    return { planned: null, requiresReplace: [], privateState: NO_PRIVATE_STATE, diagnostics: [fromError(kind, error)] };
  }
  if (finish === undefined) {
    return { planned, requiresReplace: [], privateState: encodePrivate(name, takesOver === undefined ? {} : { takesOver }), diagnostics: check.diagnostics };
  }
  const finishing: Diagnostic = {
    severity: "warning",
    summary: `${finish} is tainted because its create did not finish: this apply finishes it under the same id and deletes nothing, although the plan shows it replaced.`,
    detail: "",
  };
  return {
    planned,
    requiresReplace: [],
    privateState: encodePrivate(name, { finish, ...(identity === undefined ? {} : { journalKey: identity }) }),
    diagnostics: [...check.diagnostics, finishing],
  };
}

/** The plan of a resource in the state: no change, an update, or a replacement (`requiresReplace`). */
async function planUpdate(
  provider: ProviderProcess,
  kind: string,
  prior: CoreObject,
  proposed: CoreObject,
  configured: CoreObject,
  leftOut: LeftOut,
  priorPrivate: Uint8Array,
  config: CoreObject | null | undefined,
): PlanAnswer {
  const id = String(prior[ID_ATTRIBUTE]);
  const name = decodePrivate(priorPrivate) ?? id;
  // An object imported from another organization than the provider's is managed only by a
  // resource that names that organization itself: left unset, organization_id means the
  // provider's (the proposed state holds the prior's value there, so the configuration decides).
  const importedFrom = decodePrivateState(priorPrivate)?.importedFrom;
  const written = (config ?? proposed).organizationId;
  const writtenOrganization = typeof written === "string" ? written : provider.session.organizationId;
  if (importedFrom !== undefined && writtenOrganization !== importedFrom) {
    return { planned: null, requiresReplace: [], privateState: priorPrivate, diagnostics: [crossOrganizationImport(kind, id, importedFrom, String(writtenOrganization))] };
  }
  // The state keeps inputs as the configuration wrote them (keepWritten): diff compares them as
  // the kind normalizes them, and as far as the configuration names parts of the object.
  const olds = asDeclared(kind, normalizedInputs(kind, withoutPaths(outputsOf(kind, prior), leftOut)), configured);
  const check = await checked(provider, kind, inputsOf(kind, olds), configured, name);
  if (failed(check.diagnostics)) return { planned: null, requiresReplace: [], privateState: NO_PRIVATE_STATE, diagnostics: check.diagnostics };
  let decided;
  try {
    decided = await provider.session.core.diff(kind, id, olds, withoutDynamicKeys(check.inputs), deploymentName(kind, name));
  } catch (error) {
    return { planned: null, requiresReplace: [], privateState: NO_PRIVATE_STATE, diagnostics: [fromError(kind, error)] };
  }
  // The prior's computed values (an input the configuration leaves to the API among them) and
  // the configuration's inputs as written, defaults filled (Terraform holds a plan to them):
  // with no change and inputs written as before, the prior state itself.
  // What the configuration leaves out is the prior's, as last read.
  const defaults = defaultsOf(kind, configured, check.inputs);
  const leftToTheApi = computedInputKeys(kind).filter(
    (key) => configured[key] === undefined && defaults[key] === undefined && prior[key] !== undefined && prior[key] !== null && !(key in leftOut),
  );
  const planned: CoreObject = { ...computedOf(kind, prior), ...pick(prior, leftToTheApi), ...configured, ...defaults };
  const replaces = decided.replaces ?? [];
  if (!decided.changes) {
    // What the configuration names is as the prior has it: the prior's value, with the parts it
    // leaves alone (a structure's other containers, as imported), is the plan (Terraform takes a
    // planned value equal to the prior for the configuration's).
    const asPrior = definitionFor(kind).declaredPartOf === undefined ? [] : Object.keys(configured).filter((key) => prior[key] !== undefined);
    const unchanged = { ...planned, ...pick(prior, asPrior) };
    return { planned: withPaths(unchanged, prior, leftOut), requiresReplace: [], privateState: encodePrivate(name), diagnostics: check.diagnostics };
  }
  // An update can change what the server computes (an update time, a URL from a title); a
  // replacement makes a new object, its id too.
  for (const key of [...computedKeys(kind), ...computedInputKeys(kind).filter((key) => (planned[key] === undefined && !(key in leftOut)) || leftToTheApi.includes(key))]) {
    if (key === ID_ATTRIBUTE && replaces.length === 0) continue;
    planned[key] = UNKNOWN;
  }
  return { planned: withPaths(planned, prior, leftOut), requiresReplace: replaces.map((key) => [key]), privateState: encodePrivate(name), diagnostics: check.diagnostics };
}

async function applyResource(
  provider: ProviderProcess,
  kind: string,
  prior: CoreObject | null,
  planned: CoreObject | null,
  plannedPrivate: Uint8Array,
  config?: CoreObject | null,
): ApplyAnswer {
  if (planned === null) return applyDelete(provider, kind, prior, plannedPrivate);
  // What a plan left unknown at apply is the provider's to compute (the configuration is known
  // by now): an input the configuration left out (a site's spaces) is left out again.
  // What the configuration leaves out is not the core's: the state keeps it as planned (the prior's).
  const leftOut = leftOutOf(kind, config, prior);
  const given = Object.fromEntries(Object.entries(inputsOf(kind, withoutPaths(planned, leftOut))).filter(([, value]) => value !== UNKNOWN));
  const organized = withOrganization(provider, kind, given);
  if (organized.diagnostics.length > 0) return { state: prior, privateState: NO_PRIVATE_STATE, diagnostics: organized.diagnostics };
  const configured = organized.inputs;
  const normalized = await provider.session.core.kindProvider(kind).check(prior === null ? {} : inputsOf(kind, normalizedInputs(kind, withoutPaths(prior, leftOut))), configured);
  if (normalized.failures?.length) return { state: prior, privateState: NO_PRIVATE_STATE, diagnostics: normalized.failures.map(fromFailure(kind)) };
  const inputs = withoutDynamicKeys(normalized.inputs ?? configured);

  if (prior === null) return applyCreate(provider, kind, configured, inputs, plannedPrivate);
  return applyUpdate(provider, kind, prior, planned, configured, inputs, leftOut, plannedPrivate);
}

/** A destroy (or the delete half of a replacement). */
async function applyDelete(provider: ProviderProcess, kind: string, prior: CoreObject | null, plannedPrivate: Uint8Array): ApplyAnswer {
  if (prior === null) return { state: null, privateState: NO_PRIVATE_STATE, diagnostics: [] };
  const replacement = decodePrivateState(plannedPrivate);
  if (replacement?.finish !== undefined && replacement.finish === String(prior[ID_ATTRIBUTE])) {
    // The delete half of a tainted partial create's replacement, which the create half
    // finishes (tainted-creates.ts): the object stays, in the create journal should the run
    // stop before the create.
    if (replacement.journalKey !== undefined) provider.session.core.expectCreate(kind, replacement.journalKey, replacement.finish);
    return { state: null, privateState: NO_PRIVATE_STATE, diagnostics: [] };
  }
  try {
    // A replacement's delete half, before its create: it leaves what the create takes over.
    const claims = replacement?.takesOver === undefined ? [] : [replacement.takesOver];
    await provider.session.core.delete(kind, String(prior[ID_ATTRIBUTE]), outputsOf(kind, prior), { claims });
    return { state: null, privateState: NO_PRIVATE_STATE, diagnostics: [] };
  } catch (error) {
    // The object stays in the state: a later destroy tries again.
    return { state: prior, privateState: NO_PRIVATE_STATE, diagnostics: [fromError(kind, error)] };
  }
}

/** A create: a new object, or the finish of a tainted partial create (tainted-creates.ts). */
async function applyCreate(provider: ProviderProcess, kind: string, configured: CoreObject, inputs: CoreObject, plannedPrivate: Uint8Array): ApplyAnswer {
  const plannedState = decodePrivateState(plannedPrivate);
  const name = plannedState?.name ?? newResourceName(kind, configured);
  if (plannedState?.finish !== undefined) {
    const finished = await finishTainted(provider, kind, plannedState.finish, configured, inputs, name);
    if (finished) return finished;
  }
  try {
    const created = await provider.session.core.create(kind, { ...inputs, [IDENTITY_KEY]: journalKey(provider, kind, configured) }, deploymentName(kind, name), {
      tracked: heldWhenLeftOutKeys(kind),
    });
    return { state: keepWritten(kind, configured, stateOf(kind, created.id, created.outs ?? {})), privateState: encodePrivate(name), diagnostics: [] };
  } catch (error) {
    // A partial create (recovery/partial-create.ts): the object exists but not all of it
    // took. Its state goes to OpenTofu with the error, which then marks it tainted; its
    // private state says so, and the next apply finishes it (tainted-creates.ts).
    const partial = error as { id?: unknown; properties?: CoreObject };
    if (typeof partial.id === "string" && partial.id !== "" && partial.properties) {
      const { __provider: _provider, ...properties } = partial.properties;
      return { state: stateOf(kind, partial.id, properties), privateState: encodePrivate(name, { partial: true }), diagnostics: [fromError(kind, error)] };
    }
    return { state: null, privateState: NO_PRIVATE_STATE, diagnostics: [fromError(kind, error)] };
  }
}

/** An update in place. */
async function applyUpdate(
  provider: ProviderProcess,
  kind: string,
  prior: CoreObject,
  planned: CoreObject,
  configured: CoreObject,
  inputs: CoreObject,
  leftOut: LeftOut,
  plannedPrivate: Uint8Array,
): ApplyAnswer {
  const id = String(prior[ID_ATTRIBUTE]);
  const name = decodePrivate(plannedPrivate) ?? id;
  try {
    const updated = await provider.session.core.update(kind, id, asDeclared(kind, withoutPaths(outputsOf(kind, prior), leftOut), inputs), inputs, deploymentName(kind, name));
    const state = keepWritten(kind, configured, stateOf(kind, id, updated.outs ?? {}));
    return { state: withPaths(state, planned, leftOut), privateState: encodePrivate(name), diagnostics: [] };
  } catch (error) {
    return { state: prior, privateState: encodePrivate(name), diagnostics: [fromError(kind, error)] };
  }
}

async function readResource(provider: ProviderProcess, kind: string, state: CoreObject, priorPrivate: Uint8Array): ApplyAnswer {
  const id = String(state[ID_ATTRIBUTE]);
  const known = decodePrivateState(priorPrivate);
  const privateState =
    known === undefined
      ? NO_PRIVATE_STATE
      : encodePrivate(known.name, { ...(known.partial ? { partial: true as const } : {}), ...(known.importedFrom ? { importedFrom: known.importedFrom } : {}) });
  try {
    // What the API settles of an input the configuration leaves out, as a create and an import hold it.
    const read = await provider.session.core.read(kind, id, outputsOf(kind, state), { tracked: heldWhenLeftOutKeys(kind) });
    if (!read.id) return { state: null, privateState: NO_PRIVATE_STATE, diagnostics: [] };
    const refreshed = keepWritten(kind, state, stateOf(kind, read.id, read.props ?? {}));
    // A partial create (tainted): the plan of its create, next in this provider, finishes it.
    if (known?.partial) provider.taintedCreates.seen(kind, known.name, { id: read.id, state: refreshed });
    return { state: refreshed, privateState, diagnostics: [] };
  } catch (error) {
    return { state, privateState, diagnostics: [fromError(kind, error)] };
  }
}

async function importResource(provider: ProviderProcess, kind: string, importId: string, organizationId: string | undefined = provider.session.organizationId): ApplyAnswer {
  try {
    // The object whole: an argument a configuration leaves out keeps the state's value here, so
    // a configuration declaring a default's value, or leaving it out, plans no change.
    const imported = await provider.session.core.importObject(kind, importId, organizationId, { whole: true });
    // An object of the provider's organization (or one whose kind has none) needs no mark; one
    // of another is named by its id (an imported resource's name) and marked (planResource).
    const from = imported.props.organizationId;
    const crosses = typeof from === "string" && provider.session.organizationId !== undefined && from !== provider.session.organizationId;
    return {
      state: stateOf(kind, imported.id, imported.props),
      privateState: crosses ? encodePrivate(imported.id, { importedFrom: from }) : NO_PRIVATE_STATE,
      diagnostics: [],
    };
  } catch (error) {
    return { state: null, privateState: NO_PRIVATE_STATE, diagnostics: [fromError(kind, error)] };
  }
}

async function readDataSource(provider: ProviderProcess, lookup: string, args: CoreObject): Promise<{ state: CoreObject | null; diagnostics: Diagnostic[] }> {
  const given = Object.fromEntries(Object.entries(args).filter(([, value]) => value !== null && value !== undefined));
  try {
    const result = await invoke(`docs-platform:index:${lookup}`, given, provider.session.core.api(), provider.session.organizationId);
    // The arguments as the configuration wrote them (Terraform holds them to it), the result beside them.
    return { state: { ...result, ...given }, diagnostics: [] };
  } catch (error) {
    return { state: null, diagnostics: [fromError(undefined, error)] };
  }
}

function stop(): Promise<void> {
  // Requests in flight finish or time out on their own (the client's deadline); nothing to cancel.
  return Promise.resolve();
}

/**
 * The operations of one provider process: the named functions above over a ProviderProcess of its own.
 * Like the plugin door, they hold a session (door-layer/session.ts: the core `configure` builds,
 * until then one that only validates, and the provider's organization); nothing lives at module
 * level, so two providers in one process (a test's two emulators) share no client, claim or journal.
 */
export function terraformOperations(session: DoorSession = openSession()): TerraformOperations {
  const provider: ProviderProcess = { session, journalKeysInUse: new Set(), taintedCreates: new TaintedCreates() };
  return {
    configure: (config) => configure(provider, config),
    validateResource: (kind, config) => validateResource(provider, kind, config),
    planResource: (kind, prior, proposed, priorPrivate, config) => planResource(provider, kind, prior, proposed, priorPrivate, config),
    applyResource: (kind, prior, planned, plannedPrivate, config) => applyResource(provider, kind, prior, planned, plannedPrivate, config),
    readResource: (kind, state, priorPrivate) => readResource(provider, kind, state, priorPrivate),
    importResource: (kind, importId, organizationId) => importResource(provider, kind, importId, organizationId),
    readDataSource: (lookup, args) => readDataSource(provider, lookup, args),
    stop,
  };
}
