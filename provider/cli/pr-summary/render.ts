/**
 * Renders a preview as Markdown for a pull-request comment: a stable marker, the counts, a warning
 * per delete and replace, a table of the changed resources, a detail per resource, and the
 * preview's errors, warnings and policy violations; trimmed to stay under GitHub's comment limit.
 * An OpenTofu or Terraform plan (plan.ts) is rendered by the same code: its attributes by their
 * names, its tool's commands, its imports.
 */
import { kindFacts } from "./kinds";
import { attributeNameOf } from "./plan";
import { InputError } from "../input-error";
import type { Preview, ResourceChange, ResourceName } from "./preview";
import { listMoves, structureLists } from "./reorders";
import { code, codeBlock, htmlCode } from "./inert";
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
  /**
   * The stack's name as the caller knows it; wins over the preview's, whose resource URNs hold
   * only the short name (`dev` of `org/project/dev`), so a workflow finds its comment by the name
   * it gave.
   */
  stack?: string;
  /** Character budget of the whole comment (default: GitHub's limit). */
  limit?: number;
}

/** What a Pulumi stack name (possibly `org/project/stack`) is made of: nothing that could end the marker. */
const STACK_NAME = /^[A-Za-z0-9_.\-/]{1,200}$/;

/**
 * The first line of every summary: a CI job finds its own comment by it and edits it. A plan's
 * names its workspace (`workspace=prod`), a preview's its stack.
 */
export function marker(stack: string, plan = false): string {
  if (!STACK_NAME.test(stack)) throw new InputError(`${JSON.stringify(stack)} is not a ${plan ? "workspace" : "Pulumi stack"} name (letters, digits, -, _, . and /)`);
  return `<!-- pulumi-docs-platform:pr-summary ${plan ? "workspace" : "stack"}=${stack} -->`;
}

const SYMBOL: Record<ResourceChange["operation"] | "adopt" | "import-update", string> = {
  create: "+ create",
  adopt: "= adopt",
  import: "= import",
  "import-update": "=~ import, update",
  update: "~ update",
  replace: "+- replace",
  delete: "- delete",
};

/** A path of a change's inputs as the reader's door names it: a plan's by its attribute names (`page_actions.external_ai`). */
function pathText(change: ResourceChange, path: string): string {
  return change.attributeNames === "terraform" ? attributeNameOf(change.kind, path) : path;
}

/**
 * For a create that adopts (`adopt` among its inputs): what it takes over. The engine calls it a
 * create, but nothing new is made when the object exists: a reviewer must see that.
 */
function adoption(change: ResourceChange): string | undefined {
  if (change.importId !== undefined) return `the existing ${kindFacts(change.kind)?.noun ?? "object"} ${code(change.importId)}, by an \`import\` block`;
  if (change.operation !== "create") return undefined;
  const how = change.after.adopt;
  if (typeof how === "object" && how !== null && typeof (how as { id?: unknown }).id === "string") {
    return `takes over the existing ${kindFacts(change.kind)?.noun ?? "object"} ${code((how as { id: string }).id)} and reconciles it to the inputs`;
  }
  if (how === true) {
    const facts = kindFacts(change.kind);
    const title = titleOf(change);
    return `takes over the ${facts?.noun ?? "object"} with the same ${facts?.naturalKey ?? "natural key"}${title ? ` (${code(shorten(title))})` : ""} if there is one, or creates it`;
  }
  if (how === UNKNOWN) return "adopts an object whose id is known only after the update";
  return undefined;
}

/** The operation as shown: an adopting create is an adoption, a plan's import an import (an update too). */
function shownOperation(change: ResourceChange): keyof typeof SYMBOL {
  if (change.importId !== undefined) return change.operation === "update" ? "import-update" : "import";
  return adoption(change) ? "adopt" : change.operation;
}
const ORDER: ResourceChange["operation"][] = ["delete", "replace", "update", "create", "import"];

function shorten(text: string, max = MAX_VALUE_LENGTH): string {
  const characters = [...text];
  return characters.length > max ? `${characters.slice(0, max - 1).join("")}…` : text;
}

/** What the engine puts where a value is only known once the update runs. */
const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** A value as inert inline code, shortened. */
export function value(v: unknown): string {
  if (v === UNKNOWN) return "_(known after the update)_";
  const text = typeof v === "string" ? v : JSON.stringify(v);
  return code(shorten(text ?? "undefined"));
}

/** The title-like input of a change, where there is one. */
function titleOf(change: ResourceChange): string | undefined {
  const inputs = change.operation === "delete" ? change.before : change.after;
  return ["title", "label", "slug", "email", "language"].map((key) => inputs[key] ?? change.before[key]).find((v): v is string => typeof v === "string" && v !== MASK);
}

/** A kind such as `Team` is a plain word; another package's type token is shown as code. */
const PLAIN_WORD = /^[A-Za-z][A-Za-z0-9]{0,63}$/;
const kindText = (kind: string, inTable = false) => (PLAIN_WORD.test(kind) ? kind : code(kind, { inTable }));
const htmlKindText = (kind: string) => (PLAIN_WORD.test(kind) ? kind : htmlCode(kind));
/**
 * Text an HTML context can show as it is: letters, digits, spaces and `-_.,()'` only, and nothing
 * GitHub links (`www.`, `GH-12`, a commit hash). Nothing in it is markup, a mention, a reference or
 * a link; anything else is shown as `<code>`.
 */
const PLAIN_TEXT = /^[A-Za-z0-9 _.,()'-]{1,80}$/;
const LINKED_BY_GITHUB = /www\.|\bgh-\d|\b[0-9a-f]{7,40}\b/i; // www. links, GH-12 references, commit hashes
const isPlainText = (text: string) => PLAIN_TEXT.test(text) && !LINKED_BY_GITHUB.test(text);

/** `Team "Docs writers" (writers)` in Markdown: the kind, the title where there is one, the name. */
function label(change: ResourceChange): string {
  const title = titleOf(change);
  return `${kindText(change.kind)} ${title ? `${code(shorten(title))} ` : ""}(${code(change.name)})`;
}

/** The same label for an HTML context (a `<summary>`), where Markdown is not read. */
function htmlLabel(change: ResourceChange): string {
  const title = titleOf(change);
  const shown = title === undefined ? undefined : shorten(title);
  const titleText = shown === undefined ? "" : `${isPlainText(shown) ? `"${shown}"` : htmlCode(shown)} `;
  return `${htmlKindText(change.kind)} ${titleText}(${isPlainText(change.name) ? change.name : htmlCode(change.name)})`;
}

function changesOf(change: ResourceChange): PropertyChange[] {
  const facts = kindFacts(change.kind);
  const visible = propertyChanges(change.before, change.after, facts?.setValuedKeys, change.diffReasons, facts?.secretKeys);
  if (visible.length > 0 || (change.operation !== "update" && change.operation !== "replace")) return visible;
  // The engine changes a resource whose visible inputs are all equal: a secret it masks on both
  // sides is what changed (the JSON shows no value and, for dynamic resources, no diff reasons).
  const maskedKeys = Object.keys(change.after).filter((key) => isSecret(change.after[key]) && isSecret(change.before[key]));
  return maskedKeys.map((key) => ({ path: key, change: "changed", before: MASK, after: MASK }));
}

/** Why a plan replaces an object that no changed input forces (its `action_reason`). */
const REPLACED_BECAUSE: Record<string, string> = {
  replace_because_tainted: "it is tainted (an earlier create or update of it failed)",
  replace_by_request: "the plan was asked to (`-replace`)",
  replace_by_triggers: "its `replace_triggered_by` says so",
};

/** Why a plan deletes an object (its `action_reason`). */
const DELETED_BECAUSE: Record<string, string> = {
  delete_because_no_resource_config: "it is no longer in the configuration",
  delete_because_no_module: "its module is no longer in the configuration",
  delete_because_wrong_repetition: "its resource's `count` or `for_each` changed",
  delete_because_count_index: "its index is beyond the resource's `count`",
  delete_because_each_key: "its key is no longer in the resource's `for_each`",
  delete_because_no_move_target: "its `moved` block's target is not in the configuration",
};

function replaceWarning(change: ResourceChange): string {
  const facts = kindFacts(change.kind);
  const keys = change.replaceReasons.length > 0 ? change.replaceReasons : changedKeys(changesOf(change)).filter((key) => facts?.replaceKeys.includes(key));
  const noun = facts?.noun ?? "resource";
  const because = change.reason === undefined ? undefined : REPLACED_BECAUSE[change.reason];
  const why =
    keys.length > 0
      ? `its ${keys.map((key) => code(pathText(change, key))).join(", ")} changed, which the API cannot change in place`
      : (because ?? "the provider cannot update it in place");
  const how =
    (change.deleteFirst ?? facts?.deleteBeforeReplace)
      ? `the old ${noun} is deleted first, then a new one is created (it is missing in between)`
      : `a new ${noun} is created, then the old one is deleted`;
  return `**Replace** ${label(change)}: ${why}: ${how}. Its id changes, and so does anything that refers to it.`;
}

function deleteWarning(change: ResourceChange): string {
  const noun = kindFacts(change.kind)?.noun ?? "resource";
  const because = change.reason === undefined ? undefined : DELETED_BECAUSE[change.reason];
  return `**Delete** ${label(change)}${change.id ? ` (id ${code(change.id)})` : ""}: the ${noun} is deleted from the organization${because ? `: ${because}` : ""}.`;
}

function warnings(changes: ResourceChange[]): string[] {
  const risky = changes.filter((change) => change.operation === "delete" || change.operation === "replace");
  if (risky.length === 0) return [];
  const lines = risky.slice(0, MAX_WARNINGS).map((change) => `> - ${change.operation === "delete" ? deleteWarning(change) : replaceWarning(change)}`);
  if (risky.length > MAX_WARNINGS) lines.push(`> - … and ${risky.length - MAX_WARNINGS} more deletes and replaces (see the table).`);
  return [`> [!CAUTION]`, `> ${risky.length} resource${risky.length === 1 ? "" : "s"} will be deleted or replaced:`, ...lines, ""];
}

/**
 * Inputs that place an object under a parent of its site, by the parent's id; absent, the object
 * is at the site's top level. A change of one is a move, said by the places' titles.
 */
const PLACEMENT_KEYS: Record<string, string> = { siteSectionGroupId: "group", parentSectionGroupId: "group" };

/** Inputs that hold another object's id: `spaceId`, `siteSectionGroupId`, a collection's `parent`, ... */
const ID_KEY = /(?:^|\.)(?:[A-Za-z]*Id|parent|defaultTeam)$/;

/**
 * A value as shown: in an input that holds an id, the id of a resource the preview knows (or of an
 * object the organization named, titles.ts) by its title and name; anything else as it is.
 */
function shown(path: string, v: unknown, names: ReadonlyMap<string, ResourceName>): string {
  return ID_KEY.test(path) && typeof v === "string" && names.has(v) ? named(v, names) : value(v);
}

/** Where a placement input puts its object: a group by its title and name, or the site's top level. */
function place(id: unknown, noun: string, names: ReadonlyMap<string, ResourceName>): string {
  return id === undefined || id === null ? "the site's top level" : `${noun} ${shown("groupId", id, names)}`;
}

function describe(owner: ResourceChange, change: PropertyChange, names: ReadonlyMap<string, ResourceName>): string {
  const path = code(pathText(owner, change.path));
  const placement = PLACEMENT_KEYS[change.path];
  if (placement && change.change !== "members" && !(change.change === "changed" && change.before === MASK)) {
    const [from, to] = change.change === "set" ? [undefined, change.value] : change.change === "removed" ? [change.value, undefined] : [change.before, change.after];
    return `${path}: moved from ${place(from, placement, names)} to ${place(to, placement, names)}`;
  }
  switch (change.change) {
    case "set":
      return `${path}: ${shown(change.path, change.value, names)}`;
    case "removed":
      return `${path}: removed (was ${shown(change.path, change.value, names)})`;
    case "changed":
      if (change.before === MASK && change.after === MASK) return `${path}: secret value changed (not shown)`;
      return `${path}: ${shown(change.path, change.before, names)} → ${shown(change.path, change.after, names)}`;
    case "members": {
      const parts = [];
      if (change.added.length > 0) parts.push(`added ${change.added.map(value).join(", ")}`);
      if (change.removed.length > 0) parts.push(`removed ${change.removed.map(value).join(", ")}`);
      return `${path}: ${parts.join("; ")}`;
    }
  }
}

/** A resource named by id in an input: its title and name where the preview knows it, else the id. */
function named(id: string, names: ReadonlyMap<string, ResourceName>): string {
  const known = names.get(id);
  if (!known) return code(id);
  return known.title ? `${code(shorten(known.title))} (${code(known.name)})` : code(known.name);
}

const ORDERED_KEYS = new Set(["root", "groups", "sections"]);

/** A `SiteStructure`'s new order as moves by name, container by container. */
function structureMoves(change: ResourceChange, names: ReadonlyMap<string, ResourceName>): string[] {
  const before = structureLists(change.before);
  const after = structureLists(change.after);
  const lines: string[] = [];
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const old = before.get(key);
    const now = after.get(key);
    const where = (now ?? old)!;
    const container = where.container === "root" ? "the site's top level" : `${where.container} ${named(where.id!, names)}`;
    if (!now) {
      lines.push(`- ${container}: its order is no longer managed`);
      continue;
    }
    for (const move of listMoves(old?.ids ?? [], now.ids)) {
      const item = named(move.id, names);
      if (move.move === "removed") lines.push(`- ${container}: ${item} left the declared order`);
      else lines.push(`- ${container}: ${item} ${move.move === "added" ? "added" : "moved"} ${move.before ? `before ${named(move.before, names)}` : "to the end"}`);
    }
  }
  return lines;
}

function detail(change: ResourceChange, names: ReadonlyMap<string, ResourceName>): string {
  const adopts = adoption(change);
  const reorder = change.kind === "SiteStructure" && change.operation !== "delete";
  const lines =
    change.operation === "delete"
      ? []
      : changesOf(change)
          .filter((c) => !(adopts && c.path === "adopt") && !(reorder && ORDERED_KEYS.has(c.path.split(".")[0])))
          .map((c) => `- ${describe(change, c, names)}`);
  if (reorder) lines.push(...structureMoves(change, names));
  if (change.operation === "import" && lines.length === 0) lines.push("- nothing else changes");
  if (adopts) lines.unshift(`- **${change.importId !== undefined ? "imports" : "adopts"}**: ${adopts}`);
  if (lines.length === 0) lines.push(change.operation === "delete" ? "- deleted" : "- no input changes shown (outputs or secrets only)");
  return [`<details><summary>${SYMBOL[shownOperation(change)]} ${htmlLabel(change)}</summary>`, "", ...lines, "", "</details>", ""].join("\n");
}

function tableRow(change: ResourceChange): string {
  const keys = change.operation === "delete" ? [] : changedKeys(changesOf(change));
  const shownKeys = keys.map((key) => code(pathText(change, key), { inTable: true }));
  return `| ${SYMBOL[shownOperation(change)]} | ${kindText(change.kind, true)} | ${code(change.name, { inTable: true })} | ${shownKeys.join(", ") || "–"} |`;
}

function countsLine(preview: Preview): string {
  // Adoptions are creates to the engine: counted apart. A plan counts its imports itself.
  const adoptions = preview.changes.filter((change) => change.importId === undefined && adoption(change) !== undefined).length;
  const c: Record<string, number> = { ...preview.counts, create: (preview.counts.create ?? 0) - adoptions, adopt: adoptions };
  const parts = [
    ["import", "to import"],
    ["create", "to create"],
    ["adopt", "to adopt"],
    ["update", "to update"],
    ["replace", "to replace"],
    ["delete", "to delete"],
    ["forget", "to forget (left in the organization, no longer managed)"],
  ]
    .filter(([key]) => (c[key] ?? 0) > 0)
    .map(([key, text]) => `${c[key]} ${text}`);
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
      const where = d.urn ? `${code(d.urn.split("::").at(-1) ?? d.urn)}:` : "";
      if (where) lines.push(where, "");
      lines.push(...codeBlock((d.message ?? "").trim().slice(0, 4_000)), "");
    }
  }
  return lines;
}

const ENFORCEMENT_ORDER = ["mandatory", "remediate", "advisory", "disabled"];
const ENFORCEMENT_WORDS: Record<string, string> = { mandatory: "mandatory", remediate: "remediate", advisory: "advisory", disabled: "disabled" };

/** Mandatory violations first (they stop the update), each with its pack, resource and message. */
function policyViolations(preview: Preview): string[] {
  const violations = [...preview.policyViolations].sort((a, b) => ENFORCEMENT_ORDER.indexOf(a.enforcement) - ENFORCEMENT_ORDER.indexOf(b.enforcement));
  if (violations.length === 0) return [];
  const mandatory = violations.filter((v) => v.enforcement === "mandatory").length;
  const lines = [`#### Policy violations`, ""];
  if (mandatory > 0)
    lines.push(
      `> [!CAUTION]`,
      `> ${mandatory} mandatory polic${mandatory === 1 ? "y is" : "ies are"} violated: \`pulumi up\` will refuse to run until ${mandatory === 1 ? "it is" : "they are"} fixed.`,
      "",
    );
  for (const v of violations.slice(0, MAX_WARNINGS)) {
    const where = v.resource ? ` on ${code(v.resource)}` : "";
    const message = code(
      shorten(
        v.message
          .split(/\r?\n/)
          .filter((line) => line.trim() !== "")
          .join(" — "),
        MAX_POLICY_MESSAGE_LENGTH,
      ),
    );
    lines.push(`- **${ENFORCEMENT_WORDS[v.enforcement] ?? code(v.enforcement)}** ${code(v.policy)}${where} (${code(v.policyPack)}): ${message}`);
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
  const tool = preview.plan?.tool;
  // A plan names no workspace: `default` is the one a root has until another is selected.
  const stack = options.stack ?? preview.stack ?? (tool ? "default" : "unknown");
  const limit = (options.limit ?? GITHUB_COMMENT_LIMIT) - TRIM_MARGIN;
  const head = [marker(stack, tool !== undefined), tool ? `### ${tool.name} plan of ${code(stack)}` : `### Pulumi preview of ${code(stack)}`, ""];
  if (hasNoChanges(preview)) return [...head, `No changes.${preview.counts.same ? ` ${preview.counts.same} resources unchanged.` : ""}`, ""].join("\n");

  const changes = [...preview.changes].sort((a, b) => ORDER.indexOf(a.operation) - ORDER.indexOf(b.operation));
  const failed =
    preview.errors.length > 0
      ? [
          `> [!IMPORTANT]`,
          `> **The ${tool ? "plan" : "preview"} failed** with ${preview.errors.length} error${preview.errors.length === 1 ? "" : "s"} (below); the changes shown are those it found before it stopped.`,
          "",
        ]
      : [];
  const top = [...head, ...failed, countsLine(preview), "", ...diagnostics(preview), ...policyViolations(preview), ...warnings(changes)].join("\n");
  const rows = changes.map(tableRow);
  const details = changes.map((change) => detail(change, preview.names));
  const tableHead = ["| operation | type | name | changed inputs |", "|---|---|---|---|"];

  // Trim from the end: details first, then table rows, so what stays is the most important.
  let keptRows = rows.length;
  let keptDetails = details.length;
  const assemble = () => {
    const left: string[] = [];
    if (keptRows < rows.length) left.push(`${rows.length - keptRows} table rows`);
    if (keptDetails < details.length) left.push(`${details.length - keptDetails} resource details`);
    const note =
      left.length > 0
        ? [
            `_Left out to stay under GitHub's ${GITHUB_COMMENT_LIMIT.toLocaleString("en-US")}-character comment limit: ${left.join(" and ")}. Run ${tool ? `\`${tool.command} show <plan file>\`` : "`pulumi preview --diff`"} for everything._`,
            "",
          ]
        : [];
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
