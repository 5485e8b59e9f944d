/**
 * The emulator's state as a snapshot (format.ts): one organization's configuration plane, read
 * from the store. `GET /_control/snapshot` and `--snapshot-on-exit` write it; `--seed` and
 * `PUT /_control/snapshot` read it back.
 */
import { orgMergeRules } from "../routes/organizations.ts";
import type {
  AdaptiveSchemaDoc,
  AgentInstructionsDoc,
  CollectionDoc,
  MemberDoc,
  OrgDoc,
  SamlDoc,
  SectionDoc,
  SectionGroupDoc,
  SiteDoc,
  SiteSpaceDoc,
  SpaceDoc,
  SpecDoc,
  TeamDoc,
  TranslationDoc,
  UserDoc,
} from "../model.ts";
import { storedSiteCustomization, storedSiteSpaceOverride } from "../routes/customization.ts";
import type { Store } from "../storage.ts";
import { SNAPSHOT_FORMAT, SNAPSHOT_VERSION, type Snapshot, type SnapshotSite } from "./format.ts";

const byPos = <T extends { pos: number; seq: number }>(items: T[]): T[] =>
  items.sort((a, b) => a.pos - b.pos || a.seq - b.seq);

/** Where a secret was; its value is never written. */
const SECRET_PLACEHOLDER = (path: string) => `<secret: ${path}>`;

export function snapshotOf(store: Store, organizationId: string, createdAt: string): Snapshot {
  const org = store.get<OrgDoc>("org", organizationId);
  if (!org) throw new Error(`no organization ${organizationId}`);
  const secrets: Snapshot["secrets"] = [];
  const members = store
    .list<MemberDoc>("member", org.id)
    .map((member) => {
      const user = store.get<UserDoc>("user", member.user);
      return {
        id: member.user,
        email: user?.email ?? "",
        displayName: user?.displayName ?? member.user,
        role: member.role,
        disabled: member.disabled,
        sso: member.sso,
      };
    })
    .sort((a, b) => a.id.localeCompare(b.id));
  const samlProviders = store.list<SamlDoc>("saml", org.id).map((saml) => {
    const path = `samlProviders.${saml.id}.certificate`;
    if (saml.certificate !== undefined) secrets.push({ path, placeholder: SECRET_PLACEHOLDER(path) });
    return {
      id: saml.id,
      label: saml.label,
      ...(saml.entityID !== undefined ? { entityID: saml.entityID } : {}),
      ...(saml.ssoURL !== undefined ? { ssoURL: saml.ssoURL } : {}),
      ...(saml.certificate !== undefined ? { certificate: SECRET_PLACEHOLDER(path) } : {}),
      defaultTeam: saml.defaultTeam ?? null,
      defaultRole: saml.defaultRole ?? null,
    };
  });
  const instructions = store.get<AgentInstructionsDoc>("agent-instructions", org.id);
  return {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    createdAt,
    organization: {
      id: org.id,
      title: org.title,
      emailDomains: org.emailDomains,
      ...(org.hostname !== undefined ? { hostname: org.hostname } : {}),
      defaultRole: org.defaultRole,
      ...(org.defaultContent !== undefined ? { defaultContent: org.defaultContent } : {}),
      ...(org.logo ? { logo: org.logo } : {}),
      sso: org.sso,
      ai: org.ai,
      inviteLinks: org.inviteLinks,
      mergeRules: orgMergeRules(org.mergeRules),
    },
    members,
    teams: store.list<TeamDoc>("team", org.id).map((team) => ({
      id: team.id,
      title: team.title,
      members: team.members.map((m) => ({ id: m.user, role: m.role })),
    })),
    samlProviders,
    collections: byPos(store.list<CollectionDoc>("collection", org.id)).map((c) => ({
      id: c.id,
      title: c.title,
      ...(c.description !== undefined ? { description: c.description } : {}),
      parent: c.parent,
      defaultLevel: c.defaultLevel,
    })),
    spaces: byPos(store.list<SpaceDoc>("space", org.id))
      .filter((s) => !s.deletedAt)
      .map((s) => ({
        id: s.id,
        title: s.title,
        emoji: s.emoji,
        visibility: s.visibility,
        parent: s.parent,
        editMode: s.editMode,
        defaultLevel: s.defaultLevel,
        language: s.language ?? null,
        mergeRules: s.mergeRules,
      })),
    sites: store.list<SiteDoc>("site", org.id).map((site) => siteOf(store, site)),
    openApiSpecs: store
      .list<SpecDoc>("openapi-spec", org.id)
      .map((spec) => ({ id: spec.id, slug: spec.slug, sourceURL: spec.sourceURL, visibility: spec.visibility })),
    translations: store.list<TranslationDoc>("translation", org.id).map((t) => ({
      id: t.id,
      language: t.language,
      source: t.source,
      ...(t.instructions !== undefined ? { instructions: t.instructions } : {}),
    })),
    agentInstructions: instructions?.instructions ?? null,
    // A writer who has left the organization is not in `members`; seeding then names the admin.
    ...(instructions && members.some((member) => member.id === instructions.updatedBy)
      ? { agentInstructionsUpdatedBy: instructions.updatedBy }
      : {}),
    secrets,
  };
}

function siteOf(store: Store, site: SiteDoc): SnapshotSite {
  const sections = store.list<SectionDoc>("site-section", site.id);
  const groups = store.list<SectionGroupDoc>("site-section-group", site.id);
  // The rank of each section and group among the items of its level (its group, or the root).
  const position = new Map<string, number>();
  const levels = new Map<string, Array<{ id: string; pos: number; seq: number }>>();
  for (const item of [
    ...sections.map((s) => ({ id: s.id, level: s.sectionGroup ?? "", pos: s.pos, seq: s.seq })),
    ...groups.map((g) => ({ id: g.id, level: g.parent ?? "", pos: g.pos, seq: g.seq })),
  ]) {
    levels.set(item.level, [...(levels.get(item.level) ?? []), item]);
  }
  for (const items of levels.values()) byPos(items).forEach((item, index) => position.set(item.id, index));
  const siteSpaces = store.list<SiteSpaceDoc>("site-space", site.id);
  const siteSpacePosition = new Map<string, number>();
  const containers = new Map<string, SiteSpaceDoc[]>();
  for (const item of siteSpaces)
    containers.set(item.section ?? "", [...(containers.get(item.section ?? "") ?? []), item]);
  for (const items of containers.values()) byPos(items).forEach((item, index) => siteSpacePosition.set(item.id, index));
  const schema = store.get<AdaptiveSchemaDoc>("adaptive-schema", site.id);
  return {
    id: site.id,
    title: site.title,
    type: site.type,
    visibility: site.visibility,
    published: site.published,
    ...(site.basename !== undefined ? { basename: site.basename } : {}),
    ...(site.proxy !== undefined ? { proxy: site.proxy } : {}),
    adaptiveContent: site.adaptiveContent,
    agentsContext: site.agentsContext,
    defaultLevel: site.defaultLevel ?? null,
    ...(site.defaultSection !== undefined ? { defaultSection: site.defaultSection } : {}),
    customization: storedSiteCustomization(store, site),
    adaptiveSchema: schema?.jsonSchema ?? null,
    sectionGroups: groups.map((g) => ({
      id: g.id,
      title: g.title,
      ...(g.icon !== undefined ? { icon: g.icon } : {}),
      ...(g.parent !== undefined ? { parent: g.parent } : {}),
      position: position.get(g.id)!,
    })),
    sections: sections.map((s) => ({
      id: s.id,
      title: s.title,
      ...(s.description !== undefined ? { description: s.description } : {}),
      path: s.path,
      ...(s.condition !== undefined ? { condition: s.condition } : {}),
      ...(s.sectionGroup !== undefined ? { sectionGroup: s.sectionGroup } : {}),
      ...(s.icon !== undefined ? { icon: s.icon } : {}),
      position: position.get(s.id)!,
      draft: s.draft ?? false,
    })),
    siteSpaces: siteSpaces.map((item) => ({
      id: item.id,
      section: item.section,
      space: item.space,
      path: item.path,
      ...(item.condition !== undefined ? { condition: item.condition } : {}),
      default: item.isDefault,
      position: siteSpacePosition.get(item.id)!,
      customization: storedSiteSpaceOverride(store, item.id),
      hidden: item.hidden ?? false,
    })),
  };
}
