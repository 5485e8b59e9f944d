/**
 * The JSON `pulumi preview --json` prints, read into what a reviewer needs: one change per
 * resource (a replace's three engine steps become one), its inputs before and after, why it is
 * replaced, and the preview's diagnostics. Only the fields this package's summary uses are typed.
 */
import type { PolicyViolation } from "./policy";
import { InputError } from "../input-error";

export interface PreviewJson {
  config?: Record<string, unknown>;
  steps?: PreviewStep[];
  diagnostics?: PreviewDiagnostic[];
  changeSummary?: Record<string, number>;
}

interface StepState {
  type?: string;
  id?: string;
  inputs?: Record<string, unknown>;
}

export interface PreviewStep {
  op: string;
  urn: string;
  oldState?: StepState;
  newState?: StepState;
  diffReasons?: string[];
  replaceReasons?: string[];
}

export interface PreviewDiagnostic {
  urn?: string;
  message?: string;
  severity?: string;
}

/** What happens to a resource, as a reviewer reads it (`import`: a plan's `import` block that changes nothing else). */
export type Operation = "create" | "update" | "replace" | "delete" | "import";

export interface ResourceChange {
  operation: Operation;
  urn: string;
  /** The type token, e.g. `pulumi-nodejs:dynamic/docs-platform:Team`. */
  type: string;
  /** `Team` for this package's resources, else the type token. */
  kind: string;
  /** The resource's name in the program. */
  name: string;
  id?: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  /** Input keys the engine reports as changed (may include secrets whose values look equal). */
  diffReasons: string[];
  /** Input keys that force the replace. */
  replaceReasons: string[];
  /** `terraform`: the change of a plan (plan.ts), whose paths are shown by their attribute names (snake_case). */
  attributeNames?: "terraform";
  /** A plan's replace: whether the old object is deleted first (the plan says; a preview's kind facts say otherwise). */
  deleteFirst?: boolean;
  /** A plan's `import` block takes over the existing object of this import id. */
  importId?: string;
  /** Why a plan replaces or deletes it (`action_reason`: `replace_because_tainted`, `delete_because_no_resource_config`, ...). */
  reason?: string;
}

export interface Preview {
  stack: string | undefined;
  changes: ResourceChange[];
  /** Resources per operation, `same` included, as the engine counts them. */
  counts: Record<string, number>;
  errors: PreviewDiagnostic[];
  warnings: PreviewDiagnostic[];
  /** Policy violations, when the preview's event log was given (policy.ts); the JSON has none. */
  policyViolations: PolicyViolation[];
  /** What the preview's resources are called, by their id: to say "Guides" where an input holds its id. */
  names: ReadonlyMap<string, ResourceName>;
  /** Set when the changes are an OpenTofu or Terraform plan's (plan.ts), not a Pulumi preview's. */
  plan?: { tool: { name: string; command: string } };
}

/** How a reviewer knows a resource: its title (or label, slug, ...) where it has one, and its name. */
export interface ResourceName {
  kind: string;
  name: string;
  title?: string;
}

const TITLE_KEYS = ["title", "label", "slug", "email", "language"];

const STACK_TYPE = "pulumi:pulumi:Stack";
/** The package's resources through either door: the dynamic package's types and the plugin's. */
const PACKAGE_TYPE = /^(?:pulumi-nodejs:dynamic\/docs-platform|docs-platform:index):(\w+)$/;

// A replace is three steps (create-replacement, replace, delete-replaced); the `replace` step
// alone stands for it. `same`, `read` and `refresh` change nothing.
const OPERATION_OF_STEP: Record<string, Operation | undefined> = {
  create: "create",
  update: "update",
  replace: "replace",
  delete: "delete",
};

/** Keys of the engine and of this package's runtime (`__provider`, `__identity`): never shown. */
export function isInternalKey(key: string): boolean {
  return key.startsWith("__");
}

function visibleInputs(inputs: Record<string, unknown> | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(inputs ?? {}).filter(([key]) => !isInternalKey(key)));
}

/** `urn:pulumi:<stack>::<project>::<type path>::<name>` -> its parts (names may hold `::`). */
export function parseUrn(urn: string): { stack: string; type: string; name: string } {
  const [stack = "", , typePath = "", ...rest] = urn.replace(/^urn:pulumi:/, "").split("::");
  const type = typePath.split("$").at(-1) ?? typePath;
  return { stack, type, name: rest.join("::") };
}

/**
 * An engine diagnostic without the values it quotes: for a check failure that names a property,
 * the engine prints "property <key> value {<the value>} has a problem", the value in clear even
 * when it is a secret (any provider's, not only this package's, which names none). The summary and
 * the drift report post diagnostics where many can read them, so the value goes, up to the last
 * "has a problem" of the message (a value may hold braces and line breaks).
 */
export function withoutCheckedValues(message: string): string {
  return message.replace(/property (\S+) value \{[\s\S]*\} has a problem: /g, "property $1 (value not shown) has a problem: ");
}

/** Reads the parsed JSON of `pulumi preview --json`; throws on something that is not one. */
export function readPreview(json: unknown): Preview {
  if (typeof json !== "object" || json === null || Array.isArray(json) || !("steps" in json || "diagnostics" in json || "changeSummary" in json)) {
    throw new InputError(
      "the input is not the JSON of `pulumi preview --json` (no steps, diagnostics or changeSummary) nor of `tofu show -json <plan file>` or `terraform show -json <plan file>` (no format_version)",
    );
  }
  const preview = json as PreviewJson;
  const changes: ResourceChange[] = [];
  const names = new Map<string, ResourceName>();
  for (const step of preview.steps ?? []) {
    const { type, name } = parseUrn(step.urn);
    for (const state of [step.oldState, step.newState]) {
      if (typeof state?.id !== "string" || state.id === "" || names.has(state.id)) continue;
      const title = TITLE_KEYS.map((key) => state.inputs?.[key]).find((value): value is string => typeof value === "string");
      names.set(state.id, { kind: PACKAGE_TYPE.exec(state.type ?? type)?.[1] ?? state.type ?? type, name, ...(title ? { title } : {}) });
    }
  }
  let stack: string | undefined;
  for (const step of preview.steps ?? []) {
    stack ??= parseUrn(step.urn).stack || undefined;
    const operation = OPERATION_OF_STEP[step.op];
    const { type, name } = parseUrn(step.urn);
    // The stack itself is created by the first preview of a stack: not a change to review.
    if (!operation || type === STACK_TYPE) continue;
    const fullType = step.newState?.type ?? step.oldState?.type ?? type;
    changes.push({
      operation,
      urn: step.urn,
      type: fullType,
      kind: PACKAGE_TYPE.exec(fullType)?.[1] ?? fullType,
      name,
      id: step.oldState?.id ?? step.newState?.id,
      before: operation === "create" ? {} : visibleInputs(step.oldState?.inputs),
      after: operation === "delete" ? {} : visibleInputs(step.newState?.inputs),
      diffReasons: (step.diffReasons ?? []).filter((key) => !isInternalKey(key)),
      replaceReasons: (step.replaceReasons ?? []).filter((key) => !isInternalKey(key)),
    });
  }
  const diagnostics = (preview.diagnostics ?? []).map((d) => (typeof d.message === "string" ? { ...d, message: withoutCheckedValues(d.message) } : d));
  const counts = { ...(preview.changeSummary ?? {}) };
  const stackStep = (preview.steps ?? []).find((step) => parseUrn(step.urn).type === STACK_TYPE);
  if (stackStep && OPERATION_OF_STEP[stackStep.op] && counts[stackStep.op]) counts[stackStep.op] -= 1;
  return {
    stack,
    changes,
    counts,
    errors: diagnostics.filter((d) => d.severity === "error"),
    warnings: diagnostics.filter((d) => d.severity === "warning"),
    policyViolations: [],
    names,
  };
}
