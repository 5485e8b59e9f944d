import { forbidden, notFound, unauthorized } from "./errors.ts";
import type { MemberDoc, OrgDoc, TokenDoc, UserDoc } from "./model.ts";
import type { Store } from "./storage.ts";
import type { Role } from "./validate.ts";

/** API.md 2.12 lists roles from most to least powerful; a guest (null) ranks below `read`. */
const RANK: Record<Role, number> = { admin: 6, create: 5, review: 4, edit: 3, comment: 2, read: 1 };

/** What a route needs: a minimum organization role, or just a valid token. */
export type Requirement = Role | "authenticated";

export function rank(role: Role | null | undefined): number {
  return role ? RANK[role] : 0;
}

export function atLeast(role: Role | null | undefined, needed: Role): boolean {
  return rank(role) >= RANK[needed];
}

export function authenticate(store: Store, header: string | undefined): UserDoc {
  if (!header) throw unauthorized("Authorization: missing bearer token");
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthorized("Authorization: expected 'Bearer <token>'");
  const token = store.get<TokenDoc>("token", match[1]);
  const user = token && store.get<UserDoc>("user", token.user);
  if (!user) throw unauthorized("Authorization: unknown token");
  return user;
}

export function memberKey(organization: string, user: string): string {
  return `${organization}:${user}`;
}

/**
 * Loads the organization and checks the caller's role in it. Non-members are refused with 403
 * (the organization exists; the caller is not allowed in it).
 */
export function authorize(store: Store, user: UserDoc, organization: string, needed: Requirement): { org: OrgDoc; role: Role | null } {
  const org = store.get<OrgDoc>("org", organization);
  if (!org) throw notFound(`organization ${organization}: not found`);
  const member = store.get<MemberDoc>("member", memberKey(organization, user.id));
  const role = member && !member.disabled ? member.role : null;
  if (needed === "authenticated") return { org, role };
  if (!member || member.disabled) throw forbidden(`caller is not a member of organization ${organization}`);
  if (!atLeast(role, needed)) {
    throw forbidden(`this operation needs the role '${needed}' or higher in organization ${organization}; the caller has '${role ?? "guest"}'`);
  }
  return { org, role };
}
