/**
 * Reads one organization through the API for the exporter. Every list is fetched once and shared
 * by the kinds that need it (the sites list serves sites, sections, structure, customization...),
 * so a kind that cannot be read (a 403) fails the same way for every kind that depends on it.
 */
import { isNotFoundError } from "../../client";
import type { ApiRequester, PathSegments, QueryParameters } from "../../api/requester";
import type { SharedLists } from "../../api/shared-lists";
import type { Json } from "./values";
import { adaptiveSchemaPath } from "../../api/adaptive-schemas";
import { type ApiAgentInstructions, agentInstructionsPath } from "../../api/agent-instructions";
import { type ApiCollection, organizationCollectionsPath } from "../../api/collections";
import { siteCustomizationPath, siteSpaceCustomizationPath } from "../../api/customizations";
import { type ApiMember, membersPath } from "../../api/members";
import { type ApiOpenApiSpec, openApiSpecsPath } from "../../api/openapi-specs";
import { type ApiOrganization, organizationPath } from "../../api/organizations";
import { type ApiSamlProvider, samlProvidersPath } from "../../api/saml";
import { type ApiSectionGroup, sectionGroupsPath } from "../../api/section-groups";
import { type ApiSiteSection, siteSectionsPath } from "../../api/site-sections";
import { type ApiSiteSpace, siteSpacesPath } from "../../api/site-spaces";
import { type ApiStructure, siteStructurePath } from "../../api/site-structure";
import { type ApiSite, sitesPath } from "../../api/sites";
import { type ApiSpace, organizationSpacesPath } from "../../api/spaces";
import { type ApiTeam, type ApiTeamMember, teamMembersPath, teamsPath } from "../../api/teams";
import { type ApiTranslation, translationsPath } from "../../api/translations";

export type JsonObject = { [key: string]: Json };

export class OrganizationReader {
  readonly organizationId: string;
  readonly #api: ApiRequester;
  readonly #cache = new Map<string, Promise<unknown>>();
  readonly #lists: SharedLists | undefined;

  /**
   * `lists`: the lists the kinds' import path reads through (export.ts), so a list both read is
   * fetched once for the whole export.
   */
  constructor(api: ApiRequester, organizationId: string, lists?: SharedLists) {
    this.#api = api;
    this.organizationId = organizationId;
    this.#lists = lists;
  }

  #once<T>(key: string, load: () => Promise<T>): Promise<T> {
    let pending = this.#cache.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = load();
      this.#cache.set(key, pending);
    }
    return pending;
  }

  #list<T>(path: PathSegments, query?: QueryParameters): Promise<T[]> {
    return this.#once(`list ${path.join("/")} ${JSON.stringify(query ?? {})}`, async () => {
      const shared = await this.#lists?.all<T>(path, query);
      if (shared) return [...shared];
      // No shared lists, or the list answered 404: read it here, so a 404 fails as the API's error.
      const items: T[] = [];
      for await (const item of this.#api.paginate<T>(path, query)) items.push(item);
      return items;
    });
  }

  #get<T>(path: PathSegments): Promise<T> {
    return this.#once(`get ${path.join("/")}`, () => this.#api.request<T>("GET", path));
  }

  /** A GET whose 404 means "there is none" (an adaptive schema never set). */
  #getOptional<T>(path: PathSegments): Promise<T | undefined> {
    return this.#once(`get? ${path.join("/")}`, async () => {
      try {
        return await this.#api.request<T>("GET", path);
      } catch (error) {
        if (isNotFoundError(error)) return undefined;
        throw error;
      }
    });
  }

  organization(): Promise<ApiOrganization> {
    return this.#get(organizationPath(this.organizationId));
  }

  members(): Promise<ApiMember[]> {
    return this.#list(membersPath(this.organizationId));
  }

  teams(): Promise<ApiTeam[]> {
    return this.#list(teamsPath(this.organizationId));
  }

  teamMembers(teamId: string): Promise<ApiTeamMember[]> {
    return this.#list(teamMembersPath(this.organizationId, teamId));
  }

  samlProviders(): Promise<ApiSamlProvider[]> {
    return this.#list(samlProvidersPath(this.organizationId));
  }

  collections(): Promise<ApiCollection[]> {
    return this.#list(organizationCollectionsPath(this.organizationId), { nested: true });
  }

  /** The organization's spaces that are not deleted. */
  async spaces(): Promise<ApiSpace[]> {
    return (await this.#list<ApiSpace>(organizationSpacesPath(this.organizationId))).filter((space) => !space.deletedAt);
  }

  sites(): Promise<ApiSite[]> {
    return this.#list(sitesPath(this.organizationId));
  }

  sections(siteId: string): Promise<ApiSiteSection[]> {
    return this.#list(siteSectionsPath(this.organizationId, siteId));
  }

  sectionGroups(siteId: string): Promise<ApiSectionGroup[]> {
    return this.#list(sectionGroupsPath(this.organizationId, siteId));
  }

  siteSpaces(siteId: string): Promise<ApiSiteSpace[]> {
    return this.#list(siteSpacesPath(this.organizationId, siteId));
  }

  structure(siteId: string): Promise<ApiStructure> {
    return this.#get(siteStructurePath(this.organizationId, siteId));
  }

  customization(siteId: string): Promise<JsonObject> {
    return this.#get(siteCustomizationPath(this.organizationId, siteId));
  }

  /** The site space's effective customization: the site's with its override laid over it. */
  siteSpaceCustomization(siteId: string, siteSpaceId: string): Promise<JsonObject> {
    return this.#get(siteSpaceCustomizationPath(this.organizationId, siteId, siteSpaceId));
  }

  adaptiveSchema(siteId: string): Promise<{ jsonSchema: JsonObject } | undefined> {
    return this.#getOptional(adaptiveSchemaPath(this.organizationId, siteId));
  }

  openApiSpecs(): Promise<ApiOpenApiSpec[]> {
    return this.#list(openApiSpecsPath(this.organizationId));
  }

  translations(): Promise<ApiTranslation[]> {
    return this.#list(translationsPath(this.organizationId));
  }

  /** The organization's agent instructions: always there (an organization that never wrote one reads as the empty document). */
  agentInstructions(): Promise<ApiAgentInstructions> {
    return this.#get(agentInstructionsPath(this.organizationId));
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
