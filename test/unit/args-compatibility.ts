/**
 * Type-level proof, checked by `npm run typecheck` (tsc over test/): each `<Kind>Args` as it was
 * written by hand (fixtures/args-before.d.ts) is assignable to the one generated from the kind's
 * declaration (provider/dynamic/kinds.ts), so every program that compiled against the
 * hand-written package still compiles. A generated type that refuses a value the old one took
 * makes its line below an error naming the kind.
 *
 * One field is left out of the proof because the hand-written type took values the provider's
 * check always refused (such a program compiled but its preview failed; the generated type says
 * what the check takes): `styling.tint` of the customizations, written `{ color?: { light?, dark? } }`,
 * where the API needs the tint's color, light and dark both.
 *
 * One break is deliberate (provider/CHANGELOG.md, issue 41): `OrganizationSettings.mergeRules` no
 * longer takes `{ type: "inherit" }`, which production refuses for an organization (DESIGN.md 8);
 * the proof holds for its other fields.
 */
import type { AgentInstructionsArgs, AgentInstructionsOutputs } from "../../provider/dynamic/resources/agent-instructions.ts";
import type { CollectionArgs, CollectionOutputs } from "../../provider/dynamic/resources/collection.ts";
import type { OpenApiSpecArgs, OpenApiSpecOutputs } from "../../provider/dynamic/resources/open-api-spec.ts";
import type { OrganizationMemberArgs, OrganizationMemberOutputs } from "../../provider/dynamic/resources/organization-member.ts";
import type { OrganizationSettingsArgs, OrganizationSettingsOutputs } from "../../provider/dynamic/resources/organization-settings.ts";
import type { SamlProviderArgs, SamlProviderOutputs } from "../../provider/dynamic/resources/saml-provider.ts";
import type { SiteArgs, SiteOutputs } from "../../provider/dynamic/resources/site.ts";
import type { SiteAdaptiveSchemaArgs, SiteAdaptiveSchemaOutputs } from "../../provider/dynamic/resources/site-adaptive-schema.ts";
import type { SiteCustomizationArgs, SiteCustomizationOutputs } from "../../provider/dynamic/resources/site-customization.ts";
import type { SiteSectionArgs, SiteSectionOutputs } from "../../provider/dynamic/resources/site-section.ts";
import type { SiteSectionGroupArgs, SiteSectionGroupOutputs } from "../../provider/dynamic/resources/site-section-group.ts";
import type { SiteSpaceArgs, SiteSpaceOutputs } from "../../provider/dynamic/resources/site-space.ts";
import type { SiteStructureArgs, SiteStructureOutputs } from "../../provider/dynamic/resources/site-structure.ts";
import type { SiteSpaceCustomizationArgs, SiteSpaceCustomizationOutputs } from "../../provider/dynamic/resources/site-space-customization.ts";
import type { SpaceArgs, SpaceOutputs } from "../../provider/dynamic/resources/space.ts";
import type { TeamArgs, TeamOutputs } from "../../provider/dynamic/resources/team.ts";
import type { TeamMemberArgs, TeamMemberOutputs } from "../../provider/dynamic/resources/team-member.ts";
import type { TranslationArgs, TranslationOutputs } from "../../provider/dynamic/resources/translation.ts";
import type * as before from "./fixtures/args-before.ts";
import type * as outputsBefore from "./fixtures/outputs-before.ts";

/** `true` when every value of `From` is a value of `To` (not distributed over unions). */
type Assignable<From, To> = [From] extends [To] ? true : false;

/** Customization arguments whose `styling` is a plain object without `tint` (see above). */
type WithoutTint<Args extends { styling?: unknown }> = Omit<Args, "styling"> & { styling?: Omit<Extract<Exclude<Args["styling"], undefined>, { tint?: unknown }>, "tint"> };

export const oldArgsStillCompile: Record<string, true> = {
  AgentInstructions: true satisfies Assignable<before.AgentInstructionsArgs, AgentInstructionsArgs>,
  Collection: true satisfies Assignable<before.CollectionArgs, CollectionArgs>,
  OpenApiSpec: true satisfies Assignable<before.OpenApiSpecArgs, OpenApiSpecArgs>,
  OrganizationMember: true satisfies Assignable<before.OrganizationMemberArgs, OrganizationMemberArgs>,
  OrganizationSettings: true satisfies Assignable<Omit<before.OrganizationSettingsArgs, "mergeRules">, Omit<OrganizationSettingsArgs, "mergeRules">>,
  SamlProvider: true satisfies Assignable<before.SamlProviderArgs, SamlProviderArgs>,
  Site: true satisfies Assignable<before.SiteArgs, SiteArgs>,
  SiteAdaptiveSchema: true satisfies Assignable<before.SiteAdaptiveSchemaArgs, SiteAdaptiveSchemaArgs>,
  SiteCustomization: true satisfies Assignable<WithoutTint<before.SiteCustomizationArgs>, SiteCustomizationArgs>,
  SiteSection: true satisfies Assignable<before.SiteSectionArgs, SiteSectionArgs>,
  SiteSectionGroup: true satisfies Assignable<before.SiteSectionGroupArgs, SiteSectionGroupArgs>,
  SiteSpace: true satisfies Assignable<before.SiteSpaceArgs, SiteSpaceArgs>,
  SiteSpaceCustomization: true satisfies Assignable<WithoutTint<before.SiteSpaceCustomizationArgs>, SiteSpaceCustomizationArgs>,
  SiteStructure: true satisfies Assignable<before.SiteStructureArgs, SiteStructureArgs>,
  Space: true satisfies Assignable<before.SpaceArgs, SpaceArgs>,
  Team: true satisfies Assignable<before.TeamArgs, TeamArgs>,
  TeamMember: true satisfies Assignable<before.TeamMemberArgs, TeamMemberArgs>,
  Translation: true satisfies Assignable<before.TranslationArgs, TranslationArgs>,
};

/**
 * The other direction for outputs: each resource class's generated typed outputs are assignable to
 * the ones declared by hand before (fixtures/outputs-before.ts), so a program reading an output
 * (`site.publishedUrl.apply(...)`) still compiles.
 */
export const oldOutputReadsStillCompile: Record<string, true> = {
  AgentInstructions: true satisfies Assignable<AgentInstructionsOutputs, outputsBefore.AgentInstructionsOutputs>,
  Collection: true satisfies Assignable<CollectionOutputs, outputsBefore.CollectionOutputs>,
  OpenApiSpec: true satisfies Assignable<OpenApiSpecOutputs, outputsBefore.OpenApiSpecOutputs>,
  OrganizationMember: true satisfies Assignable<OrganizationMemberOutputs, outputsBefore.OrganizationMemberOutputs>,
  OrganizationSettings: true satisfies Assignable<OrganizationSettingsOutputs, outputsBefore.OrganizationSettingsOutputs>,
  SamlProvider: true satisfies Assignable<SamlProviderOutputs, outputsBefore.SamlProviderOutputs>,
  Site: true satisfies Assignable<SiteOutputs, outputsBefore.SiteOutputs>,
  SiteAdaptiveSchema: true satisfies Assignable<SiteAdaptiveSchemaOutputs, outputsBefore.SiteAdaptiveSchemaOutputs>,
  SiteCustomization: true satisfies Assignable<SiteCustomizationOutputs, outputsBefore.SiteCustomizationOutputs>,
  SiteSection: true satisfies Assignable<SiteSectionOutputs, outputsBefore.SiteSectionOutputs>,
  SiteSectionGroup: true satisfies Assignable<SiteSectionGroupOutputs, outputsBefore.SiteSectionGroupOutputs>,
  SiteSpace: true satisfies Assignable<SiteSpaceOutputs, outputsBefore.SiteSpaceOutputs>,
  SiteSpaceCustomization: true satisfies Assignable<SiteSpaceCustomizationOutputs, outputsBefore.SiteSpaceCustomizationOutputs>,
  SiteStructure: true satisfies Assignable<SiteStructureOutputs, outputsBefore.SiteStructureOutputs>,
  Space: true satisfies Assignable<SpaceOutputs, outputsBefore.SpaceOutputs>,
  Team: true satisfies Assignable<TeamOutputs, outputsBefore.TeamOutputs>,
  TeamMember: true satisfies Assignable<TeamMemberOutputs, outputsBefore.TeamMemberOutputs>,
  Translation: true satisfies Assignable<TranslationOutputs, outputsBefore.TranslationOutputs>,
};
