/**
 * What the summary knows of this package's resource kinds, read from their definitions: which
 * inputs force a replace, whether the old object goes first, which inputs are sets, and a noun.
 */
import { KINDS } from "../../resources/kinds";

export interface KindFacts {
  replaceKeys: readonly string[];
  deleteBeforeReplace: boolean;
  setValuedKeys: ReadonlySet<string>;
  /** `site space`, `OpenAPI spec`: how the summary names an object of the kind. */
  noun: string;
  /** Inputs the kind always treats as secrets (SamlProvider.certificate). */
  secretKeys: ReadonlySet<string>;
  /** How `adopt: true` finds the object, e.g. "title within the organization"; none for kinds adopted by id only. */
  naturalKey?: string;
}

const DEFINITIONS = KINDS;

const NOUNS: Record<string, string> = { OpenApiSpec: "OpenAPI spec", SamlProvider: "SAML provider", SiteAdaptiveSchema: "adaptive schema" };
const cache = new Map<string, KindFacts | undefined>();

/** Every kind the summary knows (for the test that keeps the list complete). */
export const KNOWN_KINDS: readonly string[] = DEFINITIONS.map((definition) => definition.kind);

/** Facts of a kind of this package, or undefined for another package's type (or an unknown kind). */
export function kindFacts(kind: string): KindFacts | undefined {
  if (cache.has(kind)) return cache.get(kind);
  const definition = DEFINITIONS.find((candidate) => candidate.kind === kind);
  const facts = definition && {
    replaceKeys: definition.replaceKeys,
    deleteBeforeReplace: definition.deleteBeforeReplace === true,
    setValuedKeys: new Set(definition.setValuedInputKeys ?? []),
    secretKeys: new Set(definition.secretInputKeys ?? []),
    noun: NOUNS[kind] ?? kind.replace(/(?<!^)([A-Z])/g, " $1").toLowerCase(),
    ...(definition.naturalKey ? { naturalKey: definition.naturalKey } : {}),
  };
  cache.set(kind, facts);
  return facts;
}
