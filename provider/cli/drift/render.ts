/**
 * A drift report: what changed outside Pulumi, read from `pulumi preview --refresh --json` of the
 * deployed program (the refreshed state against the program), with the same inert rendering as
 * the pull-request summary (../pr-summary/inert.ts): per resource and property, the value the
 * organization has now and the one the program declares; what was deleted; and what `pulumi up`
 * would do to repair it.
 *
 * A resource the preview refreshed and would then create is one deleted outside Pulumi; one it
 * would update or replace has drifted on the inputs that differ. (A scheduled check runs the
 * program that was last applied, so every difference is drift.)
 *
 * An OpenTofu or Terraform refresh-only plan (`tofu plan -refresh-only -out=drift.plan`, then
 * `tofu show -json drift.plan`) is read into the same report (findPlanDrift): its
 * `resource_drift` holds each object as the state recorded it and as the organization has it now,
 * masked and named as the pull-request summary reads plans (../pr-summary/plan.ts).
 */
import { code } from "../pr-summary/inert";
import { kindFacts } from "../pr-summary/kinds";
import { type PlanJson, type PlanTool, attributeNameOf, planChange, priorResources } from "../pr-summary/plan";
import { InputError } from "../input-error";
import type { Preview, PreviewJson, ResourceChange } from "../pr-summary/preview";
import { MASK, type PropertyChange, propertyChanges } from "../pr-summary/property-changes";
import { value } from "../pr-summary/render";

/** What a drift report is about, ready to render. */
export interface Drift {
  stack: string;
  changed: { change: ResourceChange; properties: PropertyChange[] }[];
  deleted: ResourceChange[];
  /** The preview's errors: the refresh or the preview failed. */
  errors: Preview["errors"];
  /** Resources the preview found in sync. */
  inSync: number;
  /** Set when the drift is an OpenTofu or Terraform plan's: its tool's name and commands, its workspace. */
  plan?: { tool: PlanTool };
}

const STACK_NAME = /^[A-Za-z0-9_.\-/]{1,200}$/;

/** The report's first line: the scheduled job finds its issue by it (a plan's by its workspace). */
export function driftMarker(stack: string, plan = false): string {
  if (!STACK_NAME.test(stack)) throw new InputError(`${JSON.stringify(stack)} is not a ${plan ? "workspace" : "Pulumi stack"} name (letters, digits, -, _, . and /)`);
  return `<!-- pulumi-docs-platform:drift ${plan ? "workspace" : "stack"}=${stack} -->`;
}

/** The drift in a preview (`readPreview` of `pulumi preview --refresh --json`) and its raw JSON. */
export function findDrift(preview: Preview, json: PreviewJson, stack: string): Drift {
  const refreshed = new Set((json.steps ?? []).filter((step) => step.op === "refresh").map((step) => step.urn));
  const changed: Drift["changed"] = [];
  const deleted: ResourceChange[] = [];
  for (const change of preview.changes) {
    if (change.operation === "create" && refreshed.has(change.urn)) deleted.push(change);
    else if (change.operation === "update" || change.operation === "replace") {
      const facts = kindFacts(change.kind);
      changed.push({ change, properties: propertyChanges(change.before, change.after, facts?.setValuedKeys, change.diffReasons, facts?.secretKeys) });
    }
  }
  // The engine counts the stack itself among the unchanged.
  const stackUnchanged = (json.steps ?? []).some((step) => step.op === "same" && step.urn.includes("::pulumi:pulumi:Stack::")) ? 1 : 0;
  const inSync = Math.max(0, (preview.counts.same ?? 0) - stackUnchanged);
  return { stack, changed, deleted, errors: preview.errors, inSync };
}

/**
 * The drift in a plan's JSON: each `resource_drift` entry updated outside the tool (its inputs as
 * the organization has them now against those the state recorded at the last apply) or deleted
 * outside it. A refresh-only plan has nothing else; a normal plan's drift lists only what its
 * changes depend on, so a scheduled check plans with `-refresh-only`.
 */
export function findPlanDrift(json: PlanJson, workspace: string, tool: PlanTool): Drift {
  const changed: Drift["changed"] = [];
  const deleted: ResourceChange[] = [];
  for (const entry of json.resource_drift ?? []) {
    if ((entry.mode ?? "managed") !== "managed") continue;
    const actions = entry.change.actions.join(",");
    if (actions === "delete") {
      // Deleted outside: its inputs as the state recorded them, what apply makes again.
      deleted.push(planChange(entry, "delete"));
      continue;
    }
    if (actions !== "update") continue;
    const change = planChange(entry, "update", { swap: true });
    const facts = kindFacts(change.kind);
    const properties = propertyChanges(change.before, change.after, facts?.setValuedKeys, change.diffReasons, facts?.secretKeys);
    if (properties.length === 0) continue; // a computed attribute moved (a count, a time): no input drifted
    // An input the API cannot change in place: apply replaces the object to put it back.
    const replaces = properties.some((property) => facts?.replaceKeys.includes(property.path.split(".")[0]));
    changed.push({ change: replaces ? { ...change, operation: "replace" } : change, properties });
  }
  const drifted = new Set([...changed.map(({ change }) => change.urn), ...deleted.map((change) => change.urn)]);
  const inSync = priorResources(json).filter((address) => !drifted.has(address)).length;
  return { stack: workspace, changed, deleted, errors: [], inSync, plan: { tool } };
}

export function hasDrift(drift: Drift): boolean {
  return drift.changed.length > 0 || drift.deleted.length > 0;
}

function label(change: ResourceChange): string {
  const inputs = change.operation === "create" ? change.after : change.before;
  const title = ["title", "label", "slug", "email", "language"].map((key) => inputs[key] ?? change.after[key]).find((v): v is string => typeof v === "string" && v !== MASK);
  return `${code(change.kind)} ${title ? `${code(title)} ` : ""}(${code(change.name)})`;
}

/** How the report names the tool, what it compares against, and its commands. */
interface Words {
  /** `Pulumi`, `OpenTofu`. */
  tool: string;
  /** What the organization is compared with: the program's inputs (`declared`), or the state's last apply (`last applied`). */
  declared: string;
  /** `` `up` ``, `` `tofu apply` ``. */
  repair: string;
  /** The closing line: how to repair, or accept. */
  advice: string;
}

function wordsOf(drift: Drift): Words {
  const tool = drift.plan?.tool;
  if (!tool)
    return {
      tool: "Pulumi",
      declared: "declared",
      repair: "`up`",
      advice: "Run `pulumi up` to repair it, or change the program to accept it (then `pulumi refresh`).",
    };
  return {
    tool: tool.name,
    declared: "last applied",
    repair: `\`${tool.command} apply\``,
    advice: `Run \`${tool.command} apply\` to repair it, or change the configuration to accept it (then \`${tool.command} apply -refresh-only\`).`,
  };
}

/** One drifted property: the organization's value now, and the program's. */
function drifted(change: ResourceChange, property: PropertyChange, words: Words): string {
  const path = code(change.attributeNames === "terraform" ? attributeNameOf(change.kind, property.path) : property.path);
  switch (property.change) {
    case "changed":
      if (property.before === MASK && property.after === MASK) return `${path}: a secret value differs (not shown)`;
      return `${path}: now ${value(property.before)}, ${words.declared} ${value(property.after)}`;
    case "set":
      return `${path}: removed outside ${words.tool}, ${words.declared} ${value(property.value)}`;
    case "removed":
      return `${path}: now ${value(property.value)}, not ${words.declared}`;
    case "members": {
      const parts = [];
      if (property.removed.length > 0) parts.push(`added outside ${words.tool} ${property.removed.map(value).join(", ")}`);
      if (property.added.length > 0) parts.push(`removed outside ${words.tool} ${property.added.map(value).join(", ")}`);
      return `${path}: ${parts.join("; ")}`;
    }
  }
}

/** The Markdown report. */
export function renderDrift(drift: Drift): string {
  const words = wordsOf(drift);
  const head = [driftMarker(drift.stack, drift.plan !== undefined), `### Drift of ${code(drift.stack)}`, ""];
  const failed =
    drift.errors.length > 0
      ? [
          "> [!IMPORTANT]",
          `> **The refresh failed** with ${drift.errors.length} error${drift.errors.length === 1 ? "" : "s"}: the drift below may be incomplete.`,
          "",
          ...drift.errors.flatMap((error) => [`- ${code((error.message ?? "").trim().slice(0, 400))}`]),
          "",
        ]
      : [];
  if (!hasDrift(drift)) return [...head, ...failed, `In sync: nothing changed outside ${words.tool}${drift.inSync ? ` (${drift.inSync} resources)` : ""}.`, ""].join("\n");
  const lines = [
    ...head,
    ...failed,
    `**${drift.changed.length} changed outside ${words.tool} · ${drift.deleted.length} deleted outside ${words.tool}**${drift.inSync ? ` · ${drift.inSync} in sync` : ""}`,
    "",
  ];
  if (drift.changed.length > 0) {
    lines.push(`#### Changed outside ${words.tool}`, "");
    for (const { change, properties } of drift.changed) {
      lines.push(`- ${label(change)}: ${words.repair} ${change.operation === "replace" ? "replaces it (the change cannot be undone in place)" : "puts it back"}`);
      for (const property of properties) lines.push(`  - ${drifted(change, property, words)}`);
    }
    lines.push("");
  }
  if (drift.deleted.length > 0) {
    lines.push(`#### Deleted outside ${words.tool}`, "");
    for (const change of drift.deleted) lines.push(`- ${label(change)}: ${words.repair} creates it again (a new id)`);
    lines.push("");
  }
  lines.push(words.advice, "");
  return lines.join("\n");
}
