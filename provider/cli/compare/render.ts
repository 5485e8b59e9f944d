/**
 * A comparison as Markdown, in the pull-request summary's style (pr-summary/render.ts): a marker
 * line, the counts, a table of the objects that differ (`-` only in the left organization, `+`
 * only in the right one, `~` in both with different inputs), then a detail per object. Every
 * title, key and value is shown as inert code (pr-summary/inert.ts): they come from the API.
 */
import { code, htmlCode } from "../pr-summary/inert";
import { MASK, type PropertyChange, changedKeys } from "../pr-summary/property-changes";
import { value } from "../pr-summary/render";
import { listMoves, structureLists } from "../pr-summary/reorders";
import type { AdoptedElsewhere } from "./adopted-elsewhere";
import type { Comparison, Difference } from "./compare";

export interface ComparedSide {
  /** How the summary names the side: the name given, else the organization's id. */
  name: string;
  organizationId: string;
  apiUrl: string;
  /** Kinds the API refused to list on this side (403): not compared. */
  skipped: readonly { kind: string; reason: string }[];
}

/** What a side's name may hold: nothing that could end the marker. */
export const SIDE_NAME = /^[A-Za-z0-9_.\-/]{1,200}$/;

export function marker(left: string, right: string): string {
  return `<!-- pulumi-docs-platform:compare left=${left} right=${right} -->`;
}

const SYMBOL: Record<Difference["type"], string> = { "only-left": "-", "only-right": "+", changed: "~" };

function what(difference: Difference, left: string, right: string): string {
  if (difference.type === "only-left") return `- only in ${left}`;
  if (difference.type === "only-right") return `+ only in ${right}`;
  return "~ differs";
}

/** Inputs whose absence says where an object is: a section outside a group is at the site's top level. */
const UNSET_MEANS: Record<string, string> = { siteSectionGroupId: "_(the site's top level)_", parentSectionGroupId: "_(the site's top level)_" };
const unset = (path: string) => UNSET_MEANS[path] ?? "unset";

/** One input's difference, left to right. */
function describe(change: PropertyChange): string {
  switch (change.change) {
    case "set":
      return `${code(change.path)}: ${unset(change.path)} → ${value(change.value)}`;
    case "removed":
      return `${code(change.path)}: ${value(change.value)} → ${unset(change.path)}`;
    case "changed":
      if (change.before === MASK && change.after === MASK) return `${code(change.path)}: the secret values differ (not shown)`;
      return `${code(change.path)}: ${value(change.before)} → ${value(change.after)}`;
    case "members": {
      const parts = [];
      if (change.removed.length > 0) parts.push(`only left ${change.removed.map(value).join(", ")}`);
      if (change.added.length > 0) parts.push(`only right ${change.added.map(value).join(", ")}`);
      return `${code(change.path)}: ${parts.join("; ")}`;
    }
  }
}

/** An object's inputs, on the one side that has it. */
function declared(change: PropertyChange): string {
  if (change.change === "set") return `${code(change.path)}: ${change.value === MASK ? "_(secret, not shown)_" : value(change.value)}`;
  if (change.change === "members") return `${code(change.path)}: ${change.added.map(value).join(", ")}`;
  return describe(change);
}

function tableRow(difference: Difference, left: string, right: string): string {
  const keys = difference.type === "changed" ? changedKeys(difference.changes) : [];
  const key = difference.rightKey ? `${code(difference.key, { inTable: true })} → ${code(difference.rightKey, { inTable: true })}` : code(difference.key, { inTable: true });
  return `| ${what(difference, left, right)} | ${difference.kind} | ${key} | ${keys.map((name) => code(name, { inTable: true })).join(", ") || "–"} |`;
}

const ORDERED_KEYS = new Set(["root", "groups", "sections"]);

/** A `SiteStructure`'s two orders as moves by natural key, container by container, left to right. */
function structureMoves(difference: Difference, left: string, right: string): string[] {
  const before = structureLists(difference.left ?? {});
  const after = structureLists(difference.right ?? {});
  const lines: string[] = [];
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const old = before.get(key);
    const now = after.get(key);
    const where = (now ?? old)!;
    const container = where.container === "root" ? "the site's top level" : `${where.container} ${code(where.id!)}`;
    if (!old || !now) {
      lines.push(`- ${container}: its order is declared only in ${code(old ? left : right)}`);
      continue;
    }
    for (const move of listMoves(old.ids, now.ids)) {
      const item = code(move.id);
      if (move.move === "removed") lines.push(`- ${container}: ${item} only in ${code(left)}`);
      else
        lines.push(
          `- ${container}: ${item} ${move.move === "added" ? `only in ${code(right)}, placed` : `in ${code(right)} comes`} ${move.before ? `before ${code(move.before)}` : "last"}`,
        );
    }
  }
  return lines;
}

function detail(difference: Difference, left: string, right: string): string {
  const reorder = difference.kind === "SiteStructure" && difference.type === "changed";
  const lines =
    difference.type === "changed"
      ? difference.changes.filter((change) => !(reorder && ORDERED_KEYS.has(change.path.split(".")[0]))).map((change) => `- ${describe(change)}`)
      : difference.changes.length > 0
        ? difference.changes.map((change) => `- ${declared(change)}`)
        : ["- no inputs"];
  if (reorder) lines.push(...structureMoves(difference, left, right));
  const key = difference.rightKey ? `${htmlCode(difference.key)} → ${htmlCode(difference.rightKey)}` : htmlCode(difference.key);
  const where = difference.type === "changed" ? "" : ` (only in ${htmlCode(difference.type === "only-left" ? left : right)})`;
  return [`<details><summary>${SYMBOL[difference.type]} ${difference.kind} ${key}${where}</summary>`, "", ...lines, "", "</details>", ""].join("\n");
}

/** Whether the comparison could tell: every kind was listed on both sides. */
export function isComplete(left: ComparedSide, right: ComparedSide): boolean {
  return left.skipped.length === 0 && right.skipped.length === 0;
}

/** A caution for each side whose stack config adopts the other side's objects (adopted-elsewhere.ts). */
function crossingCautions(crossing: Record<"left" | "right", readonly AdoptedElsewhere[]>, left: ComparedSide, right: ComparedSide): string[] {
  return (["left", "right"] as const).flatMap((which) => {
    const items = crossing[which];
    if (items.length === 0) return [];
    const [own, other] = which === "left" ? [left, right] : [right, left];
    return [
      "> [!CAUTION]",
      `> **${code(own.name)}'s stack config adopts objects of ${code(other.name)}'s organization** (${code(other.organizationId)}), not of its own (${code(own.organizationId)}): ` +
        "its `pulumi up` would be refused, an adoption never crosses organizations.",
      ...items.map((item) => `> - ${item.kind} ${code(item.name)}: ${code(item.id)}`),
      `> Write ${code(own.name)}'s own ids with \`export --org ${own.organizationId}\`, or remove \`adopt\` from its stack config to create these objects.`,
      "",
    ];
  });
}

export function renderComparison(
  comparison: Comparison,
  left: ComparedSide,
  right: ComparedSide,
  crossing: Record<"left" | "right", readonly AdoptedElsewhere[]> = { left: [], right: [] },
): string {
  const head = [marker(left.name, right.name), `### Comparison of ${code(left.name)} and ${code(right.name)}`, "", ...crossingCautions(crossing, left, right)];
  const sides = [`Left: organization ${code(left.organizationId)} at ${code(left.apiUrl)}; right: organization ${code(right.organizationId)} at ${code(right.apiUrl)}.`, ""];
  const refused = [left, right].flatMap((s) => s.skipped.map((skip) => `> - ${s.name}: ${skip.kind} (${code(skip.reason)})`));
  const incomplete =
    refused.length > 0 ? ["> [!WARNING]", "> **Not compared**, the API refused to list them (403): the comparison cannot tell whether these differ.", ...refused, ""] : [];
  const note = [
    "_Compared: the inputs an exported program declares, each object matched by its natural key (title, label, path, slug or email, within its site, team or collection). " +
      "Not compared: ids, which user id each email has, and what identifies each organization (its title, email domains and hostname): each environment's stack config._",
    "",
  ];
  const { differences, same } = comparison;
  if (differences.length === 0) {
    return [...head, ...sides, ...incomplete, `No difference${incomplete.length > 0 ? " in what was compared" : ""}: ${same} objects the same.`, "", ...note].join("\n");
  }
  const count = (type: Difference["type"]) => differences.filter((difference) => difference.type === type).length;
  const parts = [
    [count("only-left"), `only in ${code(left.name)}`],
    [count("only-right"), `only in ${code(right.name)}`],
    [count("changed"), "differ"],
  ]
    .filter(([n]) => (n as number) > 0)
    .map(([n, text]) => `${n} ${text}`);
  const counts = `**${differences.length} difference${differences.length === 1 ? "" : "s"}**: ${parts.join(" · ")} · ${same} the same`;
  const table = [
    "| difference | type | natural key | differing inputs |",
    "|---|---|---|---|",
    ...differences.map((difference) => tableRow(difference, code(left.name, { inTable: true }), code(right.name, { inTable: true }))),
    "",
  ];
  const details = differences.map((difference) => detail(difference, left.name, right.name));
  return [...head, ...sides, ...incomplete, counts, "", ...table, ...details, ...note].join("\n");
}
