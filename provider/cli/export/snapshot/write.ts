/**
 * `export --snapshot <file>`: one organization's configuration plane as a version-stamped JSON
 * snapshot (docs/twin.md "The snapshot format"), read through the API, for the offline twin
 * (`docs-platform-emulator --seed <file>`). The provider's own reading of that page: the emulator
 * reads and writes the same format with code of its own.
 *
 * Each object's fields come from its kind's wire mapping (adapter/wire.ts): every declared input
 * is written under its API name (`readFrom`, by default its own), so a field declared later
 * reaches the snapshot with no line here. What the snapshot does not hold, or holds in another
 * form, is named in {@link SNAPSHOT_PLACES} with why (test/cli/export-snapshot.test.ts holds it
 * to the declarations).
 *
 * Never a token or a secret value: a declared secret input (a SAML provider's certificate) is
 * replaced by a placeholder, an OpenAPI spec's source URL has its credentials (`?token=...`)
 * replaced, and both are listed under `secrets`.
 */
import { factsOf } from "../../../adapter/fields";
import { wireMapping, type WireMapping } from "../../../adapter/wire";
import type { ApiStructureNode } from "../../../api/site-structure";
import { urlCredential, withoutUrlCredentials } from "../../../client/redact";
import { differences } from "../../../domain/customization-defaults";
import { normalizeOrganizationMergeRules } from "../../../domain/merge-rules";
import type { State } from "../../../adapter/resource";
import type { ApiSite } from "../../../api/sites";
import { type AnyDefinition, KINDS } from "../../../resources/kinds";
import { fromApi as siteState } from "../../../resources/site";
import type { JsonObject, OrganizationReader } from "../../../walker/reader";
import type { Json } from "../../../walker/values";

export const SNAPSHOT_FORMAT = "docs-platform-snapshot";
export const SNAPSHOT_VERSION = 1;

type Bag = Record<string, unknown>;

/** Why the snapshot leaves out an input that names where an object is: the snapshot nests it there. */
const NESTED = "the snapshot is one organization's, and nests each object where it belongs";
/** Why the snapshot leaves out an input only the provider reads. */
const PROVIDER_ONLY = "what the provider does on a change or a delete: no object holds it";

/** Where one kind's objects are in the snapshot, and what of its declaration is written otherwise. */
export interface SnapshotPlace {
  /** The snapshot's key (`collections`; `sites[].sections` for a site's objects), as docs/twin.md names it. */
  readonly place: string;
  /**
   * Declared inputs the wire mapping does not write: left out, or written by hand in another form
   * (another request's answer, a whole object); each with why.
   */
  readonly otherwise?: Readonly<Record<string, string>>;
  /** Declared outputs the format holds (the server's other fields are no configuration). */
  readonly outputs?: readonly string[];
  /** A field the format names otherwise than the API, by its declared key (docs/twin.md). */
  readonly renamed?: Readonly<Record<string, string>>;
  /** What the format writes for an unset field it requires (null means unset). */
  readonly unset?: Readonly<Record<string, unknown>>;
}

/** Every kind's place in the snapshot, by kind (a test holds it to KINDS). */
export const SNAPSHOT_PLACES: Readonly<Record<string, SnapshotPlace>> = {
  OrganizationSettings: {
    place: "organization",
    unset: {
      emailDomains: [],
      defaultRole: null,
      sso: false,
      ai: false,
      inviteLinks: false,
      mergeRules: { type: "none" },
    },
  },
  OrganizationMember: {
    place: "members",
    otherwise: { organizationId: NESTED, removeOnDestroy: PROVIDER_ONLY },
    outputs: ["disabled", "sso"],
    unset: { email: "", role: null, disabled: false, sso: false },
  },
  Team: {
    place: "teams",
    otherwise: {
      organizationId: NESTED,
      members: "written by hand: each member with its role in the team, from the team's member list (TeamMember's too)",
    },
  },
  TeamMember: {
    place: "teams[].members",
    otherwise: {
      organizationId: NESTED,
      teamId: NESTED,
      userId: "written by hand: a team member's `id`",
      email: "the member's, in `members`",
      role: "written by hand: a team member's `role`",
    },
  },
  SamlProvider: {
    place: "samlProviders",
    otherwise: { organizationId: NESTED },
    unset: { defaultTeam: null, defaultRole: null },
  },
  Collection: {
    place: "collections",
    otherwise: { organizationId: NESTED },
    unset: { parent: null, defaultLevel: null },
  },
  Space: {
    place: "spaces",
    otherwise: { organizationId: NESTED },
    outputs: ["visibility"],
    unset: {
      emoji: "",
      visibility: "private",
      parent: null,
      editMode: "live",
      defaultLevel: null,
      language: null,
      mergeRules: { type: "inherit" },
    },
  },
  Translation: {
    place: "translations",
    otherwise: { organizationId: NESTED, runTrigger: PROVIDER_ONLY },
    unset: { source: {} },
  },
  AgentInstructions: {
    place: "agentInstructions",
    otherwise: {
      organizationId: NESTED,
      instructions: "written by hand: the document is `agentInstructions` itself",
      clearOnDestroy: PROVIDER_ONLY,
    },
  },
  Site: {
    place: "sites",
    otherwise: {
      organizationId: NESTED,
      spaces: "the site's site spaces, `siteSpaces`",
      defaultSiteSpace: "the site space marked `default` in `siteSpaces`",
      defaultSiteSection: "written by hand: `defaultSection`, the section marked default",
    },
    unset: { published: false, adaptiveContent: { enabled: false } },
  },
  SiteSectionGroup: {
    place: "sites[].sectionGroups",
    otherwise: { organizationId: NESTED, siteId: NESTED },
    renamed: { parentSectionGroupId: "parent" },
  },
  SiteSection: {
    place: "sites[].sections",
    otherwise: {
      organizationId: NESTED,
      siteId: NESTED,
      spaceId: "the section's site spaces, in `siteSpaces`",
      defaultSiteSpace: "the section's site space marked `default` in `siteSpaces`",
    },
    unset: { path: "" },
  },
  SiteSpace: {
    place: "sites[].siteSpaces",
    otherwise: { organizationId: NESTED, siteId: NESTED },
    unset: { section: null, space: "", path: "" },
  },
  SiteStructure: {
    place: "sites[]",
    otherwise: {
      organizationId: NESTED,
      siteId: NESTED,
      root: "written by hand: each section's, group's and site space's `position`",
      groups: "written by hand: each section's, group's and site space's `position`",
      sections: "written by hand: each section's, group's and site space's `position`",
    },
  },
  SiteCustomization: { place: "sites[].customization", otherwise: { organizationId: NESTED, siteId: NESTED } },
  SiteSpaceCustomization: {
    place: "sites[].siteSpaces[].customization",
    otherwise: { organizationId: NESTED, siteId: NESTED, siteSpaceId: NESTED },
  },
  SiteAdaptiveSchema: {
    place: "sites[].adaptiveSchema",
    otherwise: {
      organizationId: NESTED,
      siteId: NESTED,
      jsonSchema: "written by hand: the schema is `adaptiveSchema` itself",
    },
  },
  OpenApiSpec: {
    place: "openApiSpecs",
    otherwise: {
      organizationId: NESTED,
      source: "written by hand: `sourceURL`, its credentials replaced",
      waitForProcessing: PROVIDER_ONLY,
    },
    unset: { visibility: "private" },
  },
};

/** The kinds whose objects the snapshot holds whole, as the API answers them (every field, declared or not). */
export const WRITTEN_WHOLE: ReadonlySet<string> = new Set(["SiteCustomization", "SiteSpaceCustomization"]);

/**
 * The state of an API object where its kind reads more than its wire mapping says (each kind's
 * own reason): a site's proxy as the input spells it, whatever form the API answers.
 */
const STATE_OF: Readonly<Record<string, (apiObject: object) => State>> = {
  Site: (site) => siteState("", site as ApiSite),
};

/** The name the snapshot gives a declared field: the API's, where the API object holds it at its top level or as an object's id. */
function snapshotName(definition: AnyDefinition, key: string, place: SnapshotPlace): string {
  const renamed = place.renamed?.[key];
  if (renamed) return renamed;
  const readFrom = factsOf((definition.schema.shape as Record<string, unknown>)[key]).readFrom;
  if (readFrom === undefined) return key;
  if (!readFrom.includes(".")) return readFrom;
  return readFrom.endsWith(".id") && readFrom.split(".").length === 2 ? readFrom.slice(0, -".id".length) : key;
}

interface Written {
  readonly definition: AnyDefinition;
  readonly place: SnapshotPlace;
  readonly wire: WireMapping;
  /** Declared key -> snapshot name, in the declaration's order. */
  readonly fields: ReadonlyArray<readonly [string, string]>;
  readonly secret: ReadonlySet<string>;
}

// A kind without a place is written nowhere (test/cli/export-snapshot.test.ts fails for it).
const written = new Map<string, Written>(
  KINDS.filter((definition) => definition.kind in SNAPSHOT_PLACES).map((definition) => {
    const place = SNAPSHOT_PLACES[definition.kind];
    const inputs = Object.keys(definition.schema.shape).filter(
      (key) => key !== "adopt" && !(key in (place.otherwise ?? {})),
    );
    const fields = [...inputs, ...(place.outputs ?? [])].map(
      (key) => [key, snapshotName(definition, key, place)] as const,
    );
    return [
      definition.kind,
      {
        definition,
        place,
        wire: wireMapping(definition.schema, definition.outputs),
        fields,
        secret: new Set(definition.secretInputKeys ?? []),
      },
    ];
  }),
);

/** The declared fields the wire mapping writes for `kind`: each declared key with its name in the snapshot. */
export function writtenFields(kind: string): ReadonlyArray<readonly [string, string]> {
  return written.get(kind)!.fields;
}

/** Where the secrets of one object were, and their placeholders. */
export type Secrets = { path: string; placeholder: string }[];

const placeholder = (path: string) => `<secret: ${path}>`;

/**
 * The fields of `kind`'s API object the snapshot holds, from the kind's wire mapping: each
 * declared input (and each output the format holds) under its snapshot name; unset ones as the
 * format writes them, or left out. A secret input's value is replaced by a placeholder, listed in
 * `secrets` as `<place>.<id>.<name>`.
 */
export function declaredFields(kind: string, apiObject: object, secrets: Secrets): Bag {
  const { place, wire, fields, secret } = written.get(kind)!;
  const state = STATE_OF[kind]?.(apiObject) ?? wire.fromApi(apiObject);
  const bag: Bag = {};
  for (const [key, name] of fields) {
    const value = state[key] ?? place.unset?.[name];
    if (value === undefined || value === null) {
      if (value === null) bag[name] = null;
      continue;
    }
    if (secret.has(key)) {
      const path = `${place.place}.${(apiObject as { id?: string }).id}.${name}`;
      secrets.push({ path, placeholder: placeholder(path) });
      bag[name] = placeholder(path);
    } else bag[name] = value;
  }
  return bag;
}

export async function writeSnapshot(org: OrganizationReader, createdAt: string): Promise<Bag> {
  const [organization, members, teams, saml, collections, spaces, sites, specs, translations, instructions] =
    await Promise.all([
      org.organization(),
      org.members(),
      org.teams(),
      org.samlProviders(),
      org.collections(),
      org.spaces(),
      org.sites(),
      org.openApiSpecs(),
      org.translations(),
      org.agentInstructions(),
    ]);
  const secrets: Secrets = [];
  const settings = declaredFields("OrganizationSettings", organization, secrets);
  // An earlier emulator answered the User object.
  const updatedBy =
    typeof instructions.updatedBy === "object" && instructions.updatedBy !== null
      ? instructions.updatedBy.id
      : instructions.updatedBy;
  return {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    createdAt,
    organization: {
      ...settings,
      // DESIGN.md 8: an organization's are none or rules; `inherit` (an earlier emulator's answer) is none.
      mergeRules: normalizeOrganizationMergeRules(organization.mergeRules) ?? { type: "none" },
    },
    members: members
      .toSorted((a, b) => a.id.localeCompare(b.id))
      .map((member) => ({
        ...declaredFields("OrganizationMember", member, secrets),
        displayName: member.user?.displayName ?? member.id,
      })),
    teams: await Promise.all(
      teams.map(async (team) => ({
        id: team.id,
        ...declaredFields("Team", team, secrets),
        members: (await org.teamMembers(team.id)).map((item) => ({
          id: item.organization.id,
          role: item.team?.role ?? "member",
        })),
      })),
    ),
    samlProviders: saml.map((provider) => ({ id: provider.id, ...declaredFields("SamlProvider", provider, secrets) })),
    collections: collections.map((collection) => ({
      id: collection.id,
      ...declaredFields("Collection", collection, secrets),
    })),
    spaces: spaces.map((space) => ({ id: space.id, ...declaredFields("Space", space, secrets) })),
    sites: await Promise.all(
      sites.map(async (site) => ({
        id: site.id,
        ...declaredFields("Site", site, secrets),
        ...(await siteObjects(org, site.id, secrets)),
      })),
    ),
    openApiSpecs: specs.map((spec) => ({
      id: spec.id,
      ...declaredFields("OpenApiSpec", spec, secrets),
      sourceURL: specSource(spec.id, spec.sourceURL ?? "", secrets),
    })),
    translations: translations.map((translation) => ({
      id: translation.id,
      ...declaredFields("Translation", translation, secrets),
    })),
    agentInstructions: instructions.instructions ?? null,
    // The member who wrote them last (DESIGN.md 8), while a member: a twin names its admin otherwise.
    ...(members.some((member) => member.id === updatedBy) ? { agentInstructionsUpdatedBy: updatedBy } : {}),
    secrets,
  };
}

/** An OpenAPI spec's source URL: a credential in it (`?token=...`) is a secret like any other, the twin never fetches the spec. */
function specSource(id: string, sourceURL: string, secrets: Secrets): string {
  if (urlCredential(sourceURL) === undefined) return sourceURL;
  // Still a URL (the twin checks it is one), its credential values replaced.
  const redacted = withoutUrlCredentials(sourceURL);
  secrets.push({ path: `openApiSpecs.${id}.sourceURL`, placeholder: redacted });
  return redacted;
}

/** Each structure node's rank among the items of its level (sections and groups alike), from 0. */
function positions(nodes: readonly ApiStructureNode[], into = new Map<string, number>()): Map<string, number> {
  nodes.forEach((node, index) => {
    into.set(node.id, index);
    if (node.children) positions(node.children, into);
  });
  return into;
}

/** What a site holds beside its own fields: its customization, adaptive schema, and tree with each item's position. */
async function siteObjects(org: OrganizationReader, siteId: string, secrets: Secrets): Promise<Bag> {
  const [sections, groups, siteSpaces, structure, customization, schema] = await Promise.all([
    org.sections(siteId),
    org.sectionGroups(siteId),
    org.siteSpaces(siteId),
    org.structure(siteId),
    org.customization(siteId),
    org.adaptiveSchema(siteId),
  ]);
  const rank = structure.type === "sections" ? positions(structure.structure) : new Map<string, number>();
  const ranks = new Map<string, number>();
  const perContainer = new Map<string, number>();
  for (const item of siteSpaces) {
    const container = item.section ?? "";
    const next = perContainer.get(container) ?? 0;
    ranks.set(item.id, next);
    perContainer.set(container, next + 1);
  }
  const overrides = await Promise.all(
    siteSpaces.map(
      async (item) =>
        (differences(await org.siteSpaceCustomization(siteId, item.id), customization as Json) as
          JsonObject | undefined) ?? {},
    ),
  );
  const defaultSection = sections.find((section) => section.default)?.id;
  return {
    ...(defaultSection !== undefined ? { defaultSection } : {}),
    customization,
    adaptiveSchema: schema?.jsonSchema ?? null,
    sectionGroups: groups.map((group) => ({
      id: group.id,
      ...declaredFields("SiteSectionGroup", group, secrets),
      position: rank.get(group.id) ?? 0,
    })),
    sections: sections.map((section) => ({
      id: section.id,
      ...declaredFields("SiteSection", section, secrets),
      position: rank.get(section.id) ?? 0,
    })),
    siteSpaces: siteSpaces.map((item, index) => ({
      id: item.id,
      ...declaredFields("SiteSpace", item, secrets),
      default: item.default === true,
      position: ranks.get(item.id) ?? 0,
      customization: overrides[index],
    })),
  };
}
