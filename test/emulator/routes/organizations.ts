import { atLeast, memberKey } from "../auth.ts";
import type { Context } from "../context.ts";
import { badRequest, conflict, forbidden } from "../errors.ts";
import type { AgentInstructionsDoc, MemberDoc, MergeRules, OrgDoc, SiteDoc } from "../model.ts";
import { parseLimit } from "../pagination.ts";
import { noContent, ok, type Route } from "../router.ts";
import { documentRule, emptyDocument, orgMergeRulesRule, queryString, roleRule, storedDocument, validate } from "../validate.ts";
import { listBody, ownedBy } from "./common.ts";

export function renderOrg(ctx: Context, org: OrgDoc): Record<string, unknown> {
  const role = ctx.roleIn(org.id);
  const admin = atLeast(role, "admin");
  const member = atLeast(role, "read");
  const body: Record<string, unknown> = {
    object: "organization",
    id: org.id,
    title: org.title,
    createdAt: org.createdAt,
    emailDomains: org.emailDomains,
    type: org.type,
    defaultRole: org.defaultRole,
    sso: org.sso,
    ai: org.ai,
    inviteLinks: org.inviteLinks,
    plan: org.plan,
    mergeRules: orgMergeRules(org.mergeRules),
    // DESIGN.md 8: `trial.count` is always there (no organization of the emulator is on a trial).
    trial: { status: "notapplicable", count: 0 },
    urls: {
      location: `${ctx.origin}/v1/orgs/${org.id}`,
      app: `${ctx.origin}/app/o/${org.id}`,
      ...(org.logo ? { logo: org.logo } : {}),
    },
    permissions: {
      // DESIGN.md 8: whether the caller has access to the organization (an enabled member of it).
      access: member,
      view: member,
      admin,
      ownTeam: admin,
      createContent: atLeast(role, "create"),
      createOpenAPISpec: atLeast(role, "create"),
      ingestConversations: admin,
      viewBilling: admin,
      listMembers: member,
      listTeams: member,
      listIntegrations: member,
      listInstallations: admin,
      installIntegration: admin,
    },
  };
  if (org.hostname !== undefined) body.hostname = org.hostname;
  if (org.useCase !== undefined) body.useCase = org.useCase;
  if (org.defaultContent) body.defaultContent = org.defaultContent;
  return body;
}

/**
 * DESIGN.md 8: an organization's merge rules are `{type: none}` or `{type: rules, rules}`. A store
 * or snapshot of an earlier version may hold `inherit`, which an organization never had: none.
 */
export function orgMergeRules(rules: MergeRules | undefined): MergeRules {
  return !rules || rules.type === "inherit" ? { type: "none" } : rules;
}

function renderInstructions(ctx: Context, org: OrgDoc, doc: AgentInstructionsDoc | undefined) {
  return {
    object: "agent-instructions",
    instructions: doc?.instructions ?? emptyDocument(),
    updatedAt: doc?.updatedAt ?? org.createdAt,
    // DESIGN.md 8 (and API.md 2.20): the id of the member who wrote them last; null while nobody has.
    updatedBy: doc ? doc.updatedBy : null,
    urls: { location: `${ctx.origin}/app/o/${org.id}/settings/agent` },
  };
}

const patchShape = {
  title: { type: "string", min: 2, max: 255 },
  emailDomains: { type: "array", items: { type: "string", min: 1, max: 253 } },
  hostname: { type: "string", min: 3, max: 32 },
  defaultRole: roleRule({ nullable: true }),
  defaultContent: {
    type: "object",
    nullable: true,
    fields: { type: { type: "string", enum: ["site"], required: true }, site: { type: "string", required: true } },
  },
  logo: { type: "string", uri: true, max: 2048, nullable: true },
  sso: { type: "boolean" },
  ai: { type: "boolean" },
  inviteLinks: { type: "boolean" },
  // DESIGN.md 8: `none` or `rules`; `inherit` (spaces only) is a 400 naming mergeRules.type.
  mergeRules: orgMergeRulesRule,
} as const;

export const organizationRoutes: Route[] = [
  {
    method: "GET",
    pattern: "/v1/orgs",
    role: "authenticated",
    handler: (ctx) => {
      const orgs = ctx.store.list<OrgDoc>("org", "").filter((org) => {
        const member = ctx.store.get<MemberDoc>("member", memberKey(org.id, ctx.user.id));
        return member !== undefined && !member.disabled;
      });
      return ok(listBody(ctx, orgs, (org) => renderOrg(ctx, org)));
    },
  },
  {
    method: "GET",
    pattern: "/v1/orgs/{organizationId}",
    role: "read",
    handler: (ctx) => ok(renderOrg(ctx, ctx.authorize(ctx.param("organizationId")))),
  },
  {
    method: "PATCH",
    pattern: "/v1/orgs/{organizationId}",
    role: "admin",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      const body = validate(ctx.body, patchShape);
      if (typeof body.hostname === "string") {
        const taken = ctx.store.list<OrgDoc>("org", "").find((other) => other.hostname === body.hostname && other.id !== org.id);
        if (taken) throw conflict(`hostname: '${body.hostname}' is already used by another organization`);
      }
      const content = body.defaultContent as { site: string } | null | undefined;
      if (content) {
        if (!ownedBy<SiteDoc>(ctx, "site", org.id, content.site)) throw badRequest(`defaultContent.site: site ${content.site} not found in this organization`);
      }
      const updated: OrgDoc = { ...org, ...(body as Partial<OrgDoc>) };
      ctx.store.update("org", "", updated);
      return ok(renderOrg(ctx, updated));
    },
  },
  {
    method: "DELETE",
    pattern: "/v1/orgs/{organizationId}/link-invites/{inviteId}",
    role: "admin",
    handler: (ctx) => {
      ctx.authorize(ctx.param("organizationId"));
      const invite = ownedBy(ctx, "invite", ctx.param("organizationId"), ctx.param("inviteId"));
      if (invite) ctx.store.delete("invite", invite.id);
      return noContent();
    },
  },
  {
    method: "POST",
    pattern: "/v1/orgs/{organizationId}/join",
    role: "authenticated",
    handler: (ctx) => {
      // An action takes no body: anything but nothing or {} is refused, as every body is strict.
      validate(ctx.body, {});
      const org = ctx.authorize(ctx.param("organizationId"));
      const domain = ctx.user.email.split("@")[1]?.toLowerCase();
      if (!domain || !org.emailDomains.map((d) => d.toLowerCase()).includes(domain)) {
        throw forbidden(`the caller's email domain is not an allowed domain of organization ${org.id}`);
      }
      const key = memberKey(org.id, ctx.user.id);
      if (!ctx.store.get<MemberDoc>("member", key)) {
        ctx.store.insert<MemberDoc>("member", org.id, {
          id: key,
          organization: org.id,
          user: ctx.user.id,
          role: org.defaultRole,
          joinedAt: ctx.now(),
          sso: false,
          disabled: false,
        });
      }
      return noContent();
    },
  },
  {
    method: "GET",
    pattern: "/v1/orgs/{organizationId}/search",
    role: "read",
    handler: (ctx) => {
      ctx.authorize(ctx.param("organizationId"));
      const query = queryString(ctx.query, "query", 512);
      if (query === undefined || query === "") throw badRequest("query: is required");
      parseLimit(ctx.query);
      // The emulator holds no page content, so a search finds nothing.
      return ok({ items: [], count: 0 });
    },
  },
  {
    method: "GET",
    pattern: "/v1/orgs/{organizationId}/agent-instructions",
    role: "read",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      return ok(renderInstructions(ctx, org, ctx.store.get<AgentInstructionsDoc>("agent-instructions", org.id)));
    },
  },
  {
    method: "PUT",
    pattern: "/v1/orgs/{organizationId}/agent-instructions",
    role: "admin",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      const body = validate(ctx.body, { instructions: { ...documentRule, required: true } });
      const existing = ctx.store.get<AgentInstructionsDoc>("agent-instructions", org.id);
      const doc = { id: org.id, instructions: storedDocument(body.instructions), updatedAt: ctx.now(), updatedBy: ctx.user.id };
      const saved = existing
        ? ctx.store.update("agent-instructions", org.id, { ...doc, seq: existing.seq })
        : ctx.store.insert<AgentInstructionsDoc>("agent-instructions", org.id, doc);
      return ok(renderInstructions(ctx, org, saved));
    },
  },
  {
    method: "GET",
    pattern: "/v1/email-domains/{emailDomain}/orgs",
    role: "authenticated",
    handler: (ctx) => {
      const domain = ctx.param("emailDomain").toLowerCase();
      const orgs = ctx.store.list<OrgDoc>("org", "").filter((org) => org.emailDomains.some((d) => d.toLowerCase() === domain));
      return ok({ organizations: orgs.map((org) => renderOrg(ctx, org)) });
    },
  },
  {
    method: "POST",
    pattern: "/v1/orgs/{organizationId}/ping",
    role: "read",
    handler: (ctx) => {
      // An action takes no body: anything but nothing or {} is refused, as every body is strict.
      validate(ctx.body, {});
      const org = ctx.authorize(ctx.param("organizationId"));
      const key = memberKey(org.id, ctx.user.id);
      const member = ctx.store.get<MemberDoc>("member", key)!;
      ctx.store.update("member", org.id, { ...member, lastSeenAt: ctx.now() });
      return ok({});
    },
  },
];
