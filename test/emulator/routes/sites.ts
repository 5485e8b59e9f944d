import { atLeast } from "../auth.ts";
import type { Context } from "../context.ts";
import { badRequest, conflict, notFound } from "../errors.ts";
import { newId, type AdaptiveSchemaDoc, type SiteDoc, type SiteSpaceDoc } from "../model.ts";
import { created, deleted, ok, type Route } from "../router.ts";
import { queryBoolean, queryString, ROLES, SITE_VISIBILITIES, validate, type Shape } from "../validate.ts";
import { listBody, orgSpace, ownedBy } from "./common.ts";
import { siteCustomization, siteSpaceCustomization } from "./customization.ts";
import { addSiteSpace, deleteSiteContents, normalize, publishedUrl, renderSection, renderSiteSpace, sectionsOf, site, siteSpacesOf } from "./site-model.ts";

/** API.md 2.17 and 4.12. */
export const HOSTNAME_PATTERN = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.]){2,}[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$/;
export const PROXY_PATTERN = /^([\w-]+\.)*[\w-]+\.[a-zA-Z]{2,}(\/[\w-]+)+$/;
export const SITE_TYPES = ["basic", "premium", "ultimate"] as const;
/** DESIGN.md 8: a site's `defaultLevel` is a role, null, or `inherit`. */
export const SITE_DEFAULT_LEVELS = [...ROLES, "inherit"] as const;

export function renderSite(ctx: Context, siteDoc: SiteDoc): Record<string, unknown> {
  const published = publishedUrl(ctx, siteDoc);
  const role = ctx.roleIn(siteDoc.organization);
  const body: Record<string, unknown> = {
    object: "site",
    id: siteDoc.id,
    title: siteDoc.title,
    type: siteDoc.type,
    // DESIGN.md 8: the type in effect; the emulator has no plans or trials to lower it, so it is `type`.
    appliedType: siteDoc.type,
    defaultLevel: siteDoc.defaultLevel ?? null,
    // DESIGN.md 8: what the caller may do with the site, all eight, from their role (the roles the site routes ask).
    permissions: sitePermissions(role),
    visibility: siteDoc.visibility,
    published: siteDoc.published,
    siteSpaces: ctx.store.list<SiteSpaceDoc>("site-space", siteDoc.id).length,
    createdAt: siteDoc.createdAt,
    adaptiveContent: siteDoc.adaptiveContent,
    ads: { status: "pending", submittable: false },
    agentsContext: siteDoc.agentsContext,
    features: [],
    urls: {
      location: `${ctx.origin}/v1/orgs/${siteDoc.organization}/sites/${siteDoc.id}`,
      app: `${ctx.origin}/app/o/${siteDoc.organization}/sites/${siteDoc.id}`,
      published,
      preview: `${ctx.origin}/app/o/${siteDoc.organization}/sites/${siteDoc.id}/preview`,
    },
  };
  if (siteDoc.basename !== undefined) body.basename = siteDoc.basename;
  if (siteDoc.hostname !== undefined) body.hostname = siteDoc.hostname;
  // The proxy input is `<domain>/<path>`; the object says where visitors arrive and what serves them.
  if (siteDoc.proxy !== undefined) body.proxy = { origin: `https://${siteDoc.proxy}`, target: published };
  return body;
}

/**
 * DESIGN.md 8: a Site's `permissions`, eight booleans for the caller. Each follows the role the
 * emulator's routes ask for the same thing: reading a site or its adaptive schema needs `read`,
 * changing a site (or creating one, or writing its adaptive schema) `create`, and administering it
 * (publishing, deleting, installing integrations) `admin`.
 */
export function sitePermissions(role: Parameters<typeof atLeast>[0]): Record<string, boolean> {
  return {
    view: atLeast(role, "read"),
    access: atLeast(role, "read"),
    edit: atLeast(role, "create"),
    create: atLeast(role, "create"),
    admin: atLeast(role, "admin"),
    installIntegration: atLeast(role, "admin"),
    viewAdaptiveSchema: atLeast(role, "read"),
    editAdaptiveSchema: atLeast(role, "create"),
  };
}

/** DESIGN.md 8 (production; API.md gives no limit): site titles are 2..128 characters. */
const SITE_TITLE = { type: "string", min: 2, max: 128 } as const;

const patchShape: Shape = {
  title: SITE_TITLE,
  visibility: { type: "string", enum: SITE_VISIBILITIES },
  basename: { type: "string", max: 100, pattern: /^[a-z0-9-_]*$/i },
  hostname: { type: "string", pattern: HOSTNAME_PATTERN, max: 253, nullable: true },
  adaptiveContent: { type: "object", fields: { enabled: { type: "boolean", required: true } } },
  agentsContext: { type: "string", enum: ["excluded", "included"] },
  defaultSiteSpace: { type: "string" },
  defaultSiteSection: { type: "string" },
  proxy: { type: "string", pattern: PROXY_PATTERN, nullable: true },
  // DESIGN.md 8: a role, null (guest) or `inherit`.
  defaultLevel: { type: "string", enum: SITE_DEFAULT_LEVELS, nullable: true },
};

/** Checks the shape rules of API.md 2.17 for an adaptive-content visitor schema. */
function checkAdaptiveSchema(schema: Record<string, unknown>): void {
  const field = "jsonSchema";
  const allowedTop = ["$schema", "type", "properties", "additionalProperties", "required", "title", "description"];
  for (const key of Object.keys(schema)) if (!allowedTop.includes(key)) throw badRequest(`${field}.${key}: not allowed in an adaptive schema`);
  if (schema.type !== "object") throw badRequest(`${field}.type: must be "object"`);
  if (schema.additionalProperties !== false) throw badRequest(`${field}.additionalProperties: must be false`);
  const properties = schema.properties;
  if (typeof properties !== "object" || properties === null || Array.isArray(properties)) throw badRequest(`${field}.properties: must be an object`);
  const checkBoolean = (value: unknown, path: string) => {
    if (typeof value !== "object" || value === null || (value as { type?: unknown }).type !== "boolean") {
      throw badRequest(`${path}.type: must be "boolean"`);
    }
  };
  for (const [name, value] of Object.entries(properties as Record<string, unknown>)) {
    const path = `${field}.properties.${name}`;
    if (name !== "unsigned") {
      checkBoolean(value, path);
      continue;
    }
    const unsigned = value as Record<string, unknown> | null;
    if (typeof unsigned !== "object" || unsigned === null || unsigned.type !== "object") throw badRequest(`${path}.type: must be "object"`);
    if (unsigned.additionalProperties !== false) throw badRequest(`${path}.additionalProperties: must be false`);
    const claims = unsigned.properties;
    if (typeof claims !== "object" || claims === null || Array.isArray(claims)) throw badRequest(`${path}.properties: must be an object`);
    for (const [claim, claimSchema] of Object.entries(claims)) checkBoolean(claimSchema, `${path}.properties.${claim}`);
  }
  if (!("unsigned" in properties)) throw badRequest(`${field}.properties.unsigned: is required`);
  if (schema.required !== undefined && (!Array.isArray(schema.required) || schema.required.some((r) => typeof r !== "string"))) {
    throw badRequest(`${field}.required: must be an array of strings`);
  }
}

function renderSchema(doc: AdaptiveSchemaDoc) {
  return { object: "site-adaptive-schema", jsonSchema: doc.jsonSchema, updatedAt: doc.updatedAt };
}

export const siteRoutes: Route[] = [
  {
    method: "GET",
    pattern: "/v1/orgs/{organizationId}/sites",
    role: "read",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      const title = queryString(ctx.query, "title")?.toLowerCase();
      // DESIGN.md 8: the space filter's parameter is `space` (API.md 4.12 names the filter only).
      const spaceId = queryString(ctx.query, "space");
      const published = queryBoolean(ctx.query, "published");
      const sites = ctx.store
        .list<SiteDoc>("site", org.id)
        .filter(
          (s) =>
            (!title || s.title.toLowerCase().includes(title)) &&
            (published === undefined || s.published === published) &&
            (!spaceId || ctx.store.list<SiteSpaceDoc>("site-space", s.id).some((ss) => ss.space === spaceId)),
        );
      return ok(listBody(ctx, sites, (s) => renderSite(ctx, s)));
    },
  },
  {
    method: "POST",
    pattern: "/v1/orgs/{organizationId}/sites",
    role: "create",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      const body = validate(ctx.body, {
        type: { type: "string", enum: SITE_TYPES },
        title: SITE_TITLE,
        visibility: { type: "string", enum: SITE_VISIBILITIES },
        spaces: { type: "array", items: { type: "string", min: 1 } },
      });
      const spaces = ((body.spaces as string[] | undefined) ?? []).map((id, i) => orgSpace(ctx, org.id, id, `spaces[${i}]`));
      const doc = ctx.store.insert<SiteDoc>("site", org.id, {
        id: newId(),
        organization: org.id,
        title: (body.title as string | undefined) ?? "Untitled site",
        type: (body.type as string | undefined) ?? "basic",
        visibility: (body.visibility as string | undefined) ?? "public",
        published: false,
        adaptiveContent: { enabled: false },
        agentsContext: "included",
        createdAt: ctx.now(),
        shareKey: newId(24),
      });
      for (const space of spaces) addSiteSpace(ctx, doc.id, null, space, newId());
      return created(renderSite(ctx, doc));
    },
  },
  {
    method: "GET",
    pattern: "/v1/orgs/{organizationId}/sites/{siteId}",
    role: "read",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      return ok(renderSite(ctx, site(ctx, org.id, ctx.param("siteId"))));
    },
  },
  {
    method: "PATCH",
    pattern: "/v1/orgs/{organizationId}/sites/{siteId}",
    role: "create",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      const doc = site(ctx, org.id, ctx.param("siteId"));
      const body = validate(ctx.body, patchShape);
      const { defaultSiteSpace, defaultSiteSection, proxy, hostname, ...fields } = body;
      const updated: SiteDoc = { ...doc, ...(fields as Partial<SiteDoc>) };
      if (proxy === null) delete updated.proxy;
      else if (proxy !== undefined) updated.proxy = proxy as string;
      if (hostname === null) delete updated.hostname;
      else if (hostname !== undefined) {
        for (const other of allSites(ctx)) {
          if (other.id !== doc.id && other.hostname === hostname) throw conflict(`hostname: '${hostname as string}' is already used by another site`);
        }
        updated.hostname = hostname as string;
      }
      if (defaultSiteSection !== undefined) {
        if (!sectionsOf(ctx, doc.id).some((s) => s.id === defaultSiteSection))
          throw badRequest(`defaultSiteSection: section ${defaultSiteSection as string} is not a section of this site`);
        updated.defaultSection = defaultSiteSection as string;
      }
      ctx.store.update("site", org.id, updated);
      if (defaultSiteSpace !== undefined) {
        // "default at root or in the default section" (API.md 4.12).
        const container = updated.defaultSection ?? null;
        const target = siteSpacesOf(ctx, doc.id).find((ss) => ss.id === defaultSiteSpace);
        if (!target || target.section !== container) {
          throw badRequest(`defaultSiteSpace: site space ${defaultSiteSpace as string} is not ${container ? "in the default section" : "at the root"} of this site`);
        }
        for (const ss of siteSpacesOf(ctx, doc.id).filter((s) => s.section === container)) {
          ctx.store.update("site-space", doc.id, { ...ss, isDefault: ss.id === target.id });
        }
      }
      normalize(ctx, doc.id);
      return ok(renderSite(ctx, ctx.store.get<SiteDoc>("site", doc.id)!));
    },
  },
  {
    method: "DELETE",
    pattern: "/v1/orgs/{organizationId}/sites/{siteId}",
    role: "admin",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      const doc = ownedBy<SiteDoc>(ctx, "site", org.id, ctx.param("siteId"));
      if (doc) {
        deleteSiteContents(ctx, doc.id);
        ctx.store.delete("site", doc.id);
      }
      return deleted(doc !== undefined);
    },
  },
  {
    method: "POST",
    pattern: "/v1/orgs/{organizationId}/sites/{siteId}/publish",
    role: "admin",
    handler: (ctx) => setPublished(ctx, true),
  },
  {
    method: "POST",
    pattern: "/v1/orgs/{organizationId}/sites/{siteId}/unpublish",
    role: "admin",
    handler: (ctx) => setPublished(ctx, false),
  },
  {
    method: "GET",
    pattern: "/v1/orgs/{organizationId}/sites/{siteId}/adaptive-schema",
    role: "read",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      const doc = site(ctx, org.id, ctx.param("siteId"));
      const schema = ctx.store.get<AdaptiveSchemaDoc>("adaptive-schema", doc.id);
      if (!schema) throw notFound(`site ${doc.id}: has no adaptive schema`);
      return ok(renderSchema(schema));
    },
  },
  {
    method: "PUT",
    pattern: "/v1/orgs/{organizationId}/sites/{siteId}/adaptive-schema",
    role: "create",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      const doc = site(ctx, org.id, ctx.param("siteId"));
      const body = validate(ctx.body, { jsonSchema: { type: "object", required: true, open: true } });
      const jsonSchema = body.jsonSchema as Record<string, unknown>;
      checkAdaptiveSchema(jsonSchema);
      const existing = ctx.store.get<AdaptiveSchemaDoc>("adaptive-schema", doc.id);
      const fields = { id: doc.id, jsonSchema, updatedAt: ctx.now() };
      const saved = existing
        ? ctx.store.update<AdaptiveSchemaDoc>("adaptive-schema", doc.id, { ...fields, seq: existing.seq })
        : ctx.store.insert<AdaptiveSchemaDoc>("adaptive-schema", doc.id, fields);
      return ok(renderSchema(saved));
    },
  },
  {
    method: "GET",
    pattern: "/v1/orgs/{organizationId}/sites/{siteId}/adaptive-schema/template-conditions",
    role: "read",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      const doc = site(ctx, org.id, ctx.param("siteId"));
      const schema = ctx.store.get<AdaptiveSchemaDoc>("adaptive-schema", doc.id);
      const properties = (schema?.jsonSchema.properties ?? {}) as Record<string, { properties?: Record<string, unknown> }>;
      const items: Array<{ description: string; condition: string }> = [];
      for (const [name, value] of Object.entries(properties)) {
        if (name === "unsigned") {
          for (const claim of Object.keys(value.properties ?? {})) {
            items.push({ description: `Visitors whose unsigned claim '${claim}' is true`, condition: `visitor.claims.unsigned.${claim} === true` });
          }
        } else {
          items.push({ description: `Visitors whose claim '${name}' is true`, condition: `visitor.claims.${name} === true` });
        }
      }
      return ok({ items });
    },
  },
  {
    method: "GET",
    pattern: "/v1/orgs/{organizationId}/sites/{siteId}/published",
    role: "read",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      const doc = site(ctx, org.id, ctx.param("siteId"));
      if (!doc.published) throw notFound(`site ${doc.id}: is not published`);
      if (doc.visibility === "share-link" && ctx.query.get("shareKey") !== doc.shareKey) {
        throw notFound(`site ${doc.id}: a share-link site needs its shareKey`);
      }
      const sections = sectionsOf(ctx, doc.id);
      const siteSpaces = siteSpacesOf(ctx, doc.id);
      return ok({
        object: "published-content-site",
        site: renderSite(ctx, doc),
        structure:
          sections.length > 0
            ? { type: "sections", structure: sections.map((s) => renderSection(ctx, doc, s)) }
            : { type: "siteSpaces", structure: siteSpaces.map((ss) => renderSiteSpace(ctx, doc, ss)) },
        customizations: {
          site: siteCustomization(ctx, doc),
          siteSpaces: Object.fromEntries(siteSpaces.map((ss) => [ss.id, siteSpaceCustomization(ctx, doc, ss.id)])),
        },
        scripts: [],
      });
    },
  },
];

function allSites(ctx: Context): SiteDoc[] {
  const orgs = ctx.store.list<{ id: string; seq: number }>("org", "");
  return orgs.flatMap((org) => ctx.store.list<SiteDoc>("site", org.id));
}

function setPublished(ctx: Context, published: boolean) {
  // An action takes no body: anything but nothing or {} is refused, as every body is strict.
  validate(ctx.body, {});
  const org = ctx.authorize(ctx.param("organizationId"));
  const doc = site(ctx, org.id, ctx.param("siteId"));
  const updated = ctx.store.update("site", org.id, { ...doc, published });
  return ok(renderSite(ctx, updated));
}
