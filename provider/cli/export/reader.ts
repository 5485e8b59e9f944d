/**
 * Reads one organization through the API for the exporter. Every list is fetched once and shared
 * by the kinds that need it (the sites list serves sites, sections, structure, customization...),
 * so a kind that cannot be read (a 403) fails the same way for every kind that depends on it.
 */
import type { ApiRequester } from "../../api/requester";
import type { Json } from "./values";
import { getAdaptiveSchema } from "../../api/adaptive-schemas";
import { type ApiAgentInstructions, getAgentInstructionsOrThrow } from "../../api/agent-instructions";
import { type ApiCollection, listCollections } from "../../api/collections";
import { getSiteCustomizationOrThrow, getSiteSpaceCustomizationOrThrow } from "../../api/customizations";
import { type ApiMember, listMembers } from "../../api/members";
import { type ApiOpenApiSpec, listOpenApiSpecs } from "../../api/openapi-specs";
import { type ApiOrganization, getOrganizationOrThrow } from "../../api/organizations";
import { type ApiSamlProvider, listSamlProviders } from "../../api/saml";
import { type ApiSectionGroup, listSectionGroups } from "../../api/section-groups";
import { type ApiSiteSection, listSiteSections } from "../../api/site-sections";
import { type ApiSiteSpace, listSiteSpaces } from "../../api/site-spaces";
import { type ApiStructure, getSiteStructureOrThrow } from "../../api/site-structure";
import { type ApiSite, listSites } from "../../api/sites";
import { type ApiSpace, listSpaces } from "../../api/spaces";
import { type ApiTeam, type ApiTeamMember, listTeamMembers, listTeams } from "../../api/teams";
import { type ApiTranslation, listTranslations } from "../../api/translations";

export type JsonObject = { [key: string]: Json };

export class OrganizationReader {
  readonly organizationId: string;
  readonly #api: ApiRequester;
  readonly #cache = new Map<string, Promise<unknown>>();

  constructor(api: ApiRequester, organizationId: string) {
    this.#api = api;
    this.organizationId = organizationId;
  }

  #once<T>(key: string, load: () => Promise<T>): Promise<T> {
    let pending = this.#cache.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = load();
      this.#cache.set(key, pending);
    }
    return pending;
  }

  /** A list the noun module reads (`what` names it), read once for every kind that needs it. */
  #list<T>(what: string, list: (api: ApiRequester, organizationId: string) => Promise<T[]>): Promise<T[]> {
    return this.#once(`list ${what}`, () => list(this.#api, this.organizationId));
  }

  /** An object the noun module reads (`what` names it; a 404 is an error), read once for every kind that needs it. */
  #get<T>(what: string, get: (api: ApiRequester, organizationId: string) => Promise<T>): Promise<T> {
    return this.#once(`get ${what}`, () => get(this.#api, this.organizationId));
  }

  organization(): Promise<ApiOrganization> {
    return this.#get("organization", getOrganizationOrThrow);
  }

  members(): Promise<ApiMember[]> {
    return this.#list("members", listMembers);
  }

  teams(): Promise<ApiTeam[]> {
    return this.#list("teams", listTeams);
  }

  teamMembers(teamId: string): Promise<ApiTeamMember[]> {
    return this.#list(`members of team ${teamId}`, (api, organizationId) => listTeamMembers(api, organizationId, teamId));
  }

  samlProviders(): Promise<ApiSamlProvider[]> {
    return this.#list("SAML providers", listSamlProviders);
  }

  collections(): Promise<ApiCollection[]> {
    return this.#list("collections", listCollections);
  }

  /** The organization's spaces that are not deleted. */
  async spaces(): Promise<ApiSpace[]> {
    return (await this.#list("spaces", listSpaces)).filter((space) => !space.deletedAt);
  }

  sites(): Promise<ApiSite[]> {
    return this.#list("sites", listSites);
  }

  sections(siteId: string): Promise<ApiSiteSection[]> {
    return this.#list(`sections of site ${siteId}`, (api, organizationId) => listSiteSections(api, organizationId, siteId));
  }

  sectionGroups(siteId: string): Promise<ApiSectionGroup[]> {
    return this.#list(`section groups of site ${siteId}`, (api, organizationId) => listSectionGroups(api, organizationId, siteId));
  }

  siteSpaces(siteId: string): Promise<ApiSiteSpace[]> {
    return this.#list(`site spaces of site ${siteId}`, (api, organizationId) => listSiteSpaces(api, organizationId, siteId));
  }

  structure(siteId: string): Promise<ApiStructure> {
    return this.#get(`structure of site ${siteId}`, (api, organizationId) => getSiteStructureOrThrow(api, organizationId, siteId));
  }

  customization(siteId: string): Promise<JsonObject> {
    return this.#get(`customization of site ${siteId}`, (api, organizationId) => getSiteCustomizationOrThrow(api, organizationId, siteId) as Promise<JsonObject>);
  }

  /** The site space's effective customization: the site's with its override laid over it. */
  siteSpaceCustomization(siteId: string, siteSpaceId: string): Promise<JsonObject> {
    return this.#get(`customization of site space ${siteSpaceId} of site ${siteId}`, (api, organizationId) => getSiteSpaceCustomizationOrThrow(api, organizationId, siteId, siteSpaceId) as Promise<JsonObject>);
  }

  adaptiveSchema(siteId: string): Promise<{ jsonSchema: JsonObject } | undefined> {
    // The schema is the API's JSON as it came: the exporter's JSON type describes it.
    return this.#once(`adaptive schema of site ${siteId}`, () => getAdaptiveSchema(this.#api, this.organizationId, siteId) as Promise<{ jsonSchema: JsonObject } | undefined>);
  }

  openApiSpecs(): Promise<ApiOpenApiSpec[]> {
    return this.#list("OpenAPI specs", listOpenApiSpecs);
  }

  translations(): Promise<ApiTranslation[]> {
    return this.#list("translations", listTranslations);
  }

  /** The organization's agent instructions: always there (an organization that never wrote one reads as the empty document). */
  agentInstructions(): Promise<ApiAgentInstructions> {
    return this.#get("agent instructions", getAgentInstructionsOrThrow);
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
