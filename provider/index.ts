/**
 * pulumi-docs-platform: Pulumi resources for the documentation platform's management API.
 *
 * @example
 * import * as docs from "pulumi-docs-platform";
 * const writers = new docs.Team("writers", { organizationId: "org-acme", title: "Writers", members: ["usr-1"] });
 */
export { Collection, type CollectionArgs } from "./resources/collection";
export { OpenApiSpec, type OpenApiSpecArgs, ProcessingError } from "./resources/open-api-spec";
export { OrganizationMember, type OrganizationMemberArgs } from "./resources/organization-member";
export { OrganizationSettings, type OrganizationSettingsArgs } from "./resources/organization-settings";
export { SamlProvider, type SamlProviderArgs } from "./resources/saml-provider";
export { Site, type SiteArgs } from "./resources/site";
export {
  SiteAdaptiveSchema,
  type SiteAdaptiveSchemaArgs,
  type AdaptiveJsonSchema,
  type BooleanClaim,
  type UnsignedClaims,
} from "./resources/site-adaptive-schema";
export {
  SiteCustomization,
  type SiteCustomizationArgs,
  type Customization,
  type ContentReference,
  type CustomizationLink,
  type HeaderLink,
  type ThemedColor,
  type ThemedImage,
} from "./resources/site-customization";
export { SiteSection, type SiteSectionArgs } from "./resources/site-section";
export { SiteSectionGroup, type SiteSectionGroupArgs } from "./resources/site-section-group";
export { SiteSpace, type SiteSpaceArgs } from "./resources/site-space";
export { SiteStructure, type SiteStructureArgs } from "./resources/site-structure";
export { SiteSpaceCustomization, type SiteSpaceCustomizationArgs } from "./resources/site-space-customization";
export { Space, type SpaceArgs } from "./resources/space";
export { Team, type TeamArgs } from "./resources/team";
export { TeamMember, type TeamMemberArgs, type TeamRole } from "./resources/team-member";
export { CONFIG_DEFAULTS, CONFIG_NAMESPACE, ConfigurationError } from "./runtime/config";
export type { Adopt } from "./runtime/adopt";
