/**
 * Starts the emulator's store from a snapshot (format.ts): the snapshot's organization, its members
 * (each a user with a token of the twin's own: the admin's is the one printed, or `--token`), and
 * every object with its id, in the order the snapshot gives.
 */
import { memberKey } from "../auth.ts";
import type { Clock } from "../clock.ts";
import { loadFixture, type Fixture } from "../fixtures.ts";
import {
  newId,
  type AdaptiveSchemaDoc,
  type AgentInstructionsDoc,
  type CollectionDoc,
  type MemberDoc,
  type OrgDoc,
  type SamlDoc,
  type SectionDoc,
  type SectionGroupDoc,
  type SiteDoc,
  type SiteSpaceDoc,
  type SpaceDoc,
  type SpecDoc,
  type SpecVersionDoc,
  type TeamDoc,
  type TokenDoc,
  type TranslationDoc,
  type UserDoc,
} from "../model.ts";
import { restoreCustomization } from "../routes/customization.ts";
import { orgMergeRules } from "../routes/organizations.ts";
import type { Store } from "../storage.ts";
import type { Snapshot } from "./format.ts";

/** Seeds an empty store from `snapshot`; returns the fixture it amounts to (users and tokens), for the control surface. */
export function seedFromSnapshot(store: Store, clock: Clock, snapshot: Snapshot, adminToken?: string): Fixture {
  const org = snapshot.organization;
  const admin = snapshot.members.find((member) => member.role === "admin")!;
  const fixture: Fixture = {
    users: snapshot.members.map((member) => ({
      id: member.id,
      displayName: member.displayName,
      email: member.email,
      token: member.id === admin.id && adminToken ? adminToken : `twin-${newId(24)}`,
    })),
    organizations: [
      {
        id: org.id,
        title: org.title,
        emailDomains: org.emailDomains,
        ...(org.hostname ? { hostname: org.hostname } : {}),
        defaultRole: org.defaultRole,
        // The admin first: the fixture's first admin is the one whose token is printed.
        members: [admin, ...snapshot.members.filter((member) => member !== admin)].map((member) => ({
          user: member.id,
          role: member.role,
        })),
      },
    ],
  };
  const now = clock.iso();
  store.tx(() => {
    loadFixture(store, clock, fixture);
    const orgDoc = store.get<OrgDoc>("org", org.id)!;
    store.update<OrgDoc>("org", "", {
      ...orgDoc,
      sso: org.sso,
      ai: org.ai,
      inviteLinks: org.inviteLinks,
      // A snapshot of an earlier version may say `inherit`, which an organization never has (DESIGN.md 8): none.
      mergeRules: orgMergeRules(org.mergeRules),
      ...(org.defaultContent !== undefined ? { defaultContent: org.defaultContent } : {}),
      ...(org.logo ? { logo: org.logo } : {}),
    });
    for (const member of snapshot.members) {
      const doc = store.get<MemberDoc>("member", memberKey(org.id, member.id))!;
      store.update<MemberDoc>("member", org.id, { ...doc, sso: member.sso, disabled: member.disabled });
    }
    for (const team of snapshot.teams) {
      store.insert<TeamDoc>("team", org.id, {
        id: team.id,
        organization: org.id,
        title: team.title,
        createdAt: now,
        members: team.members.map((m) => ({ user: m.id, role: m.role })),
      });
    }
    for (const saml of snapshot.samlProviders) {
      store.insert<SamlDoc>("saml", org.id, {
        id: saml.id,
        organization: org.id,
        label: saml.label,
        ...(saml.entityID !== undefined ? { entityID: saml.entityID } : {}),
        ...(saml.ssoURL !== undefined ? { ssoURL: saml.ssoURL } : {}),
        ...(saml.certificate !== undefined ? { certificate: saml.certificate } : {}),
        defaultTeam: saml.defaultTeam,
        defaultRole: saml.defaultRole,
        createdAt: now,
      });
    }
    let pos = 1;
    for (const c of snapshot.collections) {
      store.insert<CollectionDoc>("collection", org.id, {
        id: c.id,
        organization: org.id,
        title: c.title,
        ...(c.description !== undefined ? { description: c.description } : {}),
        parent: c.parent,
        pos: pos++,
        defaultLevel: c.defaultLevel,
        createdAt: now,
      });
    }
    for (const s of snapshot.spaces) {
      store.insert<SpaceDoc>("space", org.id, {
        id: s.id,
        organization: org.id,
        title: s.title,
        emoji: s.emoji,
        visibility: s.visibility,
        parent: s.parent,
        pos: pos++,
        createdAt: now,
        updatedAt: now,
        editMode: s.editMode,
        mergeRules: s.mergeRules,
        language: s.language,
        defaultLevel: s.defaultLevel,
        revision: newId(),
        shareKey: newId(24),
      });
    }
    for (const site of snapshot.sites) seedSite(store, org.id, site, now);
    for (const spec of snapshot.openApiSpecs) {
      const version = store.insert<SpecVersionDoc>("openapi-version", spec.id, {
        id: newId(),
        spec: spec.id,
        url: spec.sourceURL,
        createdAt: now,
      });
      // Processed already: it was processed where the snapshot comes from.
      store.insert<SpecDoc>("openapi-spec", org.id, {
        id: spec.id,
        organization: org.id,
        slug: spec.slug,
        sourceURL: spec.sourceURL,
        visibility: spec.visibility,
        createdAt: now,
        updatedAt: now,
        lastVersion: version.id,
        processStartedAt: clock.now(),
        processingMs: 0,
      });
    }
    for (const t of snapshot.translations) {
      store.insert<TranslationDoc>("translation", org.id, {
        id: t.id,
        organization: org.id,
        language: t.language,
        source: t.source,
        ...(t.instructions !== undefined ? { instructions: t.instructions } : {}),
        createdAt: now,
        updatedAt: now,
        runs: 0,
      });
    }
    if (snapshot.agentInstructions !== null && snapshot.agentInstructions !== undefined) {
      // The member who wrote them, when the snapshot says (check.ts holds it to a member); the admin otherwise.
      // An earlier version wrote the User object (`{id, ...}`); DESIGN.md 8 says the member's id.
      const updatedBy = updatedById(snapshot.agentInstructionsUpdatedBy) ?? admin.id;
      store.insert<AgentInstructionsDoc>("agent-instructions", org.id, {
        id: org.id,
        instructions: snapshot.agentInstructions,
        updatedAt: now,
        updatedBy,
      });
    }
  });
  return fixture;
}

/** The writer's id from a snapshot's `agentInstructionsUpdatedBy`: an id, or (written by an earlier version) a User object. */
export function updatedById(value: Snapshot["agentInstructionsUpdatedBy"]): string | undefined {
  return typeof value === "object" && value !== null ? value.id : value;
}

function seedSite(store: Store, organization: string, site: Snapshot["sites"][number], now: string): void {
  store.insert<SiteDoc>("site", organization, {
    id: site.id,
    organization,
    title: site.title,
    type: site.type,
    visibility: site.visibility,
    published: site.published,
    ...(site.basename !== undefined ? { basename: site.basename } : {}),
    ...(site.proxy !== undefined ? { proxy: site.proxy } : {}),
    adaptiveContent: site.adaptiveContent,
    agentsContext: site.agentsContext,
    createdAt: now,
    shareKey: newId(24),
    ...(site.defaultSection !== undefined ? { defaultSection: site.defaultSection } : {}),
    defaultLevel: site.defaultLevel ?? null,
  });
  for (const group of site.sectionGroups) {
    store.insert<SectionGroupDoc>("site-section-group", site.id, {
      id: group.id,
      site: site.id,
      title: group.title,
      ...(group.icon !== undefined ? { icon: group.icon } : {}),
      ...(group.parent !== undefined ? { parent: group.parent } : {}),
      pos: group.position + 1,
    });
  }
  for (const section of site.sections) {
    store.insert<SectionDoc>("site-section", site.id, {
      id: section.id,
      site: site.id,
      title: section.title,
      path: section.path,
      pos: section.position + 1,
      ...(section.description !== undefined ? { description: section.description } : {}),
      ...(section.condition !== undefined ? { condition: section.condition } : {}),
      ...(section.sectionGroup !== undefined ? { sectionGroup: section.sectionGroup } : {}),
      ...(section.icon !== undefined ? { icon: section.icon } : {}),
      draft: section.draft ?? false,
    });
  }
  for (const item of site.siteSpaces) {
    store.insert<SiteSpaceDoc>("site-space", site.id, {
      id: item.id,
      site: site.id,
      section: item.section,
      space: item.space,
      path: item.path,
      isDefault: item.default,
      pos: item.position + 1,
      ...(item.condition !== undefined ? { condition: item.condition } : {}),
      hidden: item.hidden ?? false,
    });
  }
  restoreCustomization(
    store,
    site.id,
    site.customization as Record<string, unknown>,
    site.siteSpaces.map((item) => ({ siteSpaceId: item.id, settings: item.customization as Record<string, unknown> })),
  );
  if (site.adaptiveSchema !== null && site.adaptiveSchema !== undefined) {
    store.insert<AdaptiveSchemaDoc>("adaptive-schema", site.id, {
      id: site.id,
      jsonSchema: site.adaptiveSchema as Record<string, unknown>,
      updatedAt: now,
    });
  }
}

/** The users, tokens and organizations a store holds, as a fixture (a database seeded by an earlier run). */
export function fixtureFromStore(store: Store): Fixture {
  const tokens = new Map<string, string>();
  for (const token of store.list<TokenDoc>("token", "")) if (!tokens.has(token.user)) tokens.set(token.user, token.id);
  return {
    users: store.list<UserDoc>("user", "").map((user) => ({
      id: user.id,
      displayName: user.displayName,
      email: user.email,
      token: tokens.get(user.id) ?? "",
    })),
    organizations: store.list<OrgDoc>("org", "").map((org) => {
      const members = store.list<MemberDoc>("member", org.id);
      const admins = members.filter((member) => member.role === "admin");
      return {
        id: org.id,
        title: org.title,
        emailDomains: org.emailDomains,
        defaultRole: org.defaultRole,
        members: [...admins, ...members.filter((member) => member.role !== "admin")].map((member) => ({
          user: member.user,
          role: member.role,
        })),
      };
    }),
  };
}
