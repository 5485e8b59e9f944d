/**
 * The one registry of resource kinds: every definition of the package, in the order a reader
 * meets them in an exported program (the organization, its people, its content, its sites). The
 * package's exports, the plugin's schema, export, the pull-request summary, the reference pages
 * and every door find every kind here, and the tests' lists of kinds are read from it.
 *
 * Adding a kind: docs/CONTRIBUTING.md ("Adding a kind") lists the files written by hand; a test
 * fails for each left undone.
 */
import type { Adopt } from "../adapter/adopt";
import type { ResourceDefinition } from "../adapter/resource";
import { definition as agentInstructions } from "./agent-instructions";
import { definition as collection } from "./collection";
import { definition as openApiSpec } from "./open-api-spec";
import { definition as organizationMember } from "./organization-member";
import { definition as organizationSettings } from "./organization-settings";
import { definition as samlProvider } from "./saml-provider";
import { definition as site } from "./site";
import { definition as siteAdaptiveSchema } from "./site-adaptive-schema";
import { definition as siteCustomization } from "./site-customization";
import { definition as siteSection } from "./site-section";
import { definition as siteSectionGroup } from "./site-section-group";
import { definition as siteSpace } from "./site-space";
import { definition as siteSpaceCustomization } from "./site-space-customization";
import { definition as siteStructure } from "./site-structure";
import { definition as space } from "./space";
import { definition as team } from "./team";
import { definition as teamMember } from "./team-member";
import { definition as translation } from "./translation";

export type AnyDefinition = ResourceDefinition<{ adopt?: Adopt }>;

export const KINDS: readonly AnyDefinition[] = [
  organizationSettings,
  organizationMember,
  team,
  teamMember,
  samlProvider,
  collection,
  space,
  translation,
  agentInstructions,
  site,
  siteSectionGroup,
  siteSection,
  siteSpace,
  siteStructure,
  siteCustomization,
  siteSpaceCustomization,
  siteAdaptiveSchema,
  openApiSpec,
];

/** Every kind's name, e.g. `SiteSpace`. */
export const KIND_NAMES: readonly string[] = KINDS.map((definition) => definition.kind);

const byKind = new Map(KINDS.map((definition) => [definition.kind, definition]));

/** The definition of `kind`, or undefined for a name that is no kind of this package. */
export function definitionOf(kind: string): AnyDefinition | undefined {
  return byKind.get(kind);
}

/** `OpenApiSpec` -> `open-api-spec`: the file in this folder that declares the kind. */
export function fileOf(kind: string): string {
  return kind.replace(/(?<!^)([A-Z])/g, "-$1").toLowerCase();
}
