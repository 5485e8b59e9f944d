import { z } from "zod";
import type { ApiRequester } from "../api/requester";
import { text } from "../adapter/check";
import { type ApiMember, getMember, listMembers } from "../api/members";

/** The longest address SMTP can carry (RFC 5321); the API's reference gives no limit. */
export const EMAIL_MAX = 254;

/**
 * An email address naming a member. the API's reference gives no pattern; this rejects only what cannot be an
 * address (no `@`, or whitespace), so a typo such as a user id in the email field fails in check.
 */
export function emailAddress(): z.ZodString {
  return text({ min: 3, max: EMAIL_MAX }).regex(/^[^\s@]+@[^\s@]+$/, "must be an email address such as ada@example.com (one @, no spaces)");
}

/** How a resource names an organization member: by user id or by email, exactly one. */
export interface MemberReference {
  userId?: string;
  email?: string;
}

/**
 * Runs a refinement even when other inputs failed, so one check reports every failure (zod skips
 * refinements after any failure by default). The refinement must then expect values of any type.
 */
export const EVEN_WITH_OTHER_FAILURES = { when: () => true };

/**
 * The zod refinement of a schema holding `userId` and `email`: exactly one of them is given. Pass
 * {@link EVEN_WITH_OTHER_FAILURES} with it.
 */
export function exactlyOneMemberReference(value: MemberReference, issues: z.RefinementCtx): void {
  if (value.userId === undefined && value.email === undefined) {
    issues.addIssue({ code: "custom", path: ["userId"], message: "name the member with exactly one of userId or email; neither is given" });
  }
  if (value.userId !== undefined && value.email !== undefined) {
    issues.addIssue({ code: "custom", path: ["email"], message: "name the member with exactly one of userId or email, not both" });
  }
}

const JOINING = "People join an organization themselves (an invitation, single sign-on or an allowed email domain); the API cannot add them, so name someone who has joined.";

/**
 * The organization member `reference` names, with a clear error when nobody or several match.
 * By email, every page of the member list is read and emails are compared case-insensitively: the
 * list's text filter would narrow it, but the API's reference does not give its parameter's name.
 */
export async function findMember(api: ApiRequester, organizationId: string, reference: MemberReference, kind: string): Promise<ApiMember> {
  if (reference.userId !== undefined) {
    const member = await getMember(api, organizationId, reference.userId);
    if (!member) throw new Error(`${kind}: user ${reference.userId} is not a member of organization ${organizationId} (or is not visible to this token). ${JOINING}`);
    return member;
  }
  const email = reference.email ?? "";
  const wanted = email.toLowerCase();
  const members = await listMembers(api, organizationId);
  const matches = members.filter((member) => member.user?.email?.toLowerCase() === wanted);
  if (matches.length === 0) throw new Error(`${kind}: no member of organization ${organizationId} has the email "${email}". ${JOINING}`);
  if (matches.length > 1) {
    const ids = matches.map((member) => member.id).join(", ");
    throw new Error(`${kind}: ${matches.length} members of organization ${organizationId} have the email "${email}" (${ids}); name the member by userId instead`);
  }
  return matches[0];
}

/**
 * The `email` a state records: the one the program wrote while it still names the member (emails
 * match case-insensitively, so a refresh shows no drift for `Ada@Acme.test`), else the member's
 * own, so a member whose email changed shows as exactly that drift.
 */
export function emailAsWritten(written: unknown, actual: string | undefined): string | undefined {
  if (typeof written === "string" && (actual === undefined || written.toLowerCase() === actual.toLowerCase())) return written;
  return actual;
}
