/**
 * Names in the exported program: a resource's Pulumi name (its URN, so it must stay the same from
 * one export to the next), the variable that holds it, and config keys. Derived from titles, never
 * from ids, and deduplicated deterministically.
 */

/** Longest resource name derived from a title; longer titles are cut at a word boundary. */
const NAME_MAX = 48;

/**
 * A title as a resource name: lower case ASCII letters and digits joined by single hyphens
 * (`"Développeurs & APIs"` -> `"developpeurs-apis"`). Letters with accents lose them; anything else
 * (punctuation, emoji) separates words. "" when nothing is left.
 */
export function slugify(title: string): string {
  const words = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = "";
  for (const word of words) {
    const next = slug === "" ? word : `${slug}-${word}`;
    if (next.length > NAME_MAX) return slug === "" ? word.slice(0, NAME_MAX) : slug;
    slug = next;
  }
  return slug;
}

/**
 * Unique names for `items` from their wanted names: the first item (in the order of `tieBreak`,
 * e.g. the API id) keeps a wanted name, the others get `-2`, `-3`, ... So the result depends only
 * on the items, never on the order the API listed them in.
 */
export function uniqueNames<T>(items: readonly T[], wanted: (item: T) => string, tieBreak: (item: T) => string): Map<T, string> {
  const sorted = [...items].sort((a, b) => compare(wanted(a), wanted(b)) || compare(tieBreak(a), tieBreak(b)));
  const taken = new Set<string>();
  const names = new Map<T, string>();
  for (const item of sorted) {
    const base = wanted(item);
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}-${n}`;
    taken.add(name);
    names.set(item, name);
  }
  return names;
}

/** Code-unit order, the same on every machine and locale. */
export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `"api-reference"` -> `"apiReference"`; a leading digit gets `prefix` in front (`"2024-docs"` -> `"space2024Docs"`). */
export function camelCase(name: string, prefix: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const camel = words.map((word, index) => (index === 0 ? word.toLowerCase() : word[0].toUpperCase() + word.slice(1).toLowerCase())).join("");
  if (camel === "") return prefix;
  return /^[0-9]/.test(camel) ? `${prefix}${camel}` : camel;
}

/** `"SiteSection"` -> `"siteSection"`. */
export function lowerFirst(text: string): string {
  return text.length === 0 ? text : text[0].toLowerCase() + text.slice(1);
}

/** `"SiteSection"` -> `"site-section"`. */
export function kebabCase(kind: string): string {
  return kind.replace(/(?<!^)([A-Z])/g, "-$1").toLowerCase();
}

/** Words a variable may not be called (reserved words, and the names the program itself declares). */
const RESERVED = new Set([
  ...["break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else", "enum", "export", "extends", "false"],
  ...["finally", "for", "function", "if", "import", "in", "instanceof", "new", "null", "return", "super", "switch", "this", "throw", "true", "try"],
  ...["typeof", "var", "void", "while", "with", "yield", "let", "static", "implements", "interface", "package", "private", "protected", "public"],
  ...["await", "async", "arguments", "eval", "undefined", "NaN", "Infinity", "of", "as", "any", "type", "declare", "module", "namespace", "require"],
  // Declared by the program's preamble.
  ...["pulumi", "docs", "config", "members", "memberIds", "organization", "Members", "MemberIds", "Organization", "adoptIds", "adopted"],
]);

/**
 * Allocates variable names across the whole program: the first claimant of a name gets it, a later
 * one gets the name plus its kind (`guidesSiteSection`), then a number.
 */
export class VariableNames {
  readonly #taken = new Set<string>(RESERVED);

  claim(name: string, kind: string): string {
    const base = camelCase(name, lowerFirst(kind));
    const candidates = [base, `${base}${kind}`];
    for (const candidate of candidates) {
      if (!this.#taken.has(candidate)) {
        this.#taken.add(candidate);
        return candidate;
      }
    }
    for (let n = 2; ; n++) {
      const candidate = `${base}${kind}${n}`;
      if (!this.#taken.has(candidate)) {
        this.#taken.add(candidate);
        return candidate;
      }
    }
  }
}
