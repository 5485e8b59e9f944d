/**
 * `export --snapshot <file>`: one organization's configuration plane as a version-stamped JSON
 * snapshot (docs/twin.md "The snapshot format"), read through the API, for the offline twin
 * (`docs-platform-emulator --seed <file>`). The provider's own reading of that page: the emulator
 * reads and writes the same format with code of its own.
 *
 * Never a token or a secret value: a SAML provider's certificate is replaced by a placeholder, an
 * OpenAPI spec's source URL has its credentials (`?token=...`) replaced, and both are listed under
 * `secrets`.
 */
import { urlCredential, withoutUrlCredentials } from "../../../client/redact";
import type { ApiStructureNode } from "../../../api/site-structure";
import type { JsonObject, OrganizationReader } from "../reader";
import { differences } from "../../../domain/customization-defaults";
import { normalizeOrganizationMergeRules } from "../../../domain/merge-rules";
import type { Json } from "../values";

export const SNAPSHOT_FORMAT = "docs-platform-snapshot";
export const SNAPSHOT_VERSION = 1;

type Bag = Record<string, unknown>;

/** Keeps the keys whose value is defined. */
function defined(bag: Bag): Bag {
  return Object.fromEntries(Object.entries(bag).filter(([, value]) => value !== undefined));
}

const placeholder = (path: string) => `<secret: ${path}>`;

export async function writeSnapshot(org: OrganizationReader, createdAt: string): Promise<Bag> {
  const [organization, members, teams, saml, collections, spaces, sites, specs, translations, instructions] = await Promise.all([
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
  const secrets: { path: string; placeholder: string }[] = [];
  const raw: Bag = { ...organization };
  return {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    createdAt,
    organization: defined({
      id: organization.id,
      title: organization.title,
      emailDomains: organization.emailDomains ?? [],
      hostname: organization.hostname,
      defaultRole: organization.defaultRole ?? null,
      defaultContent: organization.defaultContent,
      sso: raw.sso === true,
      ai: raw.ai === true,
      inviteLinks: raw.inviteLinks === true,
      // DESIGN.md 8: an organization's are none or rules; `inherit` (an earlier emulator's answer) is none.
      mergeRules: normalizeOrganizationMergeRules(organization.mergeRules) ?? { type: "none" },
    }),
    members: members
      .map((member) => {
        const bag: Bag = { ...member };
        return {
          id: member.id,
          email: member.user?.email ?? "",
          displayName: member.user?.displayName ?? member.id,
          role: member.role ?? null,
          disabled: bag.disabled === true,
          sso: bag.sso === true,
        };
      })
      .sort((a, b) => a.id.localeCompare(b.id)),
    teams: await Promise.all(
      teams.map(async (team) => ({
        id: team.id,
        title: team.title,
        members: (await org.teamMembers(team.id)).map((item) => ({ id: item.organization.id, role: item.team?.role ?? "member" })),
      })),
    ),
    samlProviders: saml.map((provider) => {
      const path = `samlProviders.${provider.id}.certificate`;
      if (provider.certificate !== undefined) secrets.push({ path, placeholder: placeholder(path) });
      return defined({
        id: provider.id,
        label: provider.label,
        entityID: provider.entityID,
        ssoURL: provider.ssoURL,
        certificate: provider.certificate !== undefined ? placeholder(path) : undefined,
        defaultTeam: provider.defaultTeam?.id ?? null,
        defaultRole: provider.defaultRole ?? null,
      });
    }),
    collections: collections.map((c) => defined({ id: c.id, title: c.title, description: c.description, parent: c.parent ?? null, defaultLevel: c.defaultLevel ?? null })),
    spaces: spaces.map((s) => {
      const bag: Bag = { ...s };
      return {
        id: s.id,
        title: s.title,
        emoji: s.emoji ?? "",
        visibility: typeof bag.visibility === "string" ? bag.visibility : "private",
        parent: s.parent ?? null,
        editMode: s.editMode ?? "live",
        defaultLevel: s.defaultLevel ?? null,
        language: s.language ?? null,
        mergeRules: s.mergeRules ?? { type: "inherit" },
      };
    }),
    sites: await Promise.all(sites.map((site) => siteSnapshot(org, site.id, { ...site }))),
    openApiSpecs: specs.map((spec) => {
      const sourceURL = spec.sourceURL ?? "";
      // A credential in the URL (`?token=...`) is a secret like any other: the twin never fetches the spec.
      if (urlCredential(sourceURL) === undefined) return { id: spec.id, slug: spec.slug, sourceURL, visibility: spec.visibility ?? "private" };
      // Still a URL (the twin checks it is one), its credential values replaced.
      const redacted = withoutUrlCredentials(sourceURL);
      secrets.push({ path: `openApiSpecs.${spec.id}.sourceURL`, placeholder: redacted });
      return { id: spec.id, slug: spec.slug, sourceURL: redacted, visibility: spec.visibility ?? "private" };
    }),
    translations: translations.map((t) => defined({ id: t.id, language: t.language, source: t.source ?? {}, instructions: t.instructions })),
    agentInstructions: instructions.instructions ?? null,
    secrets,
  };
}

/** Each structure node's rank among the items of its level (sections and groups alike), from 0. */
function positions(nodes: readonly ApiStructureNode[], into = new Map<string, number>()): Map<string, number> {
  nodes.forEach((node, index) => {
    into.set(node.id, index);
    if (node.children) positions(node.children, into);
  });
  return into;
}

async function siteSnapshot(org: OrganizationReader, siteId: string, site: Bag): Promise<Bag> {
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
    siteSpaces.map(async (item) => (differences(await org.siteSpaceCustomization(siteId, item.id), customization as Json) as JsonObject | undefined) ?? {}),
  );
  const defaultSection = sections.find((section) => section.default)?.id;
  return defined({
    id: siteId,
    title: site.title,
    type: site.type,
    visibility: site.visibility,
    published: site.published === true,
    basename: site.basename,
    proxy: typeof site.proxy === "string" ? site.proxy : undefined,
    adaptiveContent: site.adaptiveContent ?? { enabled: false },
    agentsContext: site.agentsContext,
    defaultSection,
    customization,
    adaptiveSchema: schema?.jsonSchema ?? null,
    sectionGroups: groups.map((g) => defined({ id: g.id, title: g.title, icon: g.icon, parent: g.sectionGroup, position: rank.get(g.id) ?? 0 })),
    sections: sections.map((s) =>
      defined({
        id: s.id,
        title: s.title,
        description: s.description,
        path: s.path ?? "",
        condition: s.condition ?? undefined,
        sectionGroup: s.sectionGroup,
        icon: s.icon,
        position: rank.get(s.id) ?? 0,
      }),
    ),
    siteSpaces: siteSpaces.map((item, index) =>
      defined({
        id: item.id,
        section: item.section ?? null,
        space: item.space?.id ?? "",
        path: item.path ?? "",
        condition: item.condition ?? undefined,
        default: item.default === true,
        position: ranks.get(item.id) ?? 0,
        customization: overrides[index],
      }),
    ),
  });
}
