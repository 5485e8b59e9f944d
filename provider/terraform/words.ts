/**
 * The core's messages (adapter/door-words.ts) in OpenTofu's words: the commands OpenTofu has
 * (`tofu apply`, `tofu plan`, `tofu apply -refresh-only`, `tofu destroy`), a configuration where
 * Pulumi has a program, an input by its attribute path in snake_case as HCL writes it
 * (`source.url`, `members[2]`), a kind by its resource type (`docsplatform_team`), a provider
 * setting as the provider block's attribute, and an `import` block where Pulumi has `adopt`.
 */
import { CONFIG_KEYS } from "../config/provider-config";
import { type Said, type Term, render } from "../adapter/door-words";
import { resourceTypeName, resourceTypeOf, snakeCase, type TfAttribute } from "./schema";
import { attributePathSteps } from "./values";

/** `organizationId` -> `organization_id`, `members.2` -> `members[2]`, `labels.en` (a map) -> `labels["en"]`, by the kind's attributes. */
export function hclPath(kind: string | undefined, path: string): string {
  const block = kind === undefined ? undefined : resourceTypeOf(kind)?.block;
  if (block === undefined) return path.split(".").map(snakeCase).join(".");
  return attributePathSteps(block, path.split("."))
    .map((step, index) =>
      "attributeName" in step
        ? `${index === 0 ? "" : "."}${step.attributeName}`
        : "elementKeyInt" in step
          ? `[${step.elementKeyInt}]`
          : `[${JSON.stringify(step.elementKeyString)}]`,
    )
    .join("");
}

/** A provider setting as the provider block spells it, and its environment variable when it has one. */
function providerAttribute(key: string): { name: string; env?: string } {
  const spec = CONFIG_KEYS.find((candidate) => candidate.key === key);
  return { name: snakeCase(key), ...(spec?.env ? { env: spec.env } : {}) };
}

/** Whether the Pulumi words are a command in backticks (`pulumi up`, `up`) rather than a word of a sentence (every up). */
const isCommand = (pulumi: string) => pulumi.startsWith("`");

/** The OpenTofu door's words for the terms of a message about `kind` (the resource whose inputs its fields are). */
export function tofuWords(kind: string | undefined): (term: Term) => string {
  return (term) => {
    switch (term.meaning) {
      case "apply":
        return isCommand(term.pulumi) ? "`tofu apply`" : "apply";
      case "plan":
        return isCommand(term.pulumi) ? "`tofu plan`" : "plan";
      case "refresh":
        return "`tofu apply -refresh-only`";
      case "destroy":
        return "`tofu destroy`";
      case "program":
        return "configuration";
      case "tool":
        return "OpenTofu";
      case "field":
        if (term.kind !== undefined && term.kind !== kind && term.pulumi.startsWith(`${term.kind}.`))
          return `\`${hclPath(term.kind, term.path)}\` of ${resourceTypeName(term.kind)}`;
        return hclPath(term.kind ?? kind, term.path);
      case "kind":
        return resourceTypeName(term.kind);
      case "setting":
        return `the provider's \`${providerAttribute(term.key).name}\``;
      case "set setting":
        return `in the provider's \`${providerAttribute(term.key).name}\``;
      case "take over": {
        const block = `an \`import\` block${term.id === undefined ? "" : ` (\`id = ${JSON.stringify(term.id)}\`)`}`;
        return term.form === "with" ? `with ${block}` : `import it with ${block}`;
      }
      case "token of a command without the program": {
        // OpenTofu reads the provider block on every command: a changed token is used at once.
        const { name, env } = providerAttribute(term.key);
        return `Set a valid one in the provider's \`${name}\`${env ? ` (or ${env})` : ""}.`;
      }
      case "gone object":
        return "run `tofu apply` again: its refresh drops it from the state and plans to create it";
    }
  };
}

const attributeNamesByKind = new Map<string, Map<string, string>>();

/** Each core (camelCase) name of `kind`'s attributes, at every depth, that its attribute spells otherwise. */
function attributeNamesOf(kind: string): Map<string, string> {
  const known = attributeNamesByKind.get(kind);
  if (known) return known;
  const names = new Map<string, string>();
  const collect = (attributes: readonly TfAttribute[]) => {
    for (const attribute of attributes) {
      if (attribute.coreName && attribute.coreName !== attribute.name) names.set(attribute.coreName, attribute.name);
      if (attribute.nestedType) collect(attribute.nestedType.attributes);
    }
  };
  collect(resourceTypeOf(kind)?.block.attributes ?? []);
  attributeNamesByKind.set(kind, names);
  return names;
}

/**
 * A message of the core about `kind` in OpenTofu's words: its terms in {@link tofuWords}, and in its
 * plain text (a rule zod words, an API's answer) each of the kind's attribute names written in
 * camelCase by its snake_case name: the rule of a field names the fields it relates as the schema
 * declares them.
 */
export function inTofuWords(message: Said | string, kind?: string): string {
  const names = kind === undefined ? undefined : attributeNamesOf(kind);
  const text = names === undefined || names.size === 0 ? undefined : (plain: string) => plain.replace(/\b[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*\b/g, (word) => names.get(word) ?? word);
  return render(message, tofuWords(kind), text);
}
