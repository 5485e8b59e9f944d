/**
 * Reads one organization through the API for the exporter. Every list is fetched once and shared
 * by the kinds that need it (the sites list serves sites, sections, structure, customization...),
 * so a kind that cannot be read (a 403) fails the same way for every kind that depends on it.
 */
import { isNotFoundError } from "../../client";
import type { ApiRequester, PathSegments, QueryParameters } from "../../api/requester";
import type { ApiMergeRules } from "../../domain/merge-rules";
import type { Role } from "../../domain/roles";
import type { Json } from "./values";

export interface ApiOrganization {
  id: string;
  title: string;
  emailDomains?: string[];
  hostname?: string;
  defaultRole?: Role | null;
  defaultContent?: { type: "site"; site: string } | null;
  sso?: boolean;
  ai?: boolean;
  inviteLinks?: boolean;
  mergeRules?: ApiMergeRules;
  urls?: { logo?: string };
}

export interface ApiUser {
  id: string;
  email?: string;
  displayName?: string;
}

export interface ApiMember {
  id: string;
  role?: Role | null;
  user?: ApiUser;
}

export interface ApiTeam {
  id: string;
  title: string;
}

export interface ApiTeamMember {
  organization: ApiMember;
  /** The member's role in the team: `owner` or `member`. */
  team?: { role?: string };
}

export interface ApiSamlProvider {
  id: string;
  label: string;
  entityID?: string;
  certificate?: string;
  ssoURL?: string;
  defaultTeam?: { id: string } | null;
  defaultRole?: Role | null;
}

export interface ApiCollection {
  id: string;
  title: string;
  description?: string;
  parent?: string | null;
  defaultLevel?: Role | null;
}

export interface ApiSpace {
  id: string;
  title: string;
  emoji?: string;
  parent?: string | null;
  language?: string | null;
  editMode?: "live" | "locked";
  defaultLevel?: Role | null;
  mergeRules?: ApiMergeRules;
  deletedAt?: string;
}

export interface ApiSite {
  id: string;
  title: string;
  type?: string;
  visibility?: string;
  published?: boolean;
  basename?: string;
  proxy?: { origin?: string } | string | null;
  adaptiveContent?: { enabled: boolean };
  agentsContext?: string;
}

export interface ApiSiteSpace {
  id: string;
  path?: string;
  section?: string | null;
  space?: { id: string; title?: string };
  title?: string;
  default?: boolean;
  condition?: string | null;
  hidden?: boolean;
}

export interface ApiSection {
  id: string;
  title: string;
  description?: string;
  default?: boolean;
  path?: string;
  condition?: string | null;
  sectionGroup?: string;
  icon?: string;
  siteSpaces?: ApiSiteSpace[];
}

export interface ApiSectionGroup {
  id: string;
  title: string;
  icon?: string;
  sectionGroup?: string;
}

export interface ApiStructureNode {
  object: "site-section" | "site-section-group" | "site-space";
  id: string;
  children?: ApiStructureNode[];
  siteSpaces?: { id: string }[];
}

export interface ApiStructure {
  type: "sections" | "siteSpaces";
  structure: ApiStructureNode[];
}

export interface ApiOpenApiSpec {
  id: string;
  slug: string;
  sourceURL?: string;
  visibility?: string;
}

export interface ApiTranslation {
  id: string;
  language: string;
  source?: { space?: string; language?: string };
  instructions?: JsonObject;
}

export interface ApiAgentInstructions {
  instructions: JsonObject & { nodes?: Json[] };
}

export type JsonObject = { [key: string]: Json };

const orgPath = (organizationId: string, ...rest: string[]) => ["orgs", organizationId, ...rest];
const sitePath = (organizationId: string, siteId: string, ...rest: string[]) => orgPath(organizationId, "sites", siteId, ...rest);

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

  #list<T>(path: PathSegments, query?: QueryParameters): Promise<T[]> {
    return this.#once(`list ${path.join("/")} ${JSON.stringify(query ?? {})}`, async () => {
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
    return this.#get(orgPath(this.organizationId));
  }

  members(): Promise<ApiMember[]> {
    return this.#list(orgPath(this.organizationId, "members"));
  }

  teams(): Promise<ApiTeam[]> {
    return this.#list(orgPath(this.organizationId, "teams"));
  }

  teamMembers(teamId: string): Promise<ApiTeamMember[]> {
    return this.#list(orgPath(this.organizationId, "teams", teamId, "members"));
  }

  samlProviders(): Promise<ApiSamlProvider[]> {
    return this.#list(orgPath(this.organizationId, "saml"));
  }

  collections(): Promise<ApiCollection[]> {
    return this.#list(orgPath(this.organizationId, "collections"), { nested: true });
  }

  /** The organization's spaces that are not deleted. */
  async spaces(): Promise<ApiSpace[]> {
    return (await this.#list<ApiSpace>(orgPath(this.organizationId, "spaces"))).filter((space) => !space.deletedAt);
  }

  sites(): Promise<ApiSite[]> {
    return this.#list(orgPath(this.organizationId, "sites"));
  }

  sections(siteId: string): Promise<ApiSection[]> {
    return this.#list(sitePath(this.organizationId, siteId, "sections"));
  }

  sectionGroups(siteId: string): Promise<ApiSectionGroup[]> {
    return this.#list(sitePath(this.organizationId, siteId, "section-groups"));
  }

  siteSpaces(siteId: string): Promise<ApiSiteSpace[]> {
    return this.#list(sitePath(this.organizationId, siteId, "site-spaces"));
  }

  structure(siteId: string): Promise<ApiStructure> {
    return this.#get(sitePath(this.organizationId, siteId, "structure"));
  }

  customization(siteId: string): Promise<JsonObject> {
    return this.#get(sitePath(this.organizationId, siteId, "customization"));
  }

  /** The site space's effective customization: the site's with its override laid over it. */
  siteSpaceCustomization(siteId: string, siteSpaceId: string): Promise<JsonObject> {
    return this.#get(sitePath(this.organizationId, siteId, "site-spaces", siteSpaceId, "customization"));
  }

  adaptiveSchema(siteId: string): Promise<{ jsonSchema: JsonObject } | undefined> {
    return this.#getOptional(sitePath(this.organizationId, siteId, "adaptive-schema"));
  }

  openApiSpecs(): Promise<ApiOpenApiSpec[]> {
    return this.#list(orgPath(this.organizationId, "openapi"));
  }

  translations(): Promise<ApiTranslation[]> {
    return this.#list(orgPath(this.organizationId, "translations"));
  }

  /** The organization's agent instructions: always there (an organization that never wrote one reads as the empty document). */
  agentInstructions(): Promise<ApiAgentInstructions> {
    return this.#get(orgPath(this.organizationId, "agent-instructions"));
  }

  /**
   * The site's sections with the site space each one is declared with (`SiteSection.spaceId`):
   * its default site space, which is the one the API created with the section when it was made
   * the usual way (so a copy made from the export gets the same default).
   */
  async sectionsWithPrimary(siteId: string): Promise<{ section: ApiSection; primary: ApiSiteSpace | undefined }[]> {
    const sections = await this.sections(siteId);
    return sections.map((section) => {
      const siteSpaces = section.siteSpaces ?? [];
      return { section, primary: siteSpaces.find((siteSpace) => siteSpace.default) ?? siteSpaces[0] };
    });
  }
}
