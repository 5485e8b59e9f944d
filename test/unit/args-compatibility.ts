/**
 * Type-level proof, checked by `npm run typecheck` (tsc over test/): each `<Kind>Args` as it was
 * written by hand (fixtures/args-before.d.ts) is assignable to the one generated from the kind's
 * declaration (provider/dynamic/kinds.generated.ts), so every program that compiled against the
 * hand-written package still compiles. A generated type that refuses a value the old one took
 * makes its line below an error naming the kind.
 *
 * One field is left out of the proof because the hand-written type took values the provider's
 * check always refused (such a program compiled but its preview failed; the generated type says
 * what the check takes): `styling.tint` of the customizations, written `{ color?: { light?, dark? } }`,
 * where the API needs the tint's color, light and dark both.
 */
import type * as generated from "../../provider/dynamic/kinds.generated.ts";
import type * as before from "./fixtures/args-before.ts";
import type * as outputsBefore from "./fixtures/outputs-before.ts";

/** `true` when every value of `From` is a value of `To` (not distributed over unions). */
type Assignable<From, To> = [From] extends [To] ? true : false;

/** Customization arguments whose `styling` is a plain object without `tint` (see above). */
type WithoutTint<Args extends { styling?: unknown }> = Omit<Args, "styling"> & { styling?: Omit<Extract<Exclude<Args["styling"], undefined>, { tint?: unknown }>, "tint"> };

export const oldArgsStillCompile: Record<string, true> = {
  AgentInstructions: true satisfies Assignable<before.AgentInstructionsArgs, generated.AgentInstructionsArgs>,
  Collection: true satisfies Assignable<before.CollectionArgs, generated.CollectionArgs>,
  OpenApiSpec: true satisfies Assignable<before.OpenApiSpecArgs, generated.OpenApiSpecArgs>,
  OrganizationMember: true satisfies Assignable<before.OrganizationMemberArgs, generated.OrganizationMemberArgs>,
  OrganizationSettings: true satisfies Assignable<before.OrganizationSettingsArgs, generated.OrganizationSettingsArgs>,
  SamlProvider: true satisfies Assignable<before.SamlProviderArgs, generated.SamlProviderArgs>,
  Site: true satisfies Assignable<before.SiteArgs, generated.SiteArgs>,
  SiteAdaptiveSchema: true satisfies Assignable<before.SiteAdaptiveSchemaArgs, generated.SiteAdaptiveSchemaArgs>,
  SiteCustomization: true satisfies Assignable<WithoutTint<before.SiteCustomizationArgs>, generated.SiteCustomizationArgs>,
  SiteSection: true satisfies Assignable<before.SiteSectionArgs, generated.SiteSectionArgs>,
  SiteSectionGroup: true satisfies Assignable<before.SiteSectionGroupArgs, generated.SiteSectionGroupArgs>,
  SiteSpace: true satisfies Assignable<before.SiteSpaceArgs, generated.SiteSpaceArgs>,
  SiteSpaceCustomization: true satisfies Assignable<WithoutTint<before.SiteSpaceCustomizationArgs>, generated.SiteSpaceCustomizationArgs>,
  SiteStructure: true satisfies Assignable<before.SiteStructureArgs, generated.SiteStructureArgs>,
  Space: true satisfies Assignable<before.SpaceArgs, generated.SpaceArgs>,
  Team: true satisfies Assignable<before.TeamArgs, generated.TeamArgs>,
  TeamMember: true satisfies Assignable<before.TeamMemberArgs, generated.TeamMemberArgs>,
  Translation: true satisfies Assignable<before.TranslationArgs, generated.TranslationArgs>,
};

/**
 * The other direction for outputs: each resource class's generated typed outputs are assignable to
 * the ones declared by hand before (fixtures/outputs-before.ts), so a program reading an output
 * (`site.publishedUrl.apply(...)`) still compiles.
 */
export const oldOutputReadsStillCompile: Record<string, true> = {
  AgentInstructions: true satisfies Assignable<generated.AgentInstructionsOutputs, outputsBefore.AgentInstructionsOutputs>,
  Collection: true satisfies Assignable<generated.CollectionOutputs, outputsBefore.CollectionOutputs>,
  OpenApiSpec: true satisfies Assignable<generated.OpenApiSpecOutputs, outputsBefore.OpenApiSpecOutputs>,
  OrganizationMember: true satisfies Assignable<generated.OrganizationMemberOutputs, outputsBefore.OrganizationMemberOutputs>,
  OrganizationSettings: true satisfies Assignable<generated.OrganizationSettingsOutputs, outputsBefore.OrganizationSettingsOutputs>,
  SamlProvider: true satisfies Assignable<generated.SamlProviderOutputs, outputsBefore.SamlProviderOutputs>,
  Site: true satisfies Assignable<generated.SiteOutputs, outputsBefore.SiteOutputs>,
  SiteAdaptiveSchema: true satisfies Assignable<generated.SiteAdaptiveSchemaOutputs, outputsBefore.SiteAdaptiveSchemaOutputs>,
  SiteCustomization: true satisfies Assignable<generated.SiteCustomizationOutputs, outputsBefore.SiteCustomizationOutputs>,
  SiteSection: true satisfies Assignable<generated.SiteSectionOutputs, outputsBefore.SiteSectionOutputs>,
  SiteSectionGroup: true satisfies Assignable<generated.SiteSectionGroupOutputs, outputsBefore.SiteSectionGroupOutputs>,
  SiteSpace: true satisfies Assignable<generated.SiteSpaceOutputs, outputsBefore.SiteSpaceOutputs>,
  SiteSpaceCustomization: true satisfies Assignable<generated.SiteSpaceCustomizationOutputs, outputsBefore.SiteSpaceCustomizationOutputs>,
  SiteStructure: true satisfies Assignable<generated.SiteStructureOutputs, outputsBefore.SiteStructureOutputs>,
  Space: true satisfies Assignable<generated.SpaceOutputs, outputsBefore.SpaceOutputs>,
  Team: true satisfies Assignable<generated.TeamOutputs, outputsBefore.TeamOutputs>,
  TeamMember: true satisfies Assignable<generated.TeamMemberOutputs, outputsBefore.TeamMemberOutputs>,
  Translation: true satisfies Assignable<generated.TranslationOutputs, outputsBefore.TranslationOutputs>,
};
