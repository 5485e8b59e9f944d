/**
 * Reads one organization through the API for the exporter, each read named. The requester it is
 * given keeps every list and object for the whole command (SharedLists.readingOnce, failures kept),
 * so each is fetched once and shared by the kinds that need it (the sites list serves sites,
 * sections, structure, customization...), and a kind that cannot be read (a 403) fails the same
 * way for every kind that depends on it.
 */
import type { ApiRequester } from "../api/requester";
import type { Json } from "./values";
import { getAdaptiveSchema } from "../api/adaptive-schemas";
import { type ApiAgentInstructions, getAgentInstructionsOrThrow } from "../api/agent-instructions";
import { type ApiCollection, listCollections } from "../api/collections";
import { getSiteCustomizationOrThrow, getSiteSpaceCustomizationOrThrow } from "../api/customizations";
import { type ApiMember, listMembers } from "../api/members";
import { type ApiOpenApiSpec, listOpenApiSpecs } from "../api/openapi-specs";
import { type ApiOrganization, getOrganizationOrThrow } from "../api/organizations";
import { type ApiSamlProvider, listSamlProviders } from "../api/saml";
import { type ApiSectionGroup, listSectionGroups } from "../api/section-groups";
import { type ApiSiteSection, listSiteSections } from "../api/site-sections";
import { type ApiSiteSpace, listSiteSpaces } from "../api/site-spaces";
import { type ApiStructure, getSiteStructureOrThrow } from "../api/site-structure";
import { type ApiSite, listSites } from "../api/sites";
import { type ApiSpace, listSpaces } from "../api/spaces";
import { type ApiTeam, type ApiTeamMember, listTeamMembers, listTeams } from "../api/teams";
import { type ApiTranslation, listTranslations } from "../api/translations";

export type JsonObject = { [key: string]: Json };

export class OrganizationReader {
  readonly organizationId: string;
  readonly #api: ApiRequester;

  constructor(api: ApiRequester, organizationId: string) {
    this.#api = api;
    this.organizationId = organizationId;
  }

  organization(): Promise<ApiOrganization> {
    return getOrganizationOrThrow(this.#api, this.organizationId);
  }

  members(): Promise<ApiMember[]> {
    return listMembers(this.#api, this.organizationId);
  }

  teams(): Promise<ApiTeam[]> {
    return listTeams(this.#api, this.organizationId);
  }

  teamMembers(teamId: string): Promise<ApiTeamMember[]> {
    return listTeamMembers(this.#api, this.organizationId, teamId);
  }

  samlProviders(): Promise<ApiSamlProvider[]> {
    return listSamlProviders(this.#api, this.organizationId);
  }

  collections(): Promise<ApiCollection[]> {
    return listCollections(this.#api, this.organizationId);
  }

  /** The organization's spaces that are not deleted. */
  async spaces(): Promise<ApiSpace[]> {
    return (await listSpaces(this.#api, this.organizationId)).filter((space) => !space.deletedAt);
  }

  sites(): Promise<ApiSite[]> {
    return listSites(this.#api, this.organizationId);
  }

  sections(siteId: string): Promise<ApiSiteSection[]> {
    return listSiteSections(this.#api, this.organizationId, siteId);
  }

  sectionGroups(siteId: string): Promise<ApiSectionGroup[]> {
    return listSectionGroups(this.#api, this.organizationId, siteId);
  }

  siteSpaces(siteId: string): Promise<ApiSiteSpace[]> {
    return listSiteSpaces(this.#api, this.organizationId, siteId);
  }

  structure(siteId: string): Promise<ApiStructure> {
    return getSiteStructureOrThrow(this.#api, this.organizationId, siteId);
  }

  customization(siteId: string): Promise<JsonObject> {
    return getSiteCustomizationOrThrow(this.#api, this.organizationId, siteId) as Promise<JsonObject>;
  }

  /** The site space's effective customization: the site's with its override laid over it. */
  siteSpaceCustomization(siteId: string, siteSpaceId: string): Promise<JsonObject> {
    return getSiteSpaceCustomizationOrThrow(this.#api, this.organizationId, siteId, siteSpaceId) as Promise<JsonObject>;
  }

  adaptiveSchema(siteId: string): Promise<{ jsonSchema: JsonObject } | undefined> {
    // The schema is the API's JSON as it came: the exporter's JSON type describes it.
    return getAdaptiveSchema(this.#api, this.organizationId, siteId) as Promise<{ jsonSchema: JsonObject } | undefined>;
  }

  openApiSpecs(): Promise<ApiOpenApiSpec[]> {
    return listOpenApiSpecs(this.#api, this.organizationId);
  }

  translations(): Promise<ApiTranslation[]> {
    return listTranslations(this.#api, this.organizationId);
  }

  /** The organization's agent instructions: always there (an organization that never wrote one reads as the empty document). */
  agentInstructions(): Promise<ApiAgentInstructions> {
    return getAgentInstructionsOrThrow(this.#api, this.organizationId);
  }

  /**
   * The site's sections with the site space each one is declared with (`SiteSection.spaceId`):
   * its default site space, which is the one the API created with the section when it was made
   * the usual way (so a copy made from the export gets the same default).
   */
  async sectionsWithPrimary(siteId: string): Promise<{ section: ApiSiteSection; primary: ApiSiteSpace | undefined }[]> {
    const sections = await this.sections(siteId);
    return sections.map((section) => {
      const siteSpaces = section.siteSpaces ?? [];
      return { section, primary: siteSpaces.find((siteSpace) => siteSpace.default) ?? siteSpaces[0] };
    });
  }
}
