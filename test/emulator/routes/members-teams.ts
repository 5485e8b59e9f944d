import { atLeast, memberKey } from "../auth.ts";
import type { Context } from "../context.ts";
import { badRequest, notFound } from "../errors.ts";
import { newId, type MemberDoc, type SiteDoc, type SpaceDoc, type TeamDoc, type UserDoc } from "../model.ts";
import { created, deleted, noContent, ok, type Route } from "../router.ts";
import { queryEnum, queryString, roleRule, ROLES, validate } from "../validate.ts";
import { listBody, mustGet, mustGetOwned, ownedBy, renderUser } from "./common.ts";
import { liveSpaces, renderSpace } from "./spaces.ts";

export function renderMember(ctx: Context, member: MemberDoc): Record<string, unknown> {
  const user = ctx.store.get<UserDoc>("user", member.user);
  const teams = ctx.store.list<TeamDoc>("team", member.organization).filter((team) => team.members.some((m) => m.user === member.user));
  return {
    object: "member",
    id: member.user,
    role: member.role,
    user: user ? renderUser(ctx, user) : { object: "user", id: member.user },
    disabled: member.disabled,
    joinedAt: member.joinedAt,
    ...(member.lastSeenAt ? { lastSeenAt: member.lastSeenAt } : {}),
    sso: member.sso,
    spaces: liveSpaces(ctx, member.organization).length,
    teams: teams.length,
    // DESIGN.md 8: counts, all three (the earlier reading had `sites` a list of ids).
    sites: sitesEditableBy(ctx, member),
  };
}

/**
 * DESIGN.md 8: a Member's `sites`, a number: how many sites the member can edit, every site of the
 * organization for a role that may change a site (`create` and above, as the site routes ask), 0
 * for the others and for a disabled member.
 */
function sitesEditableBy(ctx: Context, member: MemberDoc): number {
  if (member.disabled || !atLeast(member.role, "create")) return 0;
  return ctx.store.list<SiteDoc>("site", member.organization).length;
}

export function renderTeam(ctx: Context, team: TeamDoc): Record<string, unknown> {
  const role = ctx.roleIn(team.organization);
  return {
    object: "team",
    id: team.id,
    title: team.title,
    members: team.members.length,
    spaces: 0,
    createdAt: team.createdAt,
    permissions: { admin: atLeast(role, "admin"), view: atLeast(role, "read") },
  };
}

/**
 * An item of a team's member list (DESIGN.md 8): the organization Member (its `id` is the user id),
 * the member's role in the team and what the caller may do with the membership.
 */
function renderTeamMember(ctx: Context, member: MemberDoc, teamRole: string): Record<string, unknown> {
  return {
    organization: renderMember(ctx, member),
    team: { role: teamRole },
    permissions: { view: atLeast(ctx.roleIn(member.organization), "read") },
  };
}

function member(ctx: Context, organization: string, user: string): MemberDoc {
  const doc = ctx.store.get<MemberDoc>("member", memberKey(organization, user));
  if (!doc) throw notFound(`member ${user}: not found in organization ${organization}`);
  return doc;
}

export function team(ctx: Context, organization: string, id: string): TeamDoc {
  return mustGetOwned<TeamDoc>(ctx, "team", organization, id, "team");
}

/** Team membership ids must name members of the organization. */
function checkMembers(ctx: Context, organization: string, ids: unknown, field: string): string[] {
  const list = (ids as string[] | undefined) ?? [];
  list.forEach((id, i) => {
    if (!ctx.store.get<MemberDoc>("member", memberKey(organization, id))) {
      throw badRequest(`${field}[${i}]: ${id} is not a member of organization ${organization}`);
    }
  });
  return list;
}

/**
 * The organization member a team-member write names (DESIGN.md 8): a user id, or the email of a
 * member's user (compared case-insensitively).
 */
function findMember(ctx: Context, organization: string, ref: string): MemberDoc | undefined {
  const byId = ctx.store.get<MemberDoc>("member", memberKey(organization, ref));
  if (byId || !ref.includes("@")) return byId;
  const email = ref.toLowerCase();
  return ctx.store.list<MemberDoc>("member", organization).find((m) => ctx.store.get<UserDoc>("user", m.user)?.email.toLowerCase() === email);
}

const TEAM_ROLES = ["member", "owner"] as const;

/** `memberships` of `PUT .../members`: `{ <userId>: { role } }`, checked field by field. */
function membershipRoles(value: unknown): Map<string, string> {
  const roles = new Map<string, string>();
  for (const [user, entry] of Object.entries((value as Record<string, unknown> | undefined) ?? {})) {
    const field = `memberships.${user}`;
    if (typeof entry !== "object" || entry === null || Array.isArray(entry)) throw badRequest(`${field}: must be an object`);
    for (const key of Object.keys(entry)) if (key !== "role") throw badRequest(`${field}.${key}: unknown field`);
    const role = (entry as { role?: unknown }).role;
    if (role === undefined) throw badRequest(`${field}.role: is required`);
    if (typeof role !== "string" || !(TEAM_ROLES as readonly string[]).includes(role)) throw badRequest(`${field}.role: must be one of ${TEAM_ROLES.join(", ")}`);
    roles.set(user, role);
  }
  return roles;
}

const teamMembersRule = { type: "array", items: { type: "string", min: 1 } } as const;
/** DESIGN.md 8: team titles are 1..64 characters. */
const teamTitleRule = { type: "string", min: 1, max: 64 } as const;

export const memberTeamRoutes: Route[] = [
  {
    method: "GET",
    pattern: "/v1/orgs/{organizationId}/members",
    role: "read",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      const role = queryEnum(ctx.query, "role", ROLES);
      const search = queryString(ctx.query, "search")?.toLowerCase();
      const sort = queryEnum(ctx.query, "sort", ["joinedAt", "lastSeenAt"] as const) ?? "joinedAt";
      const order = queryEnum(ctx.query, "order", ["asc", "desc"] as const) ?? "desc";
      let members = ctx.store.list<MemberDoc>("member", org.id);
      if (role) members = members.filter((m) => m.role === role);
      if (sort === "lastSeenAt") members = members.filter((m) => m.lastSeenAt !== undefined);
      if (search) {
        members = members.filter((m) => {
          const user = ctx.store.get<UserDoc>("user", m.user);
          return !!user && (user.displayName.toLowerCase().includes(search) || user.email.toLowerCase().includes(search));
        });
      }
      return ok(
        listBody(ctx, members, (m) => renderMember(ctx, m), {
          key: (m) => [(sort === "lastSeenAt" ? m.lastSeenAt : m.joinedAt) ?? "", m.seq],
          direction: order === "asc" ? 1 : -1,
        }),
      );
    },
  },
  {
    method: "GET",
    pattern: "/v1/orgs/{organizationId}/members/{userId}",
    role: "read",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      return ok(renderMember(ctx, member(ctx, org.id, ctx.param("userId"))));
    },
  },
  {
    method: "PATCH",
    pattern: "/v1/orgs/{organizationId}/members/{userId}",
    role: "admin",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      const body = validate(ctx.body, { role: roleRule({ nullable: true, required: true }) });
      const doc = member(ctx, org.id, ctx.param("userId"));
      const updated = ctx.store.update("member", org.id, { ...doc, role: body.role as MemberDoc["role"] });
      return ok(renderMember(ctx, updated));
    },
  },
  {
    method: "DELETE",
    pattern: "/v1/orgs/{organizationId}/members/{userId}",
    role: "admin",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      const user = ctx.param("userId");
      if (ctx.store.delete("member", memberKey(org.id, user))) {
        for (const t of ctx.store.list<TeamDoc>("team", org.id)) {
          if (t.members.some((m) => m.user === user)) {
            ctx.store.update("team", org.id, { ...t, members: t.members.filter((m) => m.user !== user) });
          }
        }
      }
      return noContent();
    },
  },
  {
    method: "POST",
    pattern: "/v1/orgs/{organizationId}/members/{userId}/sso",
    role: "admin",
    handler: (ctx) => {
      // An action takes no body: anything but nothing or {} is refused, as every body is strict.
      validate(ctx.body, {});
      const org = ctx.authorize(ctx.param("organizationId"));
      const userId = ctx.param("userId");
      mustGet<UserDoc>(ctx, "user", userId, "user");
      const key = memberKey(org.id, userId);
      const existing = ctx.store.get<MemberDoc>("member", key);
      const doc = existing
        ? ctx.store.update("member", org.id, { ...existing, sso: true })
        : ctx.store.insert<MemberDoc>("member", org.id, {
            id: key,
            organization: org.id,
            user: userId,
            role: org.defaultRole ?? "read",
            joinedAt: ctx.now(),
            sso: true,
            disabled: false,
          });
      return ok(renderMember(ctx, doc));
    },
  },
  {
    method: "GET",
    pattern: "/v1/orgs/{organizationId}/members/{userId}/spaces",
    role: "read",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      const doc = member(ctx, org.id, ctx.param("userId"));
      const order = queryEnum(ctx.query, "order", ["asc", "desc"] as const) ?? "desc";
      return ok(
        listBody(ctx, liveSpaces(ctx, org.id), (space: SpaceDoc) => ({ permission: doc.role, space: renderSpace(ctx, space) }), {
          direction: order === "asc" ? 1 : -1,
        }),
      );
    },
  },
  {
    method: "GET",
    pattern: "/v1/orgs/{organizationId}/members/{userId}/teams",
    role: "read",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      const userId = ctx.param("userId");
      member(ctx, org.id, userId);
      const title = queryString(ctx.query, "title")?.toLowerCase();
      const teams = ctx.store.list<TeamDoc>("team", org.id).filter((t) => t.members.some((m) => m.user === userId) && (!title || t.title.toLowerCase().includes(title)));
      return ok(listBody(ctx, teams, (t) => ({ team: renderTeam(ctx, t), member: { role: t.members.find((m) => m.user === userId)!.role } })));
    },
  },
  {
    method: "GET",
    pattern: "/v1/orgs/{organizationId}/teams",
    role: "read",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      const title = queryString(ctx.query, "title")?.toLowerCase();
      const memberFilter = queryString(ctx.query, "member");
      const teams = ctx.store
        .list<TeamDoc>("team", org.id)
        .filter((t) => (!title || t.title.toLowerCase().includes(title)) && (!memberFilter || t.members.some((m) => m.user === memberFilter)));
      return ok(listBody(ctx, teams, (t) => renderTeam(ctx, t)));
    },
  },
  {
    method: "PUT",
    pattern: "/v1/orgs/{organizationId}/teams",
    role: "admin",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      const body = validate(ctx.body, { title: { ...teamTitleRule, required: true }, members: teamMembersRule });
      const members = [...new Set(checkMembers(ctx, org.id, body.members, "members"))];
      const doc = ctx.store.insert<TeamDoc>("team", org.id, {
        id: newId(),
        organization: org.id,
        title: body.title as string,
        createdAt: ctx.now(),
        members: members.map((user) => ({ user, role: "member" })),
      });
      return created(renderTeam(ctx, doc));
    },
  },
  {
    method: "GET",
    pattern: "/v1/orgs/{organizationId}/teams/{teamId}",
    role: "read",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      return ok(renderTeam(ctx, team(ctx, org.id, ctx.param("teamId"))));
    },
  },
  {
    method: "PATCH",
    pattern: "/v1/orgs/{organizationId}/teams/{teamId}",
    role: "admin",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      // DESIGN.md 8: a team PATCH needs `title`.
      const body = validate(ctx.body, { title: { ...teamTitleRule, required: true } });
      const doc = team(ctx, org.id, ctx.param("teamId"));
      const updated = ctx.store.update("team", org.id, { ...doc, title: body.title as string });
      return ok(renderTeam(ctx, updated));
    },
  },
  {
    method: "DELETE",
    pattern: "/v1/orgs/{organizationId}/teams/{teamId}",
    role: "admin",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      const doc = ownedBy<TeamDoc>(ctx, "team", org.id, ctx.param("teamId"));
      if (doc) ctx.store.delete("team", doc.id);
      return deleted(doc !== undefined);
    },
  },
  {
    method: "GET",
    pattern: "/v1/orgs/{organizationId}/teams/{teamId}/members",
    role: "read",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      const doc = team(ctx, org.id, ctx.param("teamId"));
      const teamRoles = new Map(doc.members.map((m) => [m.user, m.role]));
      const members = doc.members.map((m) => ctx.store.get<MemberDoc>("member", memberKey(org.id, m.user))).filter((m): m is MemberDoc => m !== undefined);
      return ok(listBody(ctx, members, (m) => renderTeamMember(ctx, m, teamRoles.get(m.user)!)));
    },
  },
  {
    method: "PUT",
    pattern: "/v1/orgs/{organizationId}/teams/{teamId}/members",
    role: "admin",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      const body = validate(ctx.body, { add: teamMembersRule, remove: teamMembersRule, memberships: { type: "object", open: true } });
      const doc = team(ctx, org.id, ctx.param("teamId"));
      const roles = membershipRoles(body.memberships);
      const add = ((body.add as string[] | undefined) ?? []).map((ref, i) => {
        const found = findMember(ctx, org.id, ref);
        if (!found) throw badRequest(`add[${i}]: ${ref} is not a member (user id or email) of organization ${org.id}`);
        return found.user;
      });
      // Removing someone who is not there is a no-op, so unknown references are ignored.
      const remove = new Set(((body.remove as string[] | undefined) ?? []).flatMap((ref) => findMember(ctx, org.id, ref)?.user ?? []));
      // A user both added and removed ends up removed.
      const kept = doc.members.filter((m) => !remove.has(m.user));
      for (const user of add) if (!remove.has(user) && !kept.some((m) => m.user === user)) kept.push({ user, role: "member" });
      // Roles apply to the membership after the adds and removes; a removed user's entry is moot.
      for (const user of roles.keys()) {
        if (!remove.has(user) && !kept.some((m) => m.user === user)) throw badRequest(`memberships.${user}: ${user} is not a member of team ${doc.id}`);
      }
      const members = kept.map((m) => ({ user: m.user, role: roles.get(m.user) ?? m.role }));
      ctx.store.update("team", org.id, { ...doc, members });
      return noContent();
    },
  },
  {
    method: "PUT",
    pattern: "/v1/orgs/{organizationId}/teams/{teamId}/members/{userId}",
    role: "admin",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      const body = validate(ctx.body, { role: { type: "string", enum: TEAM_ROLES } });
      const doc = team(ctx, org.id, ctx.param("teamId"));
      const user = ctx.param("userId");
      if (!ctx.store.get<MemberDoc>("member", memberKey(org.id, user))) throw notFound(`member ${user}: not found in organization ${org.id}`);
      // Adds the user, or updates their role; a role left out keeps the one they have.
      const existing = doc.members.find((m) => m.user === user);
      const role = (body.role as string | undefined) ?? existing?.role ?? "member";
      const members = existing ? doc.members.map((m) => (m.user === user ? { user, role } : m)) : [...doc.members, { user, role }];
      ctx.store.update("team", org.id, { ...doc, members });
      return noContent();
    },
  },
  {
    method: "DELETE",
    pattern: "/v1/orgs/{organizationId}/teams/{teamId}/members/{userId}",
    role: "admin",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      const doc = ownedBy<TeamDoc>(ctx, "team", org.id, ctx.param("teamId"));
      const user = ctx.param("userId");
      const wasMember = doc !== undefined && doc.members.some((m) => m.user === user);
      if (wasMember) ctx.store.update("team", org.id, { ...doc, members: doc.members.filter((m) => m.user !== user) });
      return deleted(wasMember);
    },
  },
];
