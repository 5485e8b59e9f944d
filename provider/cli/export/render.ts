/**
 * Writing the exported objects as a Pulumi TypeScript program, and its stack config.
 *
 * The output is a pure function of the objects: no timestamps, no map iteration order that
 * depends on the API's, so exporting an unchanged organization twice gives the same bytes.
 * Formatting follows prettier's defaults where it matters to a reader (double quotes, trailing
 * commas, objects and arrays broken over lines when they do not fit in 100 columns).
 */
import { visible } from "../pr-summary/inert";
import type { ExportedObject } from "../../walker/kinds";
import { camelCase, compare, kebabCase, uniqueNames } from "../../walker/naming";
import { type Json, type Value, keyOf, walk } from "../../walker/values";

const WIDTH = 100;

/** A string as a TypeScript literal: double quotes, every character that needs it escaped. */
export function stringLiteral(text: string): string {
  // JSON's escapes are TypeScript's (and YAML's double-quoted ones). JSON leaves DEL, the C1
  // controls and the characters that reorder or break lines as they are: escaped too, so the
  // program (printed to a terminal without --out) and its config show no raw control character.
  return JSON.stringify(text).replace(
    /[\u007F-\u009F\u061C\u200B-\u200F\u2028-\u202E\u2060-\u2069\uFEFF]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/**
 * An object key: bare when it is an identifier, quoted otherwise. `__proto__` is computed
 * (`["__proto__"]`): written bare or quoted, an object literal makes its value the object's
 * prototype, and the key is lost.
 */
export function propertyKey(key: string): string {
  if (key === "__proto__") return `[${stringLiteral(key)}]`;
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : stringLiteral(key);
}

// ---------------------------------------------------------------------------------------------
// Layout: a document is text, a bracketed group of items, or text before a document.

type Doc = string | Group | Prefixed;
interface Group {
  open: string;
  close: string;
  items: Doc[];
  /** `{ a }` (objects) rather than `[a]` (arrays) when on one line. */
  spaced: boolean;
  /** Always one item per line (a resource's arguments). */
  broken?: boolean;
}
interface Prefixed {
  prefix: string;
  doc: Doc;
}

function flat(doc: Doc): string {
  if (typeof doc === "string") return doc;
  if ("prefix" in doc) return doc.prefix + flat(doc.doc);
  if (doc.items.length === 0) return doc.open + doc.close;
  const inner = doc.items.map(flat).join(", ");
  return doc.spaced ? `${doc.open} ${inner} ${doc.close}` : `${doc.open}${inner}${doc.close}`;
}

/** `doc` printed at `column` on a line indented by `indent`; `trailing` characters follow it on its last line. */
function print(doc: Doc, indent: number, column: number, trailing: number): string {
  if (typeof doc === "string") return doc;
  if ("prefix" in doc) return doc.prefix + print(doc.doc, indent, column + doc.prefix.length, trailing);
  const oneLine = flat(doc);
  if (doc.items.length === 0 || (!doc.broken && !oneLine.includes("\n") && column + oneLine.length + trailing <= WIDTH)) return oneLine;
  const pad = " ".repeat(indent + 2);
  const lines = doc.items.map((item) => `${pad}${print(item, indent + 2, indent + 2, 1)},\n`);
  return `${doc.open}\n${lines.join("")}${" ".repeat(indent)}${doc.close}`;
}

// ---------------------------------------------------------------------------------------------
// The program.

/** An exported object as the program writes it. */
export interface PlannedObject {
  object: ExportedObject;
  /** Its Pulumi resource name. */
  name: string;
  /** The variable holding it, when another resource refers to it. */
  variable?: string;
  /**
   * Its resource takes `adopt`: the program writes `adopt: adopted("<Kind>", "<name>")`, which
   * reads the id from the stack config's `adopt`, so the program names no organization's ids.
   */
  adoptable?: boolean;
  /** The id the stack config's `adopt` gives it, when the stack adopts (implies `adoptable`). */
  adoptId?: string;
}

/** A stack config value of the program's own namespace. */
export interface ConfigEntry {
  key: string;
  value: Json;
}

export interface Secret {
  /** Config key, in the program's namespace. */
  key: string;
  value: string;
}

export interface RenderedProgram {
  indexTs: string;
  /** The program's own config (its namespace), in the order it is written. */
  config: ConfigEntry[];
  secrets: Secret[];
}

/**
 * The program is the same whether its stack adopts (`adopt` in the stack config), creates
 * (`--no-adopt`) or imports (`--import-file`): only the stack config differs.
 */
export interface ProgramOptions {
  /** Kinds that could not be read, and why: said at the top of the program. */
  skipped: readonly { kind: string; reason: string }[];
}

/** Config keys may hold letters, digits, `-`, `_` and `.`; anything else in an id becomes `_`. */
export function configSafe(text: string): string {
  return text.replace(/[^A-Za-z0-9_.-]/g, "_");
}

/**
 * What the values of every object need from the stack config, named once for the whole program:
 * member keys from emails (`ada@acme.test` -> `ada`), deduplicated deterministically.
 */
export class ConfigNames {
  readonly memberKeys = new Map<string, string>();
  readonly members = new Map<string, { email: string | undefined; asEmail: boolean; asId: boolean }>();
  readonly organizationFields = new Map<string, Json>();

  constructor(values: Iterable<Value>) {
    for (const value of values) {
      if (value.type === "member") {
        const known = this.members.get(value.userId) ?? { email: value.email, asEmail: false, asId: false };
        known.email ??= value.email;
        if (value.as === "email") known.asEmail = true;
        else known.asId = true;
        this.members.set(value.userId, known);
      }
      if (value.type === "organization") this.organizationFields.set(value.field, value.value);
    }
    const wanted = (userId: string) => camelCase((this.members.get(userId)?.email ?? userId).split("@")[0], "member");
    const keys = uniqueNames([...this.members.keys()], wanted, (userId) => `${this.members.get(userId)?.email ?? ""}\u0000${userId}`);
    for (const [userId, key] of keys) this.memberKeys.set(userId, key.replace(/-(\d+)$/, "$1"));
  }
}

class ProgramWriter {
  readonly #byKey = new Map<string, PlannedObject>();
  readonly #names: ConfigNames;
  readonly #config = new Map<string, Json>();
  readonly #secrets = new Map<string, string>();
  readonly #planned: readonly PlannedObject[];

  constructor(planned: readonly PlannedObject[]) {
    this.#planned = planned;
    for (const item of planned) this.#byKey.set(keyOf(item.object), item);
    this.#names = new ConfigNames(planned.flatMap((item) => item.object.inputs.flatMap(([, value]) => (value ? [...walk(value)] : []))));
  }

  #require(key: string, value: Json): string {
    this.#config.set(key, value);
    return `config.require(${stringLiteral(key)})`;
  }

  doc(value: Value): Doc {
    switch (value.type) {
      case "literal":
        return typeof value.value === "string" ? stringLiteral(value.value) : String(value.value);
      case "array":
        return { open: "[", close: "]", items: value.items.map((item) => this.doc(item)), spaced: false };
      case "object":
        return { open: "{", close: "}", items: value.entries.map(([key, member]) => ({ prefix: `${propertyKey(key)}: `, doc: this.doc(member) })), spaced: true };
      case "ref": {
        const target = this.#byKey.get(keyOf(value.target));
        if (target?.variable) return `${target.variable}.${value.property}`;
        // Not exported (its kind was skipped or left out): the id is environment-specific, so stack config.
        const key = `${kebabCase(value.target.kind)}-${configSafe(value.target.id)}${value.property === "id" ? "" : `-${kebabCase(value.property)}`}`;
        return this.#require(key, value.fallback);
      }
      case "member":
        return `${value.as === "email" ? "members" : "memberIds"}.${this.#names.memberKeys.get(value.userId)}`;
      case "organization":
        return `organization.${value.field}`;
      case "secret": {
        const owner = this.#byKey.get(keyOf(value.owner));
        const key = `${camelCase(owner?.name ?? kebabCase(value.owner.kind), "secret")}${value.field[0].toUpperCase()}${value.field.slice(1)}`;
        this.#secrets.set(key, value.value);
        return `config.requireSecret(${stringLiteral(key)})`;
      }
      case "external":
        return this.#require(`${value.what}-${configSafe(value.id)}`, value.id);
    }
  }

  statement(item: PlannedObject): string {
    const { object } = item;
    const entries: Doc[] = [];
    for (const [key, value] of object.inputs) if (value !== undefined) entries.push({ prefix: `${propertyKey(key)}: `, doc: this.doc(value) });
    if (item.adoptable || item.adoptId !== undefined) entries.push(`adopt: adopted(${stringLiteral(object.kind)}, ${stringLiteral(item.name)})`);
    const head = `${item.variable ? `const ${item.variable} = ` : ""}new docs.${object.kind}(${stringLiteral(item.name)}, `;
    const dependsOn = (object.dependsOn ?? []).flatMap((key) => {
      const target = this.#byKey.get(keyOf(key));
      return target?.variable ? [target.variable] : [];
    });
    const args = print({ open: "{", close: "}", items: entries, spaced: true, broken: true }, 0, head.length, 2);
    if (dependsOn.length === 0) return `${head}${args});`;
    const options: Doc = { open: "{", close: "}", items: [{ prefix: "dependsOn: ", doc: { open: "[", close: "]", items: dependsOn, spaced: false } }], spaced: true };
    const lastLine = args.slice(args.lastIndexOf("\n") + 1);
    return `${head}${args}, ${print(options, 0, lastLine.length + 2, 2)});`;
  }

  preamble(): string[] {
    const lines = [`const config = new pulumi.Config();`];
    const organization = [...this.#names.organizationFields].sort(([a], [b]) => compare(fieldOrder(a), fieldOrder(b)));
    if (organization.length > 0) {
      lines.push(
        "",
        "/** What identifies the organization: another organization has its own (stack config `organization`). */",
        "interface Organization {",
        ...organization.map(([field, value]) => `  ${propertyKey(field)}: ${Array.isArray(value) ? "string[]" : "string"};`),
        "}",
        `const organization = config.requireObject<Organization>("organization");`,
      );
    }
    const members = [...this.#names.members].sort(([a], [b]) => compare(this.#names.memberKeys.get(a)!, this.#names.memberKeys.get(b)!));
    const byEmail = members.filter(([, member]) => member.asEmail);
    const byId = members.filter(([, member]) => member.asId);
    if (byEmail.length > 0) {
      lines.push(
        "",
        "/** Members of the organization by email (stack config `members`): another organization has other people. */",
        "interface Members {",
        ...byEmail.map(([userId]) => `  ${this.#names.memberKeys.get(userId)}: string;`),
        "}",
        `const members = config.requireObject<Members>("members");`,
      );
    }
    if (byId.length > 0) {
      lines.push(
        "",
        "/** Members of the organization by user id, where the API takes ids only (stack config `memberIds`). */",
        "interface MemberIds {",
        ...byId.map(([userId]) => `  ${this.#names.memberKeys.get(userId)}: string;`),
        "}",
        `const memberIds = config.requireObject<MemberIds>("memberIds");`,
      );
    }
    if (this.#planned.some((item) => item.adoptable || item.adoptId !== undefined)) {
      lines.push(
        "",
        "/**",
        " * Objects that already exist in this stack's organization, by type and resource name (stack",
        " * config `adopt`, written by export): the first `pulumi up` takes each over by id and changes",
        " * nothing. A stack without them (another organization, an empty one) creates them. Once in",
        " * the state, adding or removing an id changes nothing.",
        " */",
        `const adoptIds = config.getObject<Record<string, Record<string, string>>>("adopt") ?? {};`,
        "function adopted(type: string, name: string): { id: string } | undefined {",
        "  const id = adoptIds[type]?.[name];",
        "  return id === undefined ? undefined : { id };",
        "}",
      );
    }
    return lines;
  }

  /** The program's own stack config: organization, members, then ids of objects not exported. */
  config(): ConfigEntry[] {
    const entries: ConfigEntry[] = [];
    const organization = [...this.#names.organizationFields].sort(([a], [b]) => compare(fieldOrder(a), fieldOrder(b)));
    if (organization.length > 0) entries.push({ key: "organization", value: Object.fromEntries(organization) });
    const members = [...this.#names.members].sort(([a], [b]) => compare(this.#names.memberKeys.get(a)!, this.#names.memberKeys.get(b)!));
    const byEmail = members.filter(([, member]) => member.asEmail);
    const byId = members.filter(([, member]) => member.asId);
    if (byEmail.length > 0)
      entries.push({ key: "members", value: Object.fromEntries(byEmail.map(([userId, member]) => [this.#names.memberKeys.get(userId)!, member.email ?? userId])) });
    if (byId.length > 0) entries.push({ key: "memberIds", value: Object.fromEntries(byId.map(([userId]) => [this.#names.memberKeys.get(userId)!, userId])) });
    for (const key of [...this.#config.keys()].sort(compare)) entries.push({ key, value: this.#config.get(key)! });
    // The adopted ids last, by type (in the program's order) then resource name.
    const adopt: Record<string, Record<string, string>> = {};
    for (const item of this.#planned) if (item.adoptId !== undefined) (adopt[item.object.kind] ??= {})[item.name] = item.adoptId;
    if (Object.keys(adopt).length > 0) entries.push({ key: "adopt", value: adopt });
    return entries;
  }

  secrets(): Secret[] {
    return [...this.#secrets.keys()].sort(compare).map((key) => ({ key, value: this.#secrets.get(key)! }));
  }
}

/** An API's text in the header comment: one line, no control character, and nothing that ends the comment early. */
function oneCommentLine(text: string): string {
  return visible(text)
    .replace(/\r\n|\r|\n/g, " ")
    .replace(/\*\//g, "* /");
}

/** The organization's fields in the order OrganizationSettings declares them. */
function fieldOrder(field: string): string {
  const index = ["title", "emailDomains", "hostname"].indexOf(field);
  return index === -1 ? `9${field}` : String(index);
}

/** The program's index.ts, its stack config and its secrets. */
export function renderProgram(planned: readonly PlannedObject[], options: ProgramOptions): RenderedProgram {
  const writer = new ProgramWriter(planned);
  // Statements first: rendering them collects the config they read.
  const statements = planned.map((item) => writer.statement(item));
  const header = [
    "/**",
    " * A documentation platform organization as code, written by `pulumi-docs-platform export`.",
    " * One program for every environment (one stack each): what differs from one organization to",
    " * another is stack config: the organization (`docs-platform:organizationId`, its name), its",
    " * people, its secrets, and `adopt`, the ids of objects that already exist there. A stack with",
    " * `adopt` takes them over on its first `pulumi up`, which changes nothing; a stack without it",
    " * creates every object; an import file (`pulumi import --file`) is the other way in.",
    ...(options.skipped.length > 0
      ? [" *", " * Not exported (the API refused to list them):", ...options.skipped.map(({ kind, reason }) => ` * - ${kind}: ${oneCommentLine(reason)}`)]
      : []),
    " */",
  ];
  const lines = [
    ...header,
    `import * as pulumi from "@pulumi/pulumi";`,
    `import * as docs from "pulumi-docs-platform";`,
    "",
    ...writer.preamble(),
    "",
    ...statements.flatMap((statement, index) => (index > 0 && planned[index - 1].object.kind !== planned[index].object.kind ? ["", statement] : [statement])),
  ];
  return { indexTs: `${lines.join("\n")}\n`, config: writer.config(), secrets: writer.secrets() };
}

// ---------------------------------------------------------------------------------------------
// YAML (stack config, Pulumi.yaml) and the secrets script.

/**
 * Plain only what no YAML reader takes for anything but a string: a letter or `_` first (a digit
 * first may be an integer, `0x10`, `0o17`, a float, `1e3`, a sexagesimal or a timestamp,
 * `2024-01-01`, in YAML 1.1 or 1.2), and none of the words YAML 1.1 or 1.2 reads as a boolean or
 * null. Everything else is double-quoted: a stack config value read back as a number or a date
 * would make `pulumi up` change what it names.
 */
const PLAIN_YAML = /^[A-Za-z_][A-Za-z0-9_ .@/+:-]*$/;
const YAML_WORDS = /^(?:true|false|yes|no|on|off|y|n|null|~|\.inf|\.nan)$/i;

/** A YAML scalar: plain when that reads back as the same string, double-quoted (JSON escapes) otherwise. */
export function yamlScalar(value: string | number | boolean | null): string {
  if (typeof value !== "string") return JSON.stringify(value);
  // `: ` starts a mapping, ` #` a comment; trailing spaces and a trailing `:` would be lost or misread.
  const plain = PLAIN_YAML.test(value) && !YAML_WORDS.test(value) && !/: | #|[ :]$/.test(value);
  return plain ? value : stringLiteral(value);
}

/** `key: value` lines of a YAML mapping at `indent`, nested values as block mappings and sequences. */
export function yamlEntry(key: string, value: Json, indent: number): string[] {
  const pad = " ".repeat(indent);
  const name = yamlScalar(key);
  if (Array.isArray(value)) {
    if (value.length === 0) return [`${pad}${name}: []`];
    return [`${pad}${name}:`, ...value.flatMap((item) => yamlItem(item, indent + 2))];
  }
  if (value !== null && typeof value === "object") {
    const members = Object.entries(value);
    if (members.length === 0) return [`${pad}${name}: {}`];
    return [`${pad}${name}:`, ...members.flatMap(([member, inner]) => yamlEntry(member, inner, indent + 2))];
  }
  return [`${pad}${name}: ${yamlScalar(value)}`];
}

function yamlItem(value: Json, indent: number): string[] {
  const pad = " ".repeat(indent);
  if (value !== null && typeof value === "object") return [`${pad}- ${JSON.stringify(value)}`];
  return [`${pad}- ${yamlScalar(value)}`];
}

/** A value for a POSIX shell, in single quotes. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The script that sets the program's secrets. `printf '%s\n'` adds the one newline that `pulumi
 * config set` removes from what it reads on stdin, so every value arrives exactly, and nothing
 * secret is ever on a command line.
 */
export function renderSecretsScript(secrets: readonly Secret[]): string {
  return [
    "#!/bin/sh",
    "# Sets the exported program's secret stack config. This file holds the secret values in plain",
    "# text: run it once from this directory, then delete it. Arguments go to every `pulumi config",
    "# set` (e.g. `sh secrets.sh --stack dev`).",
    "set -eu",
    ...secrets.map((secret) => `printf '%s\\n' ${shellQuote(secret.value)} | pulumi config set --secret ${secret.key} "$@"`),
    "",
  ].join("\n");
}
