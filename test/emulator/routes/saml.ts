import type { Context } from "../context.ts";
import { badRequest } from "../errors.ts";
import { newId, type SamlDoc, type TeamDoc } from "../model.ts";
import { created, deleted, ok, type Route } from "../router.ts";
import { roleRule, validate, type Shape } from "../validate.ts";
import { listBody, mustGetOwned, ownedBy } from "./common.ts";
import { renderTeam } from "./members-teams.ts";

function urlsFor(ctx: Context, saml: SamlDoc) {
  const base = `${ctx.origin}/__/auth/saml/${saml.organization}/${saml.id}`;
  return { acsURL: `${base}/acs`, startURL: `${base}/start`, entityID: `${base}/metadata` };
}

export function renderSaml(ctx: Context, saml: SamlDoc): Record<string, unknown> {
  const team = saml.defaultTeam ? ctx.store.get<TeamDoc>("team", saml.defaultTeam) : undefined;
  const body: Record<string, unknown> = {
    object: "saml-provider",
    id: saml.id,
    label: saml.label,
    createdAt: saml.createdAt,
    status: "active",
    defaultRole: saml.defaultRole ?? null,
    service: urlsFor(ctx, saml),
    urls: { location: `${ctx.origin}/v1/orgs/${saml.organization}/saml/${saml.id}` },
  };
  if (saml.ssoURL !== undefined) body.ssoURL = saml.ssoURL;
  if (saml.entityID !== undefined) body.entityID = saml.entityID;
  if (saml.certificate !== undefined) body.certificate = saml.certificate;
  if (team) body.defaultTeam = renderTeam(ctx, team);
  return body;
}

function shape(create: boolean): Shape {
  return {
    label: { type: "string", min: 1, max: 30, required: create },
    entityID: { type: "string", max: 1024 },
    certificate: { type: "string", max: 10000 },
    ssoURL: { type: "string", uri: true, max: 2048 },
    defaultTeam: { type: "string", nullable: true },
    defaultRole: roleRule({ nullable: true }),
  };
}

function checkTeam(ctx: Context, organization: string, team: unknown): void {
  if (typeof team !== "string") return;
  if (!ownedBy<TeamDoc>(ctx, "team", organization, team)) throw badRequest(`defaultTeam: team ${team} not found in this organization`);
}

function provider(ctx: Context, organization: string, id: string): SamlDoc {
  return mustGetOwned<SamlDoc>(ctx, "saml", organization, id, "SAML provider");
}

export const samlRoutes: Route[] = [
  {
    method: "GET",
    pattern: "/v1/orgs/{organizationId}/saml",
    role: "admin",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      return ok(listBody(ctx, ctx.store.list<SamlDoc>("saml", org.id), (s) => renderSaml(ctx, s)));
    },
  },
  {
    method: "POST",
    pattern: "/v1/orgs/{organizationId}/saml",
    role: "admin",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      const body = validate(ctx.body, shape(true));
      checkTeam(ctx, org.id, body.defaultTeam);
      const doc = ctx.store.insert<SamlDoc>("saml", org.id, {
        ...(body as Partial<SamlDoc>),
        id: newId(),
        organization: org.id,
        label: body.label as string,
        createdAt: ctx.now(),
      });
      return created(renderSaml(ctx, doc));
    },
  },
  {
    method: "GET",
    pattern: "/v1/orgs/{organizationId}/saml/{samlProviderId}",
    role: "admin",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      return ok(renderSaml(ctx, provider(ctx, org.id, ctx.param("samlProviderId"))));
    },
  },
  {
    method: "PATCH",
    pattern: "/v1/orgs/{organizationId}/saml/{samlProviderId}",
    role: "admin",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      const body = validate(ctx.body, shape(false));
      const doc = provider(ctx, org.id, ctx.param("samlProviderId"));
      checkTeam(ctx, org.id, body.defaultTeam);
      const updated = ctx.store.update("saml", org.id, { ...doc, ...(body as Partial<SamlDoc>) });
      return ok(renderSaml(ctx, updated));
    },
  },
  {
    method: "DELETE",
    pattern: "/v1/orgs/{organizationId}/saml/{samlProviderId}",
    role: "admin",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      const doc = ownedBy<SamlDoc>(ctx, "saml", org.id, ctx.param("samlProviderId"));
      if (doc) ctx.store.delete("saml", doc.id);
      return deleted(doc !== undefined);
    },
  },
  {
    method: "GET",
    pattern: "/v1/orgs/{organizationId}/sso",
    role: "authenticated",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      const items = ctx.store.list<SamlDoc>("saml", org.id).map((s) => ({ id: s.id, label: s.label, startURL: urlsFor(ctx, s).startURL }));
      return ok({ items });
    },
  },
];
