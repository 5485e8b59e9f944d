/**
 * pulumi-docs-platform: Pulumi resources for the documentation platform's management API.
 *
 * @example
 * import * as docs from "pulumi-docs-platform";
 * const writers = new docs.Team("writers", { organizationId: "org-acme", title: "Writers", members: ["usr-1"] });
 *
 * @example
 * // With `pulumi config set docs-platform:organizationId org-acme`, resources and lookups take
 * // that organization unless given their own, and lookups find existing objects by name:
 * const eli = docs.getMemberOutput({ email: "eli@acme.test" });
 * const guides = docs.getSpaceOutput({ title: "Guides" });
 * new docs.Team("writers", { title: "Writers", members: [eli.id] });
 * new docs.Site("portal", { title: "Portal", spaces: [guides.id] });
 */
// First: on an older Node.js, one line naming the versions instead of a TypeError inside undici.
import "./runtime/node-version";
export { AgentInstructions } from "./resources/agent-instructions";
export { Collection } from "./resources/collection";
export { OpenApiSpec, ProcessingError } from "./resources/open-api-spec";
export { OrganizationMember } from "./resources/organization-member";
export { OrganizationSettings } from "./resources/organization-settings";
export { SamlProvider } from "./resources/saml-provider";
export { Site } from "./resources/site";
export {
  SiteAdaptiveSchema,
  type AdaptiveJsonSchema,
  type BooleanClaim,
  type UnsignedClaims,
} from "./resources/site-adaptive-schema";
export {
  SiteCustomization,
  type Customization,
  type ContentReference,
  type CustomizationLink,
  type HeaderLink,
  type ThemedColor,
  type ThemedImage,
} from "./resources/site-customization";
export { SiteSection } from "./resources/site-section";
export { SiteSectionGroup } from "./resources/site-section-group";
export { SiteSpace } from "./resources/site-space";
export { SiteStructure } from "./resources/site-structure";
export { SiteSpaceCustomization } from "./resources/site-space-customization";
export { Space } from "./resources/space";
export { Team } from "./resources/team";
export { TeamMember, type TeamRole } from "./resources/team-member";
export {
  Translation,
  type TranslationResult,
  type TranslationSource,
  type TranslationStats,
} from "./resources/translation";
export type { Document, DocumentBlock, DocumentNode } from "./api/document";
export { EMPTY_DOCUMENT } from "./domain/document";

/**
 * Lookups (provider/lookups/): find existing objects by name in the program's own process, with
 * the stack's `docs-platform:apiUrl` and secret `docs-platform:token`, in the stack's organization
 * unless given `organizationId`. Each returns a Promise; its `...Output` form takes and returns
 * Outputs. Nothing or several matching is a {@link LookupError} naming the lookup and the criteria.
 *
 * @example
 * const products = await docs.getCollection({ title: "Products" });          // top level
 * const guides = await docs.getSpace({ title: "Guides", parent: products.id }); // in that collection
 * const writers = await docs.getTeam({ title: "Writers" });
 * const portal = await docs.getSite({ title: "Developer portal" });
 * const eli = await docs.getMember({ email: "eli@acme.test" });
 * const admins = await docs.getMembers({ role: "admin" });
 * const everySpace = await docs.getSpaces();
 * const organization = await docs.getOrganization();
 */
export * from "./lookups/index";
export { CONFIG_DEFAULTS, CONFIG_NAMESPACE, ConfigurationError } from "./config/provider-config";
export type { Adopt } from "./adapter/adopt";
// Every kind's arguments, generated into the end of its file from its declaration (`npm run kinds`).
export type { AgentInstructionsArgs } from "./resources/agent-instructions";
export type { CollectionArgs } from "./resources/collection";
export type { OpenApiSpecArgs } from "./resources/open-api-spec";
export type { OrganizationMemberArgs } from "./resources/organization-member";
export type { OrganizationSettingsArgs } from "./resources/organization-settings";
export type { SamlProviderArgs } from "./resources/saml-provider";
export type { SiteArgs } from "./resources/site";
export type { SiteAdaptiveSchemaArgs } from "./resources/site-adaptive-schema";
export type { SiteCustomizationArgs } from "./resources/site-customization";
export type { SiteSectionArgs } from "./resources/site-section";
export type { SiteSectionGroupArgs } from "./resources/site-section-group";
export type { SiteSpaceArgs } from "./resources/site-space";
export type { SiteStructureArgs } from "./resources/site-structure";
export type { SiteSpaceCustomizationArgs } from "./resources/site-space-customization";
export type { SpaceArgs } from "./resources/space";
export type { TeamArgs } from "./resources/team";
export type { TeamMemberArgs } from "./resources/team-member";
export type { TranslationArgs } from "./resources/translation";
