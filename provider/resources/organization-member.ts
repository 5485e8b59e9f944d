import { SaidError, said, term } from "../adapter/door-words";
import { z } from "zod";
import { identifier } from "../adapter/check";
import type { ClaimedObject } from "../adapter/deployment-owners";
import { type ApiMember, deleteMember, getMember, readMemberThroughList, updateMember } from "../api/members";
import { EVEN_WITH_OTHER_FAILURES, emailAddress, emailAsWritten, exactlyOneMemberReference, findMember } from "../domain/members";
import type { ResourceDefinition, State } from "../adapter/resource";
import { declaredKeyLists } from "../adapter/fields";
import { roleEnum } from "../domain/roles";
import { jsonEqual, stateStrings } from "../adapter/values";
import { wireMapping } from "../adapter/wire";

export const schema = z
  .strictObject({
    // In the request's path; the member object does not carry it.
    organizationId: identifier().meta({
      replaces: true,
      sendAs: false,
      description: "Id of the organization the member belongs to. Changing it replaces the resource. Defaults to the stack's `docs-platform:organizationId`.",
      example: "org_acme",
    }),
    // The member object's `id`; in the request's path, never in a body.
    userId: identifier()
      .optional()
      .meta({
        replaces: true,
        readFrom: "id",
        sendAs: false,
        description: "The member's user id; give exactly one of `userId` and `email`. Changing it replaces the\n" + "resource (another member is managed).",
        example: "usr_ada",
      }),
    /** Matched case-insensitively against the members' emails; kept as written. Only finds the member: never sent. */
    email: emailAddress()
      .optional()
      .meta({
        replaces: true,
        readFrom: "user.email",
        sendAs: false,
        description:
          "The member's email, matched case-insensitively against the organization's members (the whole\n" +
          "member list is read); give exactly one of `userId` and `email`. Nobody or several members with\n" +
          "that email is an error. Changing it replaces the resource.",
        example: "ada@acme.com",
      }),
    // A guest's role is null; read as null when the API leaves it out too.
    role: roleEnum.nullable().meta({
      nullWhenAbsent: true,
      description: "The member's role in the organization: `admin`, `create`, `review`, `edit`, `comment` or\n" + "`read`; `null` makes them a guest. Changes in place.",
      example: "edit",
    }),
    removeOnDestroy: z
      .boolean()
      .default(false)
      .meta({
        // Only the provider reads it (what destroy does): never sent, never in the member object.
        sendAs: false,
        providerOnly: true,
        description:
          "What destroying the resource does (`pulumi destroy`, or deleting its declaration).\n" +
          "`false` (the default): the member stays in the organization with the role they have then.\n" +
          "`true`: the member is removed from the organization (their access ends; they must join again\n" +
          "to come back). Changing it changes only the state.",
        example: true,
      }),
  })
  .superRefine(exactlyOneMemberReference, EVEN_WITH_OTHER_FAILURES);

/** `adopt` is never an input here: the member is always taken over. */
export type OrganizationMemberInputs = z.infer<typeof schema> & { adopt?: undefined };

/**
 * The member an OrganizationMember names, for the one-owner check: by user id, or by email in any
 * case (the API matches it so); none when not exactly one of them is given (check rejects that).
 */
function memberClaimed(organizationId: unknown, userId: unknown, email: unknown): ClaimedObject | undefined {
  if (typeof organizationId !== "string") return undefined;
  if (typeof userId === "string" && email === undefined) {
    return { key: `${organizationId}/user ${userId}`, description: `member ${userId} of organization ${organizationId}` };
  }
  if (typeof email === "string" && userId === undefined) {
    return { key: `${organizationId}/email ${email.toLowerCase()}`, description: `the member ${email} of organization ${organizationId} (emails match in any case)` };
  }
  return undefined;
}

/**
 * The state a member stands for, from the declarations (`wire`, below the outputs) and the
 * request's path. By hand, each for its reason: the email as the program wrote it when it names
 * the same member (emails match in any case, so a case difference is no drift), and
 * `removeOnDestroy`, which only the provider reads, carried from `written` (the inputs, or the
 * previous state). Used by create, read, update and the lookups `getMember` and `getMembers`.
 */
export function fromApi(organizationId: string, member: ApiMember, written: { email?: unknown; removeOnDestroy?: unknown } = {}): State {
  return wire.fromApi(member, {
    organizationId,
    email: emailAsWritten(written.email, member.user?.email),
    removeOnDestroy: written.removeOnDestroy === true,
  });
}

function organizationOf(props: State): string {
  return stateStrings(
    props,
    ["organizationId"],
    said`${term.kind("OrganizationMember")}: the state has no ${term.field("organizationId")}; run ${term.refresh()} or recreate the resource`,
  ).organizationId;
}

const claimKey = (organizationId: string, userId: string) => `member:${organizationId}/${userId}`;

/**
 * What the state holds beyond the inputs (the server's own fields), and what an input's value in the
 * state means where that differs from the input's description.
 */
export const outputs = z.object({
  joinedAt: z.string().meta({ description: "When the member joined the organization." }),
  disabled: z.boolean().meta({ description: "Whether the member's account is disabled." }),
  sso: z.boolean().meta({ description: "Whether the member signs in through single sign-on." }),
});

/** The state of a member as the API answers it, and the bodies sent, from the declarations above. */
const wire = wireMapping(schema, outputs);

export const definition: ResourceDefinition<OrganizationMemberInputs> = {
  kind: "OrganizationMember",
  // The same person named by user id in one and by email in the other is not found here (it needs the API).
  soleOwner: {
    keyInputs: ["organizationId", "userId", "email"],
    object: ({ organizationId, userId, email }) => memberClaimed(organizationId, userId, email),
    sameOutput: "the same member",
    why: said`a member has one role in the organization, so every ${term.apply("up")} would set the other's role back. Declare one ${term.kind("OrganizationMember")} per person.`,
  },
  exclusiveInputKeys: [["userId", "email"]],
  schema,
  outputs,
  ...declaredKeyLists(schema),

  async create(ctx, inputs) {
    const member = await findMember(ctx.api, inputs.organizationId, inputs, "OrganizationMember");
    ctx.claims?.claim(claimKey(inputs.organizationId, member.id));
    // The member exists already: the create PATCHes what the inputs declare otherwise (the role), if anything.
    const found = fromApi(inputs.organizationId, member, inputs);
    const body = wire.bodyOf(
      inputs,
      wire.sentKeys.filter((key) => !jsonEqual(found[key], (inputs as State)[key])),
    );
    const updated = Object.keys(body).length > 0 ? await updateMember(ctx.api, inputs.organizationId, member.id, body) : member;
    return { id: member.id, state: fromApi(inputs.organizationId, updated, inputs) };
  },

  async read(ctx, id, previous) {
    const organizationId = organizationOf(previous);
    // In a refresh or an import, from the organization's member list shared by every member (see shared-lists.ts).
    const member = await readMemberThroughList(ctx, organizationId, id);
    return member ? fromApi(organizationId, member, previous) : undefined;
  },

  async update(ctx, id, _olds, news, changed) {
    const organizationId = news.organizationId;
    // removeOnDestroy alone changes only the state: nothing is sent.
    const body = wire.patchOf(news, changed);
    const member = Object.keys(body).length > 0 ? await updateMember(ctx.api, organizationId, id, body) : await getMember(ctx.api, organizationId, id);
    if (!member) throw new SaidError(said`OrganizationMember: user ${id} is no longer a member of organization ${organizationId}; run ${term.refresh()}`);
    return fromApi(organizationId, member, news);
  },

  // A replacement naming the same person (by email, then by user id) that deletes first claims
  // them before its delete, which then leaves them (OpenTofu's replacement, without create_before_destroy).
  async claimOf(ctx, inputs) {
    return claimKey(inputs.organizationId, (await findMember(ctx.api, inputs.organizationId, inputs, "OrganizationMember")).id);
  },

  async delete(ctx, id, props) {
    if (props.removeOnDestroy !== true) return;
    const organizationId = organizationOf(props);
    // Taken over by another OrganizationMember of this deployment (a replacement naming the same
    // person differently, a renamed resource): removing them would undo that.
    if (ctx.claims?.has(claimKey(organizationId, id))) return;
    await deleteMember(ctx.api, organizationId, id);
  },
};
