import { readFileSync } from "node:fs";
import { memberKey } from "./auth.ts";
import type { Clock } from "./clock.ts";
import { newId, type CollectionDoc, type InviteDoc, type MemberDoc, type OrgDoc, type SpaceDoc, type TokenDoc, type UserDoc } from "./model.ts";
import type { Store } from "./storage.ts";
import { ROLES, type Role } from "./validate.ts";

/** The fixture file format (see README "Fixture format"). */
export interface Fixture {
  users: Array<{ id: string; displayName: string; email: string; token: string; photoURL?: string }>;
  organizations: Array<{
    id: string;
    title: string;
    emailDomains?: string[];
    hostname?: string;
    defaultRole?: Role | null;
    members: Array<{ user: string; role: Role | null }>;
    collections?: Array<{ id: string; title: string; description?: string; parent?: string }>;
    spaces?: Array<{ id: string; title: string; emoji?: string; visibility?: string; parent?: string }>;
    invites?: string[];
  }>;
}

export interface FixtureMember {
  userId: string;
  role: Role | null;
  token: string;
}

/** What tests need from a loaded fixture, shaped for `fixture.organizations[0].admin.token`. */
export interface FixtureInfo {
  users: Array<{ id: string; email: string; displayName: string; token: string }>;
  organizations: Array<{
    id: string;
    title: string;
    members: FixtureMember[];
    /** First member with each role, when there is one. */
    admin: FixtureMember;
    editor?: FixtureMember;
    reader?: FixtureMember;
    /** Token of the first member holding each role. */
    tokens: Partial<Record<Role, string>>;
    spaces: Array<{ id: string; title: string }>;
    spaceIds: string[];
    collectionIds: string[];
  }>;
  /** The first organization's id and its admin's token: what `main.ts` prints. */
  organization: string;
  token: string;
}

export function readFixture(path: string): Fixture {
  return checkFixture(JSON.parse(readFileSync(path, "utf8")));
}

function fail(message: string): never {
  throw new Error(`invalid fixture: ${message}`);
}

export function checkFixture(value: unknown): Fixture {
  const fixture = value as Fixture;
  if (!fixture || !Array.isArray(fixture.users) || !Array.isArray(fixture.organizations)) fail("needs `users` and `organizations` arrays");
  const users = new Set<string>();
  for (const user of fixture.users) {
    if (!user.id || !user.email || !user.token) fail("every user needs id, email and token");
    users.add(user.id);
  }
  if (fixture.organizations.length === 0) fail("needs at least one organization");
  for (const org of fixture.organizations) {
    if (!org.id || !org.title || !Array.isArray(org.members)) fail("every organization needs id, title and members");
    for (const m of org.members) {
      if (!users.has(m.user)) fail(`organization ${org.id}: member ${m.user} is not a user`);
      if (m.role !== null && !ROLES.includes(m.role)) fail(`organization ${org.id}: role ${String(m.role)} is not a role`);
    }
    if (!org.members.some((m) => m.role === "admin")) fail(`organization ${org.id}: needs an admin member`);
  }
  return fixture;
}

/** Loads a fixture into the store in one transaction. */
export function loadFixture(store: Store, clock: Clock, fixture: Fixture): void {
  const now = clock.iso();
  store.tx(() => {
    for (const user of fixture.users) {
      store.insert<UserDoc>("user", "", {
        id: user.id,
        displayName: user.displayName ?? user.id,
        email: user.email,
        ...(user.photoURL ? { photoURL: user.photoURL } : {}),
      });
      store.insert<TokenDoc>("token", "", { id: user.token, user: user.id });
    }
    for (const org of fixture.organizations) {
      store.insert<OrgDoc>("org", "", {
        id: org.id,
        title: org.title,
        createdAt: now,
        emailDomains: org.emailDomains ?? [],
        ...(org.hostname ? { hostname: org.hostname } : {}),
        type: "business",
        defaultRole: org.defaultRole ?? null,
        sso: false,
        ai: false,
        inviteLinks: true,
        plan: "free_2024",
        // DESIGN.md 8: an organization's merge rules are `none` or `rules`, never `inherit`.
        mergeRules: { type: "none" },
      });
      for (const m of org.members) {
        store.insert<MemberDoc>("member", org.id, {
          id: memberKey(org.id, m.user),
          organization: org.id,
          user: m.user,
          role: m.role,
          joinedAt: now,
          sso: false,
          disabled: false,
        });
      }
      let pos = 1;
      for (const c of org.collections ?? []) {
        store.insert<CollectionDoc>("collection", org.id, {
          id: c.id,
          organization: org.id,
          title: c.title,
          ...(c.description ? { description: c.description } : {}),
          parent: c.parent ?? null,
          pos: pos++,
          defaultLevel: null,
          createdAt: now,
        });
      }
      for (const s of org.spaces ?? []) {
        store.insert<SpaceDoc>("space", org.id, {
          id: s.id,
          organization: org.id,
          title: s.title,
          emoji: s.emoji ?? "",
          visibility: s.visibility ?? (s.parent ? "in-collection" : "private"),
          parent: s.parent ?? null,
          pos: pos++,
          createdAt: now,
          updatedAt: now,
          editMode: "live",
          mergeRules: { type: "inherit" },
          defaultLevel: null,
          revision: newId(),
          shareKey: newId(24),
        });
      }
      for (const invite of org.invites ?? []) store.insert<InviteDoc>("invite", org.id, { id: invite, organization: org.id });
    }
  });
}

export function describeFixture(fixture: Fixture): FixtureInfo {
  const users = new Map(fixture.users.map((u) => [u.id, u]));
  const organizations = fixture.organizations.map((org) => {
    const members = org.members.map((m) => ({ userId: m.user, role: m.role, token: users.get(m.user)!.token }));
    const tokens: Partial<Record<Role, string>> = {};
    for (const m of members) if (m.role && !tokens[m.role]) tokens[m.role] = m.token;
    const first = (role: Role) => members.find((m) => m.role === role);
    const editor = first("edit");
    const reader = first("read");
    return {
      id: org.id,
      title: org.title,
      members,
      admin: first("admin")!,
      ...(editor ? { editor } : {}),
      ...(reader ? { reader } : {}),
      tokens,
      spaces: (org.spaces ?? []).map((s) => ({ id: s.id, title: s.title })),
      spaceIds: (org.spaces ?? []).map((s) => s.id),
      collectionIds: (org.collections ?? []).map((c) => c.id),
    };
  });
  return {
    users: fixture.users.map((u) => ({ id: u.id, email: u.email, displayName: u.displayName, token: u.token })),
    organizations,
    organization: organizations[0].id,
    token: organizations[0].admin.token,
  };
}
