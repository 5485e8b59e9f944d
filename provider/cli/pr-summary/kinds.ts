/**
 * What the summary knows of this package's resource kinds, read from their definitions: which
 * inputs force a replace, whether the old object goes first, which inputs are sets, and a noun.
 */
import { definition as agentInstructions } from "../../resources/agent-instructions";
import { definition as collection } from "../../resources/collection";
import { definition as openApiSpec } from "../../resources/open-api-spec";
import { definition as organizationMember } from "../../resources/organization-member";
import { definition as organizationSettings } from "../../resources/organization-settings";
import { definition as samlProvider } from "../../resources/saml-provider";
import { definition as siteAdaptiveSchema } from "../../resources/site-adaptive-schema";
import { definition as siteCustomization } from "../../resources/site-customization";
import { definition as siteSectionGroup } from "../../resources/site-section-group";
import { definition as siteSection } from "../../resources/site-section";
import { definition as siteSpaceCustomization } from "../../resources/site-space-customization";
import { definition as siteSpace } from "../../resources/site-space";
import { definition as siteStructure } from "../../resources/site-structure";
import { definition as site } from "../../resources/site";
import { definition as space } from "../../resources/space";
import { definition as team } from "../../resources/team";
import { definition as teamMember } from "../../resources/team-member";
import { definition as translation } from "../../resources/translation";
import type { ResourceDefinition } from "../../runtime/resource";
import type { Adopt } from "../../runtime/adopt";

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

// Every kind of the package; a new resource adds its definition here (its tests check the list).
const DEFINITIONS: ResourceDefinition<{ adopt?: Adopt }>[] = [
  agentInstructions, collection, openApiSpec, organizationMember, organizationSettings, samlProvider, siteAdaptiveSchema, siteCustomization, siteSectionGroup, siteSection, siteSpaceCustomization, siteSpace, siteStructure, site, space, team, teamMember, translation,
] as unknown as ResourceDefinition<{ adopt?: Adopt }>[];

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
