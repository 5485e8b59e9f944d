/**
 * `export --hcl`: the exported objects as an OpenTofu / Terraform root module, the second
 * renderer beside render.ts over the same planned objects (export.ts), so that one root serves
 * every environment:
 * - `main.tf`: the provider, one `docsplatform_member` data source per person (found by email,
 *   so each environment's organization gives its own people's ids), and one resource per object,
 *   its attributes by their snake_case names (terraform/schema.ts: each declaration's own name);
 * - `imports.tf`: one `import` block per resource, whose id comes from `var.import_ids` and which
 *   imports nothing when that map has no entry for it (`for_each` over zero or one id);
 * - `variables.tf`: what differs between environments: the organization, its identifying
 *   settings, its people's emails, the ids of its existing objects (`import_ids`), of objects no
 *   resource declares (`external_ids`), and secrets (sensitive);
 * - `<environment>.tfvars`: those values for the exported organization (its ids in
 *   `import_ids`: `tofu apply -var-file=<environment>.tfvars` there imports every object and
 *   writes nothing); another environment's file gives its own values and an empty `import_ids`,
 *   and its apply creates everything;
 * - `<environment>.secrets.tfvars` (owner-only): the secrets' values, kept out of version control.
 *
 * Like render.ts, the output is a pure function of the objects. Its layout is `tofu fmt`'s: two
 * spaces per level, `=` aligned over consecutive one-line arguments.
 */
import {
  type TfAttribute,
  PROVIDER_SOURCE,
  PROVIDER_TYPE_NAME,
  dataSourceTypeName,
  resourceTypeName,
  resourceTypeOf,
  snakeCase,
} from "../../terraform/schema";
import { coreNameOf } from "../../terraform/values";
import { visible } from "../pr-summary/inert";
import { importIdOf } from "./import-file";
import type { KindExporter } from "../../walker/kinds";
import { compare, kebabCase } from "../../walker/naming";
import { ConfigNames, type PlannedObject, configSafe } from "./render";
import { type Json, type ObjectKey, type Value, keyOf, walk } from "../../walker/values";

const WIDTH = 100;

/** The data source that finds a member of the organization by email (the `getMember` lookup's). */
const MEMBER_DATA_SOURCE = dataSourceTypeName("getMember");

export interface HclOptions {
  /** The exported organization. */
  organizationId: string;
  /** The API the export read, written to the environment's tfvars (`api_url`). */
  apiUrl: string;
  /** Names the tfvars files: `<environment>.tfvars`. */
  environment: string;
  /** Write the objects' ids to `import_ids` (false: `--no-adopt`, an environment that creates everything). */
  adopt: boolean;
  kinds: ReadonlyMap<string, KindExporter>;
  skipped: readonly { kind: string; reason: string }[];
  /** What could not be written faithfully (an object left out, and why). */
  warn(message: string): void;
}

export interface HclRoot {
  /** File name to content. */
  files: Record<string, string>;
  /** The sensitive variables, in the order written (their values are in the secrets file). */
  secrets: string[];
  /** The resources written (objects left out are warned about). */
  resources: number;
}

// ---- HCL text -----------------------------------------------------------------------------------

/** A string as an HCL quoted template that interpolates nothing: `${` and `%{` doubled, every control character escaped. */
export function hclString(text: string): string {
  let out = "";
  for (const character of text) {
    const point = character.codePointAt(0)!;
    if (character === '"') out += '\\"';
    else if (character === "\\") out += "\\\\";
    else if (character === "\n") out += "\\n";
    else if (character === "\r") out += "\\r";
    else if (character === "\t") out += "\\t";
    else if (
      point < 0x20 ||
      (point >= 0x7f && point <= 0x9f) ||
      /[\u061C\u200B-\u200F\u2028-\u202E\u2060-\u2069\uFEFF]/.test(character)
    )
      out += `\\u${point.toString(16).toUpperCase().padStart(4, "0")}`;
    else out += character;
  }
  return `"${out.replace(/([$%])\{/g, "$1$1{")}"`;
}

/** Words an object key cannot be bare (HCL would read an expression): written quoted. */
const KEYWORDS = new Set(["for", "in", "if", "null", "true", "false"]);

/** An object key: bare when it is an identifier, quoted otherwise. */
function hclKey(key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_-]*$/.test(key) && !KEYWORDS.has(key) ? key : hclString(key);
}

/** An HCL expression: text, a list, or an object whose keys are written as given. */
type Hcl = string | { list: Hcl[] } | { object: (readonly [string, Hcl])[] };

/** The one-line form, when there is one: objects (but `{}`) always break, as a person writes them. */
function flat(doc: Hcl): string | undefined {
  if (typeof doc === "string") return doc.includes("\n") ? undefined : doc;
  if ("list" in doc) {
    const items = doc.list.map(flat);
    return items.every((item) => item !== undefined) ? `[${items.join(", ")}]` : undefined;
  }
  return doc.object.length === 0 ? "{}" : undefined;
}

const pad = (indent: number) => " ".repeat(indent);

/** `doc` written at `column` of a line indented by `indent`. */
function print(doc: Hcl, indent: number, column: number): string {
  const one = flat(doc);
  if (one !== undefined && (column + one.length <= WIDTH || typeof doc === "string")) return one;
  if (typeof doc === "string") return doc;
  if ("list" in doc)
    return `[\n${doc.list.map((item) => `${pad(indent + 2)}${print(item, indent + 2, indent + 2)},\n`).join("")}${pad(indent)}]`;
  return `{\n${body(doc.object, indent + 2)}${pad(indent)}}`;
}

/**
 * `key = value` lines at `indent`, as `tofu fmt` writes them: the `=` of consecutive one-line
 * entries aligned; an entry whose value takes several lines is written `key = {` and ends the run.
 */
function body(entries: readonly (readonly [string, Hcl])[], indent: number): string {
  const printed = entries.map(([key, value]) => ({ key, text: print(value, indent, indent + key.length + 3) }));
  let out = "";
  for (let start = 0; start < printed.length;) {
    let end = start;
    while (end < printed.length && !printed[end].text.includes("\n")) end++;
    const width = Math.max(0, ...printed.slice(start, end).map((entry) => entry.key.length));
    for (const entry of printed.slice(start, end)) out += `${pad(indent)}${entry.key.padEnd(width)} = ${entry.text}\n`;
    if (end < printed.length) out += `${pad(indent)}${printed[end].key} = ${printed[end].text}\n`;
    start = end + 1;
  }
  return out;
}

/** A block: `<header> {`, its arguments, then the lines after them (a blank line first), `}`. */
function block(
  header: string,
  entries: readonly (readonly [string, Hcl])[],
  after: readonly (readonly [string, Hcl])[] = [],
): string {
  const parts = [body(entries, 2), after.length > 0 ? body(after, 2) : ""].filter((part) => part !== "");
  return `${header} {\n${parts.join("\n")}}\n`;
}

/** A comment of one or more lines, `# ` each, without a control character. */
function comment(...lines: string[]): string {
  return lines.map((line) => `# ${visible(line).replace(/\r\n|\r|\n/g, " ")}`.trimEnd()).join("\n");
}

// ---- Names --------------------------------------------------------------------------------------

/** A resource's name in HCL: its Pulumi name with `_` for `-` (`docs-writers` -> `docs_writers`), a letter first. */
export function hclName(name: string, fallback: string): string {
  const snake = name.replace(/-/g, "_");
  return /^[a-z_]/.test(snake) ? snake : `${fallback}_${snake}`;
}

/** An identifier for a variable, a data source or an object key, from any text. */
function identifier(text: string, fallback: string): string {
  const snake = snakeCase(text)
    .replace(/[^a-z0-9_]+/g, "_")
    .replace(/^_+|_+$/g, "");
  if (snake === "") return fallback;
  return /^[0-9]/.test(snake) ? `${fallback}_${snake}` : snake;
}

// ---- The root -----------------------------------------------------------------------------------

/** How a value nested in an attribute is shaped: an object of the attribute's attributes, or a collection of such objects. */
type Shape = { attributes: readonly TfAttribute[] } | { elements: Shape } | undefined;

function shapeOf(attribute: TfAttribute | undefined): Shape {
  const nested = attribute?.nestedType;
  if (!nested) return undefined;
  const object = { attributes: nested.attributes };
  return nested.nesting === "single" ? object : { elements: object };
}

/** The attribute of `attributes` a core (camelCase) key names. */
function attributeOf(attributes: readonly TfAttribute[] | undefined, key: string): TfAttribute | undefined {
  return attributes?.find((attribute) => coreNameOf(attribute) === key);
}

class RootWriter {
  readonly #planned = new Map<string, { item: PlannedObject; address: string }>();
  readonly #people: ConfigNames;
  /** The person's key in `var.members` (and their data source's name), by user id. */
  readonly #personKeys = new Map<string, string>();
  readonly #externals = new Map<string, string>();
  readonly #secrets = new Map<string, { owner: string; value: string }>();

  constructor(planned: readonly PlannedObject[]) {
    for (const item of planned) {
      this.#planned.set(keyOf(item.object), {
        item,
        address: `${resourceTypeName(item.object.kind)}.${hclName(item.name, snakeCase(item.object.kind))}`,
      });
    }
    this.#people = new ConfigNames(
      planned.flatMap((item) => item.object.inputs.flatMap(([, value]) => (value ? [...walk(value)] : []))),
    );
    for (const [userId, key] of this.#people.memberKeys) this.#personKeys.set(userId, identifier(key, "member"));
  }

  addressOf(key: ObjectKey): string | undefined {
    return this.#planned.get(keyOf(key))?.address;
  }

  /** A value inside an attribute of `shape`. */
  value(value: Value, shape: Shape): Hcl {
    switch (value.type) {
      case "literal":
        return typeof value.value === "string" ? hclString(value.value) : String(value.value);
      case "array": {
        const element = shape && "elements" in shape ? shape.elements : undefined;
        return { list: value.items.map((item) => this.value(item, element)) };
      }
      case "object": {
        if (shape && "attributes" in shape) {
          return {
            object: value.entries.map(([key, member]) => {
              const attribute = attributeOf(shape.attributes, key);
              return [attribute?.name ?? snakeCase(key), this.value(member, shapeOf(attribute))] as const;
            }),
          };
        }
        // A map of nested objects, or a value of no fixed shape (`dynamic`): keys as they are.
        const element = shape && "elements" in shape ? shape.elements : undefined;
        return { object: value.entries.map(([key, member]) => [hclKey(key), this.value(member, element)] as const) };
      }
      case "ref": {
        const address = this.addressOf(value.target);
        if (address) {
          const attribute = attributeOf(resourceTypeOf(value.target.kind)?.block.attributes, value.property);
          return `${address}.${attribute?.name ?? snakeCase(value.property)}`;
        }
        // Not exported (its kind was skipped or left out): another environment has its own id.
        return this.#external(
          `${kebabCase(value.target.kind)}-${configSafe(value.target.id)}${value.property === "id" ? "" : `-${kebabCase(value.property)}`}`,
          value.fallback,
        );
      }
      case "member": {
        const key = this.#personKeys.get(value.userId)!;
        // A person without an email cannot be found by one: their user id is the environment's.
        if (value.email === undefined) return `var.member_ids.${key}`;
        return `data.${MEMBER_DATA_SOURCE}.${key}.id`;
      }
      case "organization":
        return `var.organization.${snakeCase(value.field)}`;
      case "secret": {
        const owner = this.#planned.get(keyOf(value.owner));
        const name = identifier(
          `${owner ? hclName(owner.item.name, "secret") : kebabCase(value.owner.kind)}_${snakeCase(value.field)}`,
          "secret",
        );
        this.#secrets.set(name, { owner: owner?.address ?? value.owner.kind, value: value.value });
        return `var.${name}`;
      }
      case "external":
        return this.#external(`${value.what}-${configSafe(value.id)}`, value.id);
    }
  }

  #external(key: string, id: string): string {
    this.#externals.set(key, id);
    return `var.external_ids[${hclString(key)}]`;
  }

  resource(item: PlannedObject): string {
    const address = this.#planned.get(keyOf(item.object))!.address;
    const [type, name] = address.split(".");
    const attributes = resourceTypeOf(item.object.kind)?.block.attributes;
    const entries = item.object.inputs.flatMap(([input, value]) => {
      if (value === undefined) return [];
      // A person is their user id, as an import records them (`user_id`), found by email: named by
      // `email`, the same person would be another argument, and replaced.
      const key =
        input === "email" && value.type === "member" && value.email !== undefined && attributeOf(attributes, "userId")
          ? "userId"
          : input;
      const attribute = attributeOf(attributes, key);
      return [[attribute?.name ?? snakeCase(key), this.value(value, shapeOf(attribute))] as const];
    });
    const dependsOn = (item.object.dependsOn ?? [])
      .map((key) => this.addressOf(key))
      .filter((target): target is string => target !== undefined);
    return block(
      `resource ${hclString(type)} ${hclString(name)}`,
      entries,
      dependsOn.length > 0 ? [["depends_on", { list: dependsOn }]] : [],
    );
  }

  importBlock(item: PlannedObject): string {
    const address = this.#planned.get(keyOf(item.object))!.address;
    return block("import", [
      // Zero or one id: an environment whose import_ids has none for this resource creates it.
      ["for_each", `{ for address, id in var.import_ids : address => id if address == ${hclString(address)} }`],
      ["to", address],
      ["id", "each.value"],
    ]);
  }

  /** The people's data sources, by key. */
  dataSources(): string[] {
    return this.#peopleByKey()
      .filter(([, person]) => person.email !== undefined)
      .map(([key]) =>
        block(`data ${hclString(MEMBER_DATA_SOURCE)} ${hclString(key)}`, [["email", `var.members.${key}`]]),
      );
  }

  #peopleByKey(): [string, { userId: string; email: string | undefined }][] {
    return [...this.#people.members]
      .map(([userId, person]): [string, { userId: string; email: string | undefined }] => [
        this.#personKeys.get(userId)!,
        { userId, email: person.email },
      ])
      .sort(([a], [b]) => compare(a, b));
  }

  /** The organization's identifying settings the objects name (`title`, `email_domains`, `hostname`), in that order. */
  #organizationFields(): [string, Json][] {
    const order = (field: string) => ["title", "emailDomains", "hostname"].indexOf(field) + 1 || 99;
    return [...this.#people.organizationFields].sort(([a], [b]) => order(a) - order(b) || compare(a, b));
  }

  variables(): string {
    const blocks = [
      block('variable "api_url"', [
        [
          "description",
          hclString(
            "The management API of this environment's organization (or the environment variable DOCS_PLATFORM_API_URL when null).",
          ),
        ],
        ["type", "string"],
        ["default", "null"],
      ]),
      block('variable "organization_id"', [
        ["description", hclString("The organization this environment manages.")],
        ["type", "string"],
      ]),
    ];
    const organization = this.#organizationFields();
    if (organization.length > 0) {
      blocks.push(
        block('variable "organization"', [
          ["description", hclString("What identifies the organization itself: another organization has its own.")],
          [
            "type",
            `object({ ${organization.map(([field, value]) => `${snakeCase(field)} = ${Array.isArray(value) ? "list(string)" : "string"}`).join(", ")} })`,
          ],
        ]),
      );
    }
    const people = this.#peopleByKey();
    const byEmail = people.filter(([, person]) => person.email !== undefined).map(([key]) => key);
    const byId = people.filter(([, person]) => person.email === undefined).map(([key]) => key);
    if (byEmail.length > 0) {
      blocks.push(
        block('variable "members"', [
          [
            "description",
            hclString(
              "The people of the organization by the name this configuration gives them: their email in this environment's organization.",
            ),
          ],
          ["type", `object({ ${byEmail.map((key) => `${key} = string`).join(", ")} })`],
        ]),
      );
    }
    if (byId.length > 0) {
      blocks.push(
        block('variable "member_ids"', [
          [
            "description",
            hclString(
              "The people of the organization the API names by user id only (they have no email): their user id in this environment's organization.",
            ),
          ],
          ["type", `object({ ${byId.map((key) => `${key} = string`).join(", ")} })`],
        ]),
      );
    }
    if (this.#externals.size > 0) {
      blocks.push(
        block('variable "external_ids"', [
          [
            "description",
            hclString(
              "Ids of objects this configuration does not declare (pages, files, objects of kinds not exported): this environment's.",
            ),
          ],
          ["type", "map(string)"],
        ]),
      );
    }
    blocks.push(
      block('variable "import_ids"', [
        [
          "description",
          hclString(
            "Objects that exist already in this environment's organization, by resource address: the next apply imports each (reads only) instead of creating it.",
          ),
        ],
        ["type", "map(string)"],
        ["default", "{}"],
      ]),
    );
    for (const [name, secret] of this.#secrets) {
      blocks.push(
        block(`variable ${hclString(name)}`, [
          [
            "description",
            hclString(
              `A secret of ${secret.owner}: set it from a secrets file (-var-file) or TF_VAR_${name}, never in version control.`,
            ),
          ],
          ["type", "string"],
          ["sensitive", "true"],
        ]),
      );
    }
    return `${blocks.join("\n")}`;
  }

  /** The exported organization's values: its organization, people, external ids and (when it adopts) every object's import id. */
  tfvars(options: HclOptions, written: readonly PlannedObject[]): string {
    const entries: [string, Hcl][] = [
      ["api_url", hclString(options.apiUrl)],
      ["organization_id", hclString(options.organizationId)],
    ];
    const organization = this.#organizationFields();
    if (organization.length > 0)
      entries.push([
        "organization",
        { object: organization.map(([field, value]) => [snakeCase(field), jsonHcl(value)] as const) },
      ]);
    const people = this.#peopleByKey();
    const byEmail = people.filter(([, person]) => person.email !== undefined);
    const byId = people.filter(([, person]) => person.email === undefined);
    if (byEmail.length > 0)
      entries.push(["members", { object: byEmail.map(([key, person]) => [key, hclString(person.email!)] as const) }]);
    if (byId.length > 0)
      entries.push(["member_ids", { object: byId.map(([key, person]) => [key, hclString(person.userId)] as const) }]);
    if (this.#externals.size > 0)
      entries.push([
        "external_ids",
        {
          object: [...this.#externals]
            .sort(([a], [b]) => compare(a, b))
            .map(([key, id]) => [hclString(key), hclString(id)] as const),
        },
      ]);
    const imports = options.adopt
      ? written.map(
          (item) =>
            [
              hclString(this.#planned.get(keyOf(item.object))!.address),
              hclString(importIdOf(item.object, options.kinds.get(item.object.kind)!, options.organizationId)),
            ] as const,
        )
      : [];
    entries.push(["import_ids", { object: imports }]);
    const header = comment(
      `The ${options.environment} environment: organization ${options.organizationId}, written by \`pulumi-docs-platform export --hcl\`.`,
      options.adopt
        ? "import_ids holds the ids of its existing objects: the first apply imports them and writes nothing."
        : "import_ids is empty: the first apply creates every object.",
      "Another environment's file gives its own organization_id, organization and members (their emails there),",
      "and import_ids = {} to create everything, or its own objects' ids to import them.",
    );
    return `${header}\n${body(entries, 0)}`;
  }

  secretsTfvars(options: HclOptions): string | undefined {
    if (this.#secrets.size === 0) return undefined;
    return [
      comment(
        `Secrets of the ${options.environment} environment, in clear: keep this file out of version control (or set each`,
        "as TF_VAR_<name>), and give it beside the environment's: -var-file=<environment>.tfvars -var-file=<this file>.",
      ),
      body(
        [...this.#secrets].map(([name, secret]) => [name, hclString(secret.value)] as const),
        0,
      ),
    ].join("\n");
  }

  get secretNames(): string[] {
    return [...this.#secrets.keys()];
  }
}

/** A required argument the object holds no value for (a guest's `role = null`): HCL cannot say it, so the object is left out. */
function unwritable(item: PlannedObject): string | undefined {
  const attributes = resourceTypeOf(item.object.kind)?.block.attributes ?? [];
  const nulls = item.object.inputs.filter(
    ([key, value]) => value?.type === "literal" && value.value === null && attributeOf(attributes, key)?.required,
  );
  return nulls.length > 0 ? nulls.map(([key]) => attributeOf(attributes, key)!.name).join(", ") : undefined;
}

/** A JSON value as HCL (the organization's settings in tfvars). */
function jsonHcl(value: Json): Hcl {
  if (Array.isArray(value)) return { list: value.map(jsonHcl) };
  if (value !== null && typeof value === "object")
    return { object: Object.entries(value).map(([key, member]) => [hclKey(key), jsonHcl(member)] as const) };
  return typeof value === "string" ? hclString(value) : String(value);
}

/** The root module of the planned objects (in declaration order) and the exported environment's tfvars. */
export function renderHclRoot(planned: readonly PlannedObject[], options: HclOptions): HclRoot {
  const written = planned.filter((item) => {
    const fields = unwritable(item);
    if (fields === undefined) return true;
    options.warn(
      `${item.object.kind} "${item.name}" is left out of the HCL: its ${fields} is null, which a configuration cannot set (the argument is required)`,
    );
    return false;
  });
  const rendered = new RootWriter(written);
  // Resources first: writing them collects the people, external ids and secrets the variables declare.
  const resources = written.map((item) => rendered.resource(item));
  const header = comment(
    "A documentation platform organization as code, written by `pulumi-docs-platform export --hcl`.",
    "One root for every environment: what differs from one organization to another is in its tfvars",
    "(variables.tf): the organization, its people (found by email, data sources below), its secrets,",
    "and import_ids, the ids of the objects it has already, which the next apply imports (imports.tf).",
    "  tofu apply -var-file=<environment>.tfvars    # the token in DOCS_PLATFORM_TOKEN",
    ...(options.skipped.length > 0
      ? [
          "",
          "Not exported (the API refused to list them):",
          ...options.skipped.map(({ kind, reason }) => `- ${kind}: ${reason}`),
        ]
      : []),
  );
  const terraform = [
    "terraform {",
    "  required_providers {",
    `    ${PROVIDER_TYPE_NAME} = {`,
    `      source = ${hclString(PROVIDER_SOURCE)}`,
    "    }",
    "  }",
    "}",
    "",
  ].join("\n");
  const provider = block(`provider ${hclString(PROVIDER_TYPE_NAME)}`, [
    ["api_url", "var.api_url"],
    ["organization_id", "var.organization_id"],
  ]);
  const data = rendered.dataSources();
  const main = [
    header,
    "",
    terraform,
    provider,
    ...(data.length > 0 ? [data.join("\n")] : []),
    resources.join("\n"),
  ].join("\n");
  const imports = [
    comment(
      "Each resource is imported when var.import_ids holds its id (this environment has the object), and created otherwise.",
    ),
    "",
    written.map((item) => rendered.importBlock(item)).join("\n"),
  ].join("\n");
  const files: Record<string, string> = {
    "main.tf": main,
    "imports.tf": imports,
    "variables.tf": rendered.variables(),
    [`${options.environment}.tfvars`]: rendered.tfvars(options, written),
  };
  const secrets = rendered.secretsTfvars(options);
  if (secrets !== undefined) files[`${options.environment}.secrets.tfvars`] = secrets;
  return { files, secrets: rendered.secretNames, resources: written.length };
}
