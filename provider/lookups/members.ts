/**
 * `getMember` and `getMembers`: members of an organization.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { isNotFoundError } from "../client";
import { identifier } from "../adapter/check";
import { roleEnum } from "../domain/roles";
import { compact } from "../adapter/values";
import { type LookupDefinition, type LookupInputs, lookupOutput, runLookup } from "./lookup";
import { LookupError } from "./lookup-error";
import { exactlyOne } from "./match";
import { type ApiMember, getMemberOrThrow, listMembers } from "../api/members";
import { fromApi } from "../resources/organization-member";

export const getMemberResult = z
  .object({
    id: z.string().meta({ description: "The member's user id (the API's member id), e.g. for `Team.members`." }),
    organizationId: z.string(),
    email: z.string(),
    displayName: z.string(),
    role: roleEnum.nullable().meta({ description: "The member's role in the organization; null for guests." }),
    disabled: z.boolean(),
    sso: z.boolean().meta({ description: "Whether the member joined through single sign-on." }),
    joinedAt: z.string().optional(),
  })
  .meta({ typeName: "GetMemberResult", description: "A member of an organization as the lookups return it." });

/**
 * The result: the fields it declares of the state an OrganizationMember resource holds for the
 * member (its `fromApi`), and its id (the resource's `userId`). By hand, each for its reason: the
 * display name, which no resource holds; and the email, `disabled` and `sso`, which the API may
 * leave out, as `""` and `false` (the result's are never absent).
 */
function resultOf(organizationId: string, member: ApiMember): GetMemberResult {
  const state: Record<string, unknown> = { ...fromApi(organizationId, member), id: member.id, displayName: member.user?.displayName ?? "" };
  const result = Object.fromEntries(Object.keys(getMemberResult.shape).map((key) => [key, state[key]]));
  return compact({ ...result, email: result.email ?? "", disabled: result.disabled === true, sso: result.sso === true }) as GetMemberResult;
}

export const getMemberArgs = z.strictObject({
  email: z
    .string()
    .min(1, "must not be empty")
    .optional()
    .meta({ description: "The member's email, compared without regard to case. Give this or `userId`.", example: "eli@acme.test" }),
  userId: identifier().optional().meta({ description: "The member's user id. Give this or `email`.", example: "usr_eli" }),
  organizationId: identifier().optional().meta({ description: "The organization to search. Defaults to the stack's `docs-platform:organizationId`." }),
});

const describeMember = (args: GetMemberArgs, organizationId: string) =>
  `${args.email !== undefined ? `with email ${JSON.stringify(args.email)}` : `with user id ${args.userId}`} in organization ${organizationId}`;

export const getMemberLookup: LookupDefinition<GetMemberArgs, GetMemberResult> = {
  name: "getMember",
  description:
    "One member of the organization, by email (case-insensitive; every page of the member list read)\n" +
    "or by user id. Fails<!-- pulumi only --> with a `LookupError`<!-- end --> when no member matches.",
  schema: getMemberArgs,
  result: getMemberResult,
  inOrganization: true,
  refine: (args) => ((args.email === undefined) === (args.userId === undefined) ? "give exactly one of email or userId" : undefined),
  describe: describeMember,
  async run(api, args, organizationId) {
    if (args.userId !== undefined) {
      try {
        return resultOf(organizationId, await getMemberOrThrow(api, organizationId, args.userId));
      } catch (error) {
        if (!isNotFoundError(error)) throw error;
        throw new LookupError("getMember", "not_found", `getMember: no member ${describeMember(args, organizationId)}.`, { cause: error });
      }
    }
    const email = args.email!.trim().toLowerCase();
    const members = await listMembers(api, organizationId);
    const found = exactlyOne({
      lookup: "getMember",
      noun: ["member", "members"],
      criteria: describeMember(args, organizationId),
      searched: members,
      matches: members.filter((member) => member.user?.email?.trim().toLowerCase() === email),
      id: (member) => member.id,
      show: (member) => `${member.id} <${member.user?.email ?? ""}>`,
      narrow: "Give `userId` instead.",
    });
    return resultOf(organizationId, found);
  },
};

/**
 * One member of the organization, by email (case-insensitive; every page of the member list read)
 * or by user id. Fails with a `LookupError` when no member matches.
 *
 * @example
 * const eli = await docs.getMember({ email: "eli@acme.test" });
 * new docs.Team("writers", { title: "Writers", members: [eli.id] });
 */
export function getMember(args: GetMemberArgs): Promise<GetMemberResult> {
  return runLookup(getMemberLookup, args);
}

/** {@link getMember} taking Outputs and returning an Output. */
export function getMemberOutput(args: LookupInputs<GetMemberArgs>): pulumi.Output<GetMemberResult> {
  return lookupOutput(getMember, args);
}

export const getMembersArgs = z.strictObject({
  role: roleEnum.nullable().optional().meta({ description: "Only the members with this role (`null`: guests).", example: "admin" }),
  organizationId: identifier().optional().meta({ description: "The organization to list. Defaults to the stack's `docs-platform:organizationId`." }),
});

export const getMembersLookup: LookupDefinition<GetMembersArgs, GetMemberResult[]> = {
  name: "getMembers",
  description: "Every member of the organization (every page), or those with one role. An empty list is not an\n" + "error.",
  schema: getMembersArgs,
  result: z.array(getMemberResult),
  inOrganization: true,
  describe: (args, organizationId) => `${args.role !== undefined ? `role ${args.role ?? "guest"} ` : ""}in organization ${organizationId}`,
  async run(api, args, organizationId) {
    // Filtered here: the API's reference does not name the list's role filter parameter.
    const members = await listMembers(api, organizationId);
    return members.filter((member) => args.role === undefined || (member.role ?? null) === args.role).map((member) => resultOf(organizationId, member));
  },
};

/**
 * Every member of the organization (every page), or those with one role. An empty list is not an
 * error.
 *
 * @example
 * const admins = await docs.getMembers({ role: "admin" });
 * new docs.Team("admins", { title: "Admins", members: admins.map((member) => member.id) });
 */
export function getMembers(args: GetMembersArgs = {}): Promise<GetMemberResult[]> {
  return runLookup(getMembersLookup, args);
}

/** {@link getMembers} taking Outputs and returning an Output. */
export function getMembersOutput(args: LookupInputs<GetMembersArgs> = {}): pulumi.Output<GetMemberResult[]> {
  return lookupOutput(getMembers, args);
}

// ---- Generated by `npm run kinds` (provider/scripts/generate-kinds.mts) from the declarations above: do not edit. ----
import type { ArgumentOf, FieldOf } from "./lookup";

/** The arguments of `getMember`. */
export interface GetMemberArgs {
  /** The member's email, compared without regard to case. Give this or `userId`. Example: `"eli@acme.test"`. */
  email?: ArgumentOf<typeof getMemberArgs, "email">;
  /** The member's user id. Give this or `email`. Example: `"usr_eli"`. */
  userId?: ArgumentOf<typeof getMemberArgs, "userId">;
  /** The organization to search. Defaults to the stack's `docs-platform:organizationId`. */
  organizationId?: ArgumentOf<typeof getMemberArgs, "organizationId">;
}

/** A member of an organization as the lookups return it. */
export interface GetMemberResult {
  /** The member's user id (the API's member id), e.g. for `Team.members`. */
  id: FieldOf<typeof getMemberResult, "id">;
  organizationId: FieldOf<typeof getMemberResult, "organizationId">;
  email: FieldOf<typeof getMemberResult, "email">;
  displayName: FieldOf<typeof getMemberResult, "displayName">;
  /** The member's role in the organization; null for guests. */
  role: FieldOf<typeof getMemberResult, "role">;
  disabled: FieldOf<typeof getMemberResult, "disabled">;
  /** Whether the member joined through single sign-on. */
  sso: FieldOf<typeof getMemberResult, "sso">;
  joinedAt?: FieldOf<typeof getMemberResult, "joinedAt">;
}

/** The arguments of `getMembers`. */
export interface GetMembersArgs {
  /** Only the members with this role (`null`: guests). Example: `"admin"`. */
  role?: ArgumentOf<typeof getMembersArgs, "role">;
  /** The organization to list. Defaults to the stack's `docs-platform:organizationId`. */
  organizationId?: ArgumentOf<typeof getMembersArgs, "organizationId">;
}
// ---- End of the generated part. ----
