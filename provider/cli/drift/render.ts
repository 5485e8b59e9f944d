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
 */
import { code } from "../pr-summary/inert";
import { kindFacts } from "../pr-summary/kinds";
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
}

const STACK_NAME = /^[A-Za-z0-9_.\-/]{1,200}$/;

/** The report's first line: the scheduled job finds its issue by it. */
export function driftMarker(stack: string): string {
  if (!STACK_NAME.test(stack)) throw new Error(`${JSON.stringify(stack)} is not a Pulumi stack name (letters, digits, -, _, . and /)`);
  return `<!-- pulumi-docs-platform:drift stack=${stack} -->`;
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

export function hasDrift(drift: Drift): boolean {
  return drift.changed.length > 0 || drift.deleted.length > 0;
}

function label(change: ResourceChange): string {
  const inputs = change.operation === "create" ? change.after : change.before;
  const title = ["title", "label", "slug", "email", "language"].map((key) => inputs[key] ?? change.after[key]).find((v): v is string => typeof v === "string");
  return `${code(change.kind)} ${title ? `${code(title)} ` : ""}(${code(change.name)})`;
}

/** One drifted property: the organization's value now, and the program's. */
function drifted(property: PropertyChange): string {
  switch (property.change) {
    case "changed":
      if (property.before === MASK && property.after === MASK) return `${code(property.path)}: a secret value differs (not shown)`;
      return `${code(property.path)}: now ${value(property.before)}, declared ${value(property.after)}`;
    case "set":
      return `${code(property.path)}: removed outside Pulumi, declared ${value(property.value)}`;
    case "removed":
      return `${code(property.path)}: now ${value(property.value)}, not declared`;
    case "members": {
      const parts = [];
      if (property.removed.length > 0) parts.push(`added outside Pulumi ${property.removed.map(value).join(", ")}`);
      if (property.added.length > 0) parts.push(`removed outside Pulumi ${property.added.map(value).join(", ")}`);
      return `${code(property.path)}: ${parts.join("; ")}`;
    }
  }
}

/** The Markdown report. */
export function renderDrift(drift: Drift): string {
  const head = [driftMarker(drift.stack), `### Drift of ${code(drift.stack)}`, ""];
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
  if (!hasDrift(drift)) return [...head, ...failed, `In sync: nothing changed outside Pulumi${drift.inSync ? ` (${drift.inSync} resources)` : ""}.`, ""].join("\n");
  const lines = [
    ...head,
    ...failed,
    `**${drift.changed.length} changed outside Pulumi · ${drift.deleted.length} deleted outside Pulumi**${drift.inSync ? ` · ${drift.inSync} in sync` : ""}`,
    "",
  ];
  if (drift.changed.length > 0) {
    lines.push("#### Changed outside Pulumi", "");
    for (const { change, properties } of drift.changed) {
      lines.push(`- ${label(change)}: \`up\` ${change.operation === "replace" ? "replaces it (the change cannot be undone in place)" : "puts it back"}`);
      for (const property of properties) lines.push(`  - ${drifted(property)}`);
    }
    lines.push("");
  }
  if (drift.deleted.length > 0) {
    lines.push("#### Deleted outside Pulumi", "");
    for (const change of drift.deleted) lines.push(`- ${label(change)}: \`up\` creates it again (a new id)`);
    lines.push("");
  }
  lines.push("Run `pulumi up` to repair it, or change the program to accept it (then `pulumi refresh`).", "");
  return lines.join("\n");
}
