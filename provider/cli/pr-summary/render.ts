/**
 * Renders a preview as Markdown for a pull-request comment: a stable marker, the counts, a warning
 * per delete and replace, a table of the changed resources, a detail per resource, and the
 * preview's errors, warnings and policy violations; trimmed to stay under GitHub's comment limit.
 */
import { kindFacts } from "./kinds";
import type { Preview, ResourceChange } from "./preview";
import { MASK, type PropertyChange, changedKeys, isSecret, propertyChanges } from "./property-changes";

/** GitHub refuses comments over 65,536 characters; the margin leaves room for the trim note. */
export const GITHUB_COMMENT_LIMIT = 65_536;
const TRIM_MARGIN = 512;
/** Strings longer than this are shortened in the summary. */
export const MAX_VALUE_LENGTH = 80;
/** A policy's message (its description and what it found) is shortened past this. */
const MAX_POLICY_MESSAGE_LENGTH = 400;
/** Warnings listed one by one; the rest are counted. */
const MAX_WARNINGS = 50;

export interface RenderOptions {
  /** The stack's name, when the preview does not tell it. */
  stack?: string;
  /** Character budget of the whole comment (default: GitHub's limit). */
  limit?: number;
}

/** The first line of every summary: a CI job finds its own comment by it and edits it. */
export function marker(stack: string): string {
  return `<!-- pulumi-docs-platform:pr-summary stack=${stack} -->`;
}

const SYMBOL: Record<ResourceChange["operation"], string> = { create: "+ create", update: "~ update", replace: "+- replace", delete: "- delete" };
const ORDER: ResourceChange["operation"][] = ["delete", "replace", "update", "create"];

/** Text safe inside a Markdown table cell or inline code span. */
function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
}

function shorten(text: string, max = MAX_VALUE_LENGTH): string {
  const characters = [...text];
  return characters.length > max ? `${characters.slice(0, max - 1).join("")}…` : text;
}

/** What the engine puts where a value is only known once the update runs. */
const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** A value in inline code, shortened; backticks inside are swapped so the span stays closed. */
export function value(v: unknown): string {
  if (v === UNKNOWN) return "_(known after the update)_";
  const text = typeof v === "string" ? v : JSON.stringify(v);
  return `\`${cell(shorten(text ?? "undefined")).replace(/`/g, "ˋ")}\``;
}

/** `Team "Docs writers" (writers)`: the kind, the title-like input where there is one, the name. */
function label(change: ResourceChange): string {
  const inputs = change.operation === "delete" ? change.before : change.after;
  const title = ["title", "label", "slug", "email", "language"].map((key) => inputs[key] ?? change.before[key]).find((v) => typeof v === "string");
  return `${change.kind} ${title ? `"${cell(shorten(title as string))}" ` : ""}(\`${cell(change.name)}\`)`;
}

function changesOf(change: ResourceChange): PropertyChange[] {
  const facts = kindFacts(change.kind);
  const visible = propertyChanges(change.before, change.after, facts?.setValuedKeys, change.diffReasons);
  if (visible.length > 0 || (change.operation !== "update" && change.operation !== "replace")) return visible;
  // The engine changes a resource whose visible inputs are all equal: a secret it masks on both
  // sides is what changed (the JSON shows no value and, for dynamic resources, no diff reasons).
  const maskedKeys = Object.keys(change.after).filter((key) => isSecret(change.after[key]) && isSecret(change.before[key]));
  return maskedKeys.map((key) => ({ path: key, change: "changed", before: MASK, after: MASK }));
}

function replaceWarning(change: ResourceChange): string {
  const facts = kindFacts(change.kind);
  const keys = change.replaceReasons.length > 0 ? change.replaceReasons : changedKeys(changesOf(change)).filter((key) => facts?.replaceKeys.includes(key));
  const noun = facts?.noun ?? "resource";
  const why = keys.length > 0 ? `its ${keys.map((key) => `\`${key}\``).join(", ")} changed, which the API cannot change in place` : "the provider cannot update it in place";
  const how = facts?.deleteBeforeReplace
    ? `the old ${noun} is deleted first, then a new one is created (it is missing in between)`
    : `a new ${noun} is created, then the old one is deleted`;
  return `**Replace** ${label(change)}: ${why}: ${how}. Its id changes, and so does anything that refers to it.`;
}

function deleteWarning(change: ResourceChange): string {
  const noun = kindFacts(change.kind)?.noun ?? "resource";
  return `**Delete** ${label(change)}${change.id ? ` (id \`${cell(change.id)}\`)` : ""}: the ${noun} is deleted from the organization.`;
}

function warnings(changes: ResourceChange[]): string[] {
  const risky = changes.filter((change) => change.operation === "delete" || change.operation === "replace");
  if (risky.length === 0) return [];
  const lines = risky.slice(0, MAX_WARNINGS).map((change) => `> - ${change.operation === "delete" ? deleteWarning(change) : replaceWarning(change)}`);
  if (risky.length > MAX_WARNINGS) lines.push(`> - … and ${risky.length - MAX_WARNINGS} more deletes and replaces (see the table).`);
  return [`> [!CAUTION]`, `> ${risky.length} resource${risky.length === 1 ? "" : "s"} will be deleted or replaced:`, ...lines, ""];
}

function describe(change: PropertyChange): string {
  switch (change.change) {
    case "set":
      return `\`${change.path}\`: ${value(change.value)}`;
    case "removed":
      return `\`${change.path}\`: removed (was ${value(change.value)})`;
    case "changed":
      if (change.before === MASK && change.after === MASK) return `\`${change.path}\`: secret value changed (not shown)`;
      return `\`${change.path}\`: ${value(change.before)} → ${value(change.after)}`;
    case "members": {
      const parts = [];
      if (change.added.length > 0) parts.push(`added ${change.added.map(value).join(", ")}`);
      if (change.removed.length > 0) parts.push(`removed ${change.removed.map(value).join(", ")}`);
      return `\`${change.path}\`: ${parts.join("; ")}`;
    }
  }
}

function detail(change: ResourceChange): string {
  const lines = change.operation === "delete" ? [] : changesOf(change).map((c) => `- ${describe(c)}`);
  if (lines.length === 0) lines.push(change.operation === "delete" ? "- deleted" : "- no input changes shown (outputs or secrets only)");
  return [`<details><summary>${SYMBOL[change.operation]} ${label(change)}</summary>`, "", ...lines, "", "</details>", ""].join("\n");
}

function tableRow(change: ResourceChange): string {
  const keys = change.operation === "delete" ? [] : changedKeys(changesOf(change));
  return `| ${SYMBOL[change.operation]} | ${cell(change.kind)} | \`${cell(change.name)}\` | ${keys.map((key) => `\`${key}\``).join(", ") || "–"} |`;
}

function countsLine(preview: Preview): string {
  const c = preview.counts;
  const parts = [
    ["create", "to create"],
    ["update", "to update"],
    ["replace", "to replace"],
    ["delete", "to delete"],
  ]
    .filter(([key]) => (c[key!] ?? 0) > 0)
    .map(([key, text]) => `${c[key!]} ${text}`);
  const unchanged = c.same ?? 0;
  return `**${parts.join(" · ") || "no changes"}**${unchanged ? ` · ${unchanged} unchanged` : ""}`;
}

function diagnostics(preview: Preview): string[] {
  const lines: string[] = [];
  for (const [title, list] of [
    ["Errors", preview.errors],
    ["Warnings", preview.warnings],
  ] as const) {
    if (list.length === 0) continue;
    lines.push(`#### ${title}`, "");
    for (const d of list) {
      const where = d.urn ? `\`${cell(d.urn.split("::").at(-1) ?? d.urn)}\`: ` : "";
      lines.push("```", `${where}${(d.message ?? "").trim()}`.replace(/```/g, "ˋˋˋ").slice(0, 4_000), "```", "");
    }
  }
  return lines;
}

const ENFORCEMENT_ORDER = ["mandatory", "remediate", "advisory", "disabled"];

/** Mandatory violations first (they stop the update), each with its pack, resource and message. */
function policyViolations(preview: Preview): string[] {
  const violations = [...preview.policyViolations].sort((a, b) => ENFORCEMENT_ORDER.indexOf(a.enforcement) - ENFORCEMENT_ORDER.indexOf(b.enforcement));
  if (violations.length === 0) return [];
  const mandatory = violations.filter((v) => v.enforcement === "mandatory").length;
  const lines = [`#### Policy violations`, ""];
  if (mandatory > 0) lines.push(`> [!CAUTION]`, `> ${mandatory} mandatory polic${mandatory === 1 ? "y is" : "ies are"} violated: \`pulumi up\` will refuse to run until ${mandatory === 1 ? "it is" : "they are"} fixed.`, "");
  for (const v of violations.slice(0, MAX_WARNINGS)) {
    const where = v.resource ? ` on \`${cell(v.resource)}\`` : "";
    const message = shorten(cell(v.message.split(/\r?\n/).filter((line) => line.trim() !== "").join(" — ")).replace(/`/g, "ˋ"), MAX_POLICY_MESSAGE_LENGTH);
    lines.push(`- **${v.enforcement}** \`${cell(v.policy)}\`${where} (${cell(v.policyPack)}): ${message}`);
  }
  if (violations.length > MAX_WARNINGS) lines.push(`- … and ${violations.length - MAX_WARNINGS} more violations.`);
  lines.push("");
  return lines;
}

/** Whether the preview proposes no change and reports no error and no policy violation. */
export function hasNoChanges(preview: Preview): boolean {
  return preview.changes.length === 0 && preview.errors.length === 0 && preview.policyViolations.length === 0;
}

/** The Markdown comment for a preview. */
export function renderSummary(preview: Preview, options: RenderOptions = {}): string {
  const stack = preview.stack ?? options.stack ?? "unknown";
  const limit = (options.limit ?? GITHUB_COMMENT_LIMIT) - TRIM_MARGIN;
  const head = [marker(stack), `### Pulumi preview of \`${cell(stack)}\``, ""];
  if (hasNoChanges(preview)) return [...head, `No changes.${preview.counts.same ? ` ${preview.counts.same} resources unchanged.` : ""}`, ""].join("\n");

  const changes = [...preview.changes].sort((a, b) => ORDER.indexOf(a.operation) - ORDER.indexOf(b.operation));
  const failed = preview.errors.length > 0 ? [`> [!IMPORTANT]`, `> **The preview failed** with ${preview.errors.length} error${preview.errors.length === 1 ? "" : "s"} (below); the changes shown are those it found before it stopped.`, ""] : [];
  const top = [...head, ...failed, countsLine(preview), "", ...diagnostics(preview), ...policyViolations(preview), ...warnings(changes)].join("\n");
  const rows = changes.map(tableRow);
  const details = changes.map(detail);
  const tableHead = ["| operation | type | name | changed inputs |", "|---|---|---|---|"];

  // Trim from the end: details first, then table rows, so what stays is the most important.
  let keptRows = rows.length;
  let keptDetails = details.length;
  const assemble = () => {
    const left: string[] = [];
    if (keptRows < rows.length) left.push(`${rows.length - keptRows} table rows`);
    if (keptDetails < details.length) left.push(`${details.length - keptDetails} resource details`);
    const note = left.length > 0 ? [`_Left out to stay under GitHub's ${GITHUB_COMMENT_LIMIT.toLocaleString("en-US")}-character comment limit: ${left.join(" and ")}. Run \`pulumi preview --diff\` for everything._`, ""] : [];
    const table = rows.length > 0 ? [...tableHead, ...rows.slice(0, keptRows), ""] : [];
    return [top, ...table, ...details.slice(0, keptDetails), ...note].join("\n");
  };
  const average = (parts: string[]) => Math.max(1, parts.reduce((sum, part) => sum + part.length + 1, 0) / Math.max(1, parts.length));
  let text = assemble();
  while (text.length > limit && keptDetails > 0) {
    keptDetails = Math.max(0, keptDetails - Math.max(1, Math.ceil((text.length - limit) / average(details))));
    text = assemble();
  }
  while (text.length > limit && keptRows > 0) {
    keptRows = Math.max(0, keptRows - Math.max(1, Math.ceil((text.length - limit) / average(rows))));
    text = assemble();
  }
  return text;
}
