/**
 * The JSON `tofu show -json <plan file>` (and `terraform show -json <plan file>`, the same format,
 * `format_version` 1.x) prints, read into the {@link Preview} the summary renders for `pulumi
 * preview --json`: a second input of the one renderer, not a second renderer.
 *
 * What a plan holds that a preview does not, and how it is read:
 * - Values in clear, secrets too: a sensitive value (`before_sensitive` / `after_sensitive`
 *   mark it, at any depth) is replaced by the summary's mask before anything else reads it, so it
 *   can reach no line of the comment. The plan's `variables`, `configuration`, `prior_state` and
 *   `output_changes` are never read for the comment; {@link sensitiveInClear} only counts where
 *   the plan file holds secrets, for a warning on stderr.
 * - Terraform's object of each resource (snake_case, every attribute, null when unset, computed
 *   attributes beside the arguments): this provider's resources are read back into the core's
 *   inputs (terraform/values.ts `toCore`, through the resource's own schema), so the kinds' facts
 *   (replace keys, set-valued keys, references by id, a structure's order) apply as they do to a
 *   preview, and each path is shown again by its attribute name (`attributeNameOf`).
 * - The order of a replace's two steps (`["delete", "create"]` deletes first), why an object is
 *   replaced or deleted (`replace_paths`, `action_reason`), and `import` blocks (`importing`).
 */
import { UNKNOWN } from "../../adapter/unknowns";
import { type TfBlock, computedInputKeys, terraformSchema } from "../../terraform/schema";
import { attributePath, coreNameOf, toCore } from "../../terraform/values";
import { InputError } from "../input-error";
import {
  type Operation,
  type Preview,
  type PreviewDiagnostic,
  type ResourceChange,
  type ResourceName,
} from "./preview";
import { MASK } from "./property-changes";

/** The tool that wrote the plan: how the summary names it and its commands. */
export interface PlanTool {
  /** `OpenTofu`, `Terraform`. */
  name: string;
  /** `tofu`, `terraform`. */
  command: string;
}

export const PLAN_TOOLS: Readonly<Record<string, PlanTool>> = {
  tofu: { name: "OpenTofu", command: "tofu" },
  terraform: { name: "Terraform", command: "terraform" },
};

/**
 * Which CLI wrote a plan: the registry host of its providers' addresses (`registry.opentofu.org/...`
 * is OpenTofu's default, `registry.terraform.io/...` Terraform's), else Terraform's own fields
 * (`applyable`, `complete`, which OpenTofu's JSON does not have), else OpenTofu.
 */
export function planToolOf(json: PlanJson): PlanTool {
  const providers = [...(json.resource_changes ?? []), ...(json.resource_drift ?? [])].map(
    (entry) => entry.provider_name ?? "",
  );
  if (providers.some((name) => name.startsWith("registry.opentofu.org/"))) return PLAN_TOOLS.tofu;
  if (providers.some((name) => name.startsWith("registry.terraform.io/"))) return PLAN_TOOLS.terraform;
  return "applyable" in json || "complete" in json ? PLAN_TOOLS.terraform : PLAN_TOOLS.tofu;
}

/** One resource of a plan's `resource_changes` or `resource_drift`; only the fields read here are typed. */
export interface PlanResourceChange {
  address: string;
  mode?: string;
  type: string;
  name?: string;
  provider_name?: string;
  deposed?: string;
  action_reason?: string;
  change: {
    actions: string[];
    before?: unknown;
    after?: unknown;
    after_unknown?: unknown;
    before_sensitive?: unknown;
    after_sensitive?: unknown;
    replace_paths?: (string | number)[][];
    importing?: { id?: string };
  };
}

interface PlanModule {
  resources?: { address: string; mode?: string; type: string; values?: unknown; sensitive_values?: unknown }[];
  child_modules?: PlanModule[];
}

export interface PlanJson {
  format_version: string;
  terraform_version?: string;
  resource_changes?: PlanResourceChange[];
  resource_drift?: PlanResourceChange[];
  prior_state?: { values?: { root_module?: PlanModule } };
  output_changes?: Record<string, { before_sensitive?: unknown; after_sensitive?: unknown }>;
  configuration?: { root_module?: { variables?: Record<string, { sensitive?: boolean }> } };
  variables?: Record<string, unknown>;
  errored?: boolean;
  /** Only a plan has it, never a state (`tofu show -json` without a plan file prints the state). */
  planned_values?: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Whether parsed JSON is the output of `tofu show -json` (a plan or a state: `format_version` says so). */
export function isShowJson(json: unknown): json is PlanJson {
  return isRecord(json) && typeof json.format_version === "string";
}

/** Whether `tofu show -json` printed a plan (with the plan file) rather than a state (without it). */
export function isPlanJson(json: unknown): json is PlanJson {
  return isShowJson(json) && ("resource_changes" in json || "planned_values" in json || "resource_drift" in json);
}

/** The schema block of this provider's resource type (`docsplatform_team`), with its kind. */
function resourceOf(type: string): { kind: string; block: TfBlock } | undefined {
  const resource = terraformSchema().resources.find((candidate) => candidate.typeName === type);
  return resource && { kind: resource.kind, block: resource.block };
}

const inputBlocks = new Map<string, TfBlock>();

/** A resource's arguments only (required or optional): what a configuration declares, as a preview's inputs are. */
function argumentsOf(type: string, block: TfBlock): TfBlock {
  let arguments_ = inputBlocks.get(type);
  if (!arguments_) {
    arguments_ = {
      ...block,
      attributes: block.attributes.filter((attribute) => attribute.required || attribute.optional),
    };
    inputBlocks.set(type, arguments_);
  }
  return arguments_;
}

/**
 * A plan's value with every sensitive part replaced by the mask and every unknown part by the
 * unknown marker. The markers mirror the value (`true` at a sensitive or unknown place; an object
 * or array of markers inside); an unknown attribute may be absent from the value itself.
 */
export function maskedValue(value: unknown, sensitive: unknown, unknown: unknown = false): unknown {
  if (unknown === true) return UNKNOWN;
  if (sensitive === true) return value === null || value === undefined ? value : MASK;
  if (Array.isArray(value))
    return value.map((item, index) =>
      maskedValue(
        item,
        Array.isArray(sensitive) ? sensitive[index] : false,
        Array.isArray(unknown) ? unknown[index] : false,
      ),
    );
  if (isRecord(value) || isRecord(unknown)) {
    const object = isRecord(value) ? value : {};
    const keys = new Set([...Object.keys(object), ...(isRecord(unknown) ? Object.keys(unknown) : [])]);
    const masked: Record<string, unknown> = {};
    for (const key of keys) {
      masked[key] = maskedValue(
        object[key],
        isRecord(sensitive) ? sensitive[key] : false,
        isRecord(unknown) ? unknown[key] : false,
      );
    }
    return masked;
  }
  return value;
}

/** A resource's values as the summary reads inputs: this provider's in the core's names (arguments only), another's without its nulls. */
function inputsOf(type: string, value: unknown): Record<string, unknown> {
  if (!isRecord(value)) return {};
  const resource = resourceOf(type);
  if (resource) return toCore(argumentsOf(type, resource.block), value);
  return Object.fromEntries(Object.entries(value).filter(([, member]) => member !== null && member !== undefined));
}

/** A resource's path in the core's names (`styling.corners`) by its attribute names (`styling.corners`, `page_actions.external_ai`). */
export function attributeNameOf(kind: string, corePath: string): string {
  const resource = terraformSchema().resources.find((candidate) => candidate.kind === kind);
  return resource ? attributePath(resource.block, corePath.split(".")).join(".") : corePath;
}

/** An attribute path of the plan (`["organization_id"]`) as the core's top-level input name (`organizationId`). */
function coreKeyOf(type: string, path: readonly (string | number)[]): string | undefined {
  const first = path[0];
  if (typeof first !== "string") return undefined;
  const attribute = resourceOf(type)?.block.attributes.find((candidate) => candidate.name === first);
  return attribute ? coreNameOf(attribute) : first;
}

/**
 * The inputs the provider settles at apply that the plan leaves wholly unknown (an argument the
 * configuration may leave out, such as a site's `spaces`): nothing a reviewer can read, so not
 * shown on either side; what the configuration sets is known, or names what it comes from.
 */
function settledLater(kind: string, after: Record<string, unknown>): Set<string> {
  const settled = new Set(computedInputKeys(kind));
  return new Set(Object.keys(after).filter((key) => after[key] === UNKNOWN && settled.has(key)));
}

function without(inputs: Record<string, unknown>, keys: ReadonlySet<string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(inputs).filter(([key]) => !keys.has(key)));
}

/**
 * The paths whose values differ (`source`, `source.url`), compared in clear: a secret that
 * changed is said to, never shown, though its masks look alike on both sides.
 */
function differingPaths(before: Record<string, unknown>, after: Record<string, unknown>, prefix = ""): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].flatMap((key) => {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) return [];
    const path = `${prefix}${key}`;
    const [old, now] = [before[key], after[key]];
    return isRecord(old) && isRecord(now) ? [path, ...differingPaths(old, now, `${path}.`)] : [path];
  });
}

/** What the plan does to a resource, from its actions; undefined for a resource it leaves as it is (or reads). */
function operationOf(entry: PlanResourceChange): Operation | "same" | "forget" | undefined {
  const actions = entry.change.actions.join(",");
  const imports = entry.change.importing !== undefined;
  switch (actions) {
    case "create":
      return "create";
    case "update":
      return "update";
    case "delete":
      return "delete";
    case "delete,create":
    case "create,delete":
      return "replace";
    case "no-op":
      return imports ? "import" : "same";
    case "forget":
      return "forget";
    default:
      // `read` (a data source read during apply) changes nothing in the organization.
      return undefined;
  }
}

const TITLE_KEYS = ["title", "label", "slug", "email", "language"];

/**
 * One resource of the plan as a change of the summary: its inputs before and after (masked), the
 * keys that differ, what forces its replace, its import. `before` and `after` are those of the
 * plan; `swap` reads a drift entry, whose `before` is what the state recorded and `after` the
 * organization now, the other way round (a drift report's `before` is now, its `after` declared).
 */
export function planChange(
  entry: PlanResourceChange,
  operation: Operation,
  options: { swap?: boolean } = {},
): ResourceChange {
  const { change } = entry;
  const resource = resourceOf(entry.type);
  const kind = resource?.kind ?? entry.type;
  let before = operation === "create" ? {} : inputsOf(entry.type, maskedValue(change.before, change.before_sensitive));
  let after =
    operation === "delete"
      ? {}
      : inputsOf(entry.type, maskedValue(change.after, change.after_sensitive, change.after_unknown));
  const later = settledLater(kind, after);
  [before, after] = [without(before, later), without(after, later)];
  if (options.swap) [before, after] = [after, before];
  // Compared in clear, never shown: a secret whose masks look alike is still said to have changed.
  const diffReasons =
    operation === "create" || operation === "delete"
      ? []
      : differingPaths(inputsOf(entry.type, change.before), inputsOf(entry.type, change.after)).filter(
          (path) => !later.has(path.split(".")[0]),
        );
  const id = [change.before, change.after]
    .map((value) => (isRecord(value) && typeof value.id === "string" ? value.id : undefined))
    .find(Boolean);
  return {
    operation,
    urn: entry.address,
    type: entry.type,
    kind,
    name: entry.deposed ? `${entry.address} (deposed ${entry.deposed})` : entry.address,
    ...(id ? { id } : {}),
    before,
    after,
    diffReasons,
    replaceReasons: [
      ...new Set(
        (change.replace_paths ?? [])
          .map((path) => coreKeyOf(entry.type, path))
          .filter((key): key is string => key !== undefined),
      ),
    ],
    attributeNames: "terraform",
    ...(operation === "replace" ? { deleteFirst: change.actions[0] === "delete" } : {}),
    ...(change.importing !== undefined ? { importId: change.importing.id ?? "" } : {}),
    ...(entry.action_reason ? { reason: entry.action_reason } : {}),
  };
}

/** Every id the plan's resources have, with the title and address a reviewer knows them by. */
function namesOf(entries: readonly PlanResourceChange[]): Map<string, ResourceName> {
  const names = new Map<string, ResourceName>();
  for (const entry of entries) {
    for (const value of [entry.change.before, entry.change.after]) {
      if (!isRecord(value) || typeof value.id !== "string" || value.id === "" || names.has(value.id)) continue;
      const sensitive = entry.change.before === value ? entry.change.before_sensitive : entry.change.after_sensitive;
      const inputs = inputsOf(entry.type, maskedValue(value, sensitive));
      const title = TITLE_KEYS.map((key) => inputs[key]).find(
        (candidate): candidate is string => typeof candidate === "string" && candidate !== MASK,
      );
      names.set(value.id, {
        kind: resourceOf(entry.type)?.kind ?? entry.type,
        name: entry.address,
        ...(title ? { title } : {}),
      });
    }
  }
  return names;
}

/** The managed resources of a plan, changed or not (data sources are reads). */
const managed = (entries: readonly PlanResourceChange[] | undefined) =>
  (entries ?? []).filter((entry) => (entry.mode ?? "managed") === "managed");

/** Reads a plan's parsed JSON; throws on one that is not a plan (a state, another JSON). */
export function readPlan(json: unknown, given?: PlanTool): Preview {
  if (!isPlanJson(json)) {
    const command = given?.command ?? "tofu";
    if (isShowJson(json))
      throw new InputError(
        `the input is the JSON of a state, not of a plan: write the plan with \`${command} plan -out=plan.out\`, then give \`${command} show -json plan.out\``,
      );
    throw new InputError(`the input is not the JSON of \`${command} show -json <plan file>\` (no format_version)`);
  }
  const tool = given ?? planToolOf(json);
  const entries = managed(json.resource_changes);
  const changes: ResourceChange[] = [];
  const counts: Record<string, number> = {};
  const count = (key: string) => (counts[key] = (counts[key] ?? 0) + 1);
  for (const entry of entries) {
    const operation = operationOf(entry);
    if (operation === undefined) continue;
    if (entry.change.importing !== undefined) count("import");
    if (operation === "same" || operation === "forget") {
      count(operation);
      continue;
    }
    if (operation !== "import") count(operation);
    changes.push(planChange(entry, operation));
  }
  const errors: PreviewDiagnostic[] = json.errored
    ? [
        {
          severity: "error",
          message: `${tool.name} stopped planning with an error: the plan is incomplete (its errors are in the output of \`${tool.command} plan\`).`,
        },
      ]
    : [];
  return {
    stack: undefined,
    changes,
    counts,
    errors,
    warnings: [],
    policyViolations: [],
    names: namesOf([...entries, ...managed(json.resource_drift)]),
    plan: { tool },
  };
}

/** Every place a sensitive marker says `true`, as paths (`certificate`, `settings.0.key`). */
function markedPaths(marker: unknown, path: string[] = []): string[] {
  if (marker === true) return [path.join(".")];
  if (Array.isArray(marker)) return marker.flatMap((member, index) => markedPaths(member, [...path, String(index)]));
  if (isRecord(marker)) return Object.entries(marker).flatMap(([key, member]) => markedPaths(member, [...path, key]));
  return [];
}

function moduleResources(module: PlanModule | undefined): NonNullable<PlanModule["resources"]> {
  return [...(module?.resources ?? []), ...(module?.child_modules ?? []).flatMap(moduleResources)];
}

/**
 * Where the plan file holds a sensitive value in clear (the comment never shows one): each
 * resource attribute (`docsplatform_saml_provider.okta.certificate`), sensitive variable
 * (`var.okta_certificate`) and output (`output.token`) once, in the order found.
 */
export function sensitiveInClear(json: PlanJson): string[] {
  const places = new Set<string>();
  for (const entry of [...(json.resource_changes ?? []), ...(json.resource_drift ?? [])]) {
    for (const marker of [entry.change.before_sensitive, entry.change.after_sensitive])
      for (const path of markedPaths(marker)) places.add(`${entry.address}${path ? `.${path}` : ""}`);
  }
  for (const resource of moduleResources(json.prior_state?.values?.root_module))
    for (const path of markedPaths(resource.sensitive_values)) places.add(`${resource.address}.${path}`);
  for (const [name, variable] of Object.entries(json.configuration?.root_module?.variables ?? {}))
    if (variable.sensitive && json.variables?.[name] !== undefined) places.add(`var.${name}`);
  for (const [name, output] of Object.entries(json.output_changes ?? {}))
    if (markedPaths(output.before_sensitive).length + markedPaths(output.after_sensitive).length > 0)
      places.add(`output.${name}`);
  return [...places];
}

/** The managed resources the plan's (refreshed) prior state holds, by address. */
export function priorResources(json: PlanJson): string[] {
  return moduleResources(json.prior_state?.values?.root_module)
    .filter((resource) => (resource.mode ?? "managed") === "managed")
    .map((resource) => resource.address);
}
