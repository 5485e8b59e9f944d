import type { Context } from "../context.ts";
import { badRequest, notFound } from "../errors.ts";
import type { SiteDoc, SiteSpaceDoc } from "../model.ts";
import type { Store, Stored } from "../storage.ts";
import { deleted, ok, type Route } from "../router.ts";
import { validate, type Rule, type Shape } from "../validate.ts";
import { site } from "./site-model.ts";

/**
 * The site customization of API.md 2.17, written as DESIGN.md 8 gives it:
 * - `GET`/`PUT /sites/{site}/customization`: PUT replaces the whole object; every field left out,
 *   at any depth, reverts to its default (the stored document is the body, the rendered object is
 *   the defaults with the body laid over them). `null` unsets an optional field (a logo, a link).
 * - `GET`/`PATCH`/`DELETE .../site-spaces/{id}/customization`: an override on top of the site's.
 *   PATCH merges the body into the override (`null` drops that field from the override, so it
 *   inherits the site's again); DELETE drops the whole override. GET answers the effective object,
 *   the site's customization with the override laid over it: the object the published profile's
 *   `customizations.siteSpaces` map holds per site space ("the same object", API.md 2.17).
 *
 * API.md gives no enumeration of the styling and mode fields (only sample values), so they are
 * checked as short non-empty strings; colors are hex colors and links http(s) URLs, as production
 * takes them.
 */

type Json = Record<string, unknown>;

export interface CustomizationDoc extends Stored {
  /** What the last PUT (site) or PATCHes (site space) set, nulls removed. */
  settings: Json;
}

const HEX_COLOR = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const option: Rule = { type: "string", min: 1, max: 100 };
const url: Rule = { type: "string", uri: true, max: 2048 };
const color: Rule = {
  type: "object",
  fields: { light: { type: "string", pattern: HEX_COLOR, required: true }, dark: { type: "string", pattern: HEX_COLOR, required: true } },
};
const themedImage: Rule = { type: "object", nullable: true, fields: { light: { ...url, required: true }, dark: url } };
const enabled = (): Rule => ({ type: "object", fields: { enabled: { type: "boolean" } } });
const linkTitle: Rule = { type: "string", min: 1, max: 100, required: true };
/** A content reference; its kinds are checked by {@link checkReferences}. */
const reference: Rule = { type: "object", open: true, required: true };
const subLink: Rule = { type: "object", fields: { title: linkTitle, to: reference } };

const customizationShape: Shape = {
  title: { type: "string", min: 1, max: 128 },
  styling: {
    type: "object",
    fields: {
      theme: option,
      primaryColor: color,
      infoColor: color,
      successColor: color,
      warningColor: color,
      dangerColor: color,
      tint: { type: "object", nullable: true, fields: { color: { ...color, required: true } } },
      corners: option,
      depth: option,
      links: option,
      font: option,
      monospaceFont: option,
      icons: option,
      sidebar: { type: "object", fields: { background: option, list: option } },
      search: option,
    },
  },
  favicon: { type: "object", fields: { icon: themedImage } },
  header: {
    type: "object",
    fields: {
      logo: themedImage,
      primaryLink: { type: "object", open: true, nullable: true },
      links: {
        type: "array",
        maxItems: 50,
        items: {
          type: "object",
          fields: {
            title: linkTitle,
            to: { ...reference, required: false },
            style: option,
            links: { type: "array", maxItems: 50, items: subLink },
            condition: { type: "string", min: 1, max: 1000 },
          },
        },
      },
    },
  },
  footer: {
    type: "object",
    fields: {
      logo: themedImage,
      groups: { type: "array", maxItems: 50, items: { type: "object", fields: { title: linkTitle, links: { type: "array", maxItems: 50, items: subLink } } } },
      copyright: { type: "string", max: 1000, nullable: true },
    },
  },
  announcement: {
    type: "object",
    fields: {
      enabled: { type: "boolean" },
      message: { type: "string", max: 1000 },
      link: { type: "object", nullable: true, fields: { title: linkTitle, to: reference } },
      style: option,
    },
  },
  themes: { type: "object", fields: { default: option, toggeable: { type: "boolean" } } },
  pdf: enabled(),
  feedback: enabled(),
  ai: { type: "object", fields: { mode: option } },
  advancedCustomization: enabled(),
  git: { type: "object", fields: { showEditLink: { type: "boolean" } } },
  pageActions: { type: "object", fields: { externalAI: { type: "boolean" }, markdown: { type: "boolean" }, mcp: { type: "boolean" } } },
  externalLinks: { type: "object", fields: { target: option } },
  pagination: enabled(),
  trademark: enabled(),
  privacyPolicy: { type: "object", fields: { url: { ...url, nullable: true } } },
  socialPreview: { type: "object", fields: { url: { ...url, nullable: true } } },
  insights: { type: "object", fields: { trackingCookie: { type: "boolean" } } },
};

/** The defaults of a site that was never customized: what every field left out of a PUT reverts to. */
function defaults(siteDoc: SiteDoc): Json {
  const pair = (value: string) => ({ light: value, dark: value });
  return {
    title: siteDoc.title,
    styling: {
      theme: "clean",
      primaryColor: pair("#346DDB"),
      infoColor: pair("#787878"),
      successColor: pair("#00C950"),
      warningColor: pair("#FE9A00"),
      dangerColor: pair("#FB2C36"),
      corners: "rounded",
      depth: "subtle",
      links: "default",
      font: "Inter",
      monospaceFont: "IBMPlexMono",
      icons: "regular",
      sidebar: { background: "default", list: "default" },
      search: "prominent",
    },
    favicon: {},
    header: { links: [] },
    footer: { groups: [] },
    announcement: { enabled: false, message: "", style: "info" },
    themes: { default: "light", toggeable: true },
    pdf: { enabled: true },
    feedback: { enabled: false },
    ai: { mode: "none" },
    advancedCustomization: { enabled: true },
    git: { showEditLink: false },
    pageActions: { externalAI: true, markdown: true, mcp: true },
    externalLinks: { target: "self" },
    pagination: { enabled: true },
    trademark: { enabled: true },
    privacyPolicy: {},
    socialPreview: {},
    insights: { trackingCookie: true },
  };
}

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * `over` laid over `base`: objects merge key by key, anything else (arrays included) replaces. A
 * content reference of another kind replaces the base's whole: API.md 2.8 gives a reference as
 * `kind` and that kind's fields, so a merge keeping the old kind's fields (`file` beside `url`)
 * would answer an object that is no content reference.
 */
function layer(base: unknown, over: unknown): unknown {
  if (!isObject(over) || !isObject(base)) return over;
  if (typeof over.kind === "string" && typeof base.kind === "string" && over.kind !== base.kind) return over;
  const result: Json = { ...base };
  for (const [key, value] of Object.entries(over)) result[key] = layer(base[key], value);
  return result;
}

/**
 * A PATCH body merged into a stored override as a JSON merge patch merges (RFC 7396): `null` drops
 * the field, objects merge, anything else (arrays included) replaces. Neither API.md nor DESIGN.md
 * 8 says how the override's PATCH merges a nested object (DESIGN.md 8 only: "PATCH (override on top
 * of the site's)"), so this is the merge-patch reading: a client that sends a nested object whole,
 * with the keys its new value drops set to `null`, ends at the value it asked under it and under a
 * server that replaces the object.
 */
function patchInto(stored: Json, patch: Json): Json {
  const result: Json = { ...stored };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else if (isObject(value) && isObject(result[key])) result[key] = patchInto(result[key], value);
    else result[key] = withoutNulls(value);
  }
  return result;
}

function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (!isObject(value)) return value;
  const result: Json = {};
  for (const [key, member] of Object.entries(value)) if (member !== null) result[key] = withoutNulls(member);
  return result;
}

/** API.md 2.8 gives the kinds `file`, `page` and `openapi`; `url` is an external link. */
const REFERENCE_KINDS: Record<string, Record<string, Rule>> = {
  url: { url: { ...url, required: true } },
  page: { page: { type: "string", min: 1, required: true }, space: { type: "string", min: 1 } },
  file: { file: { type: "string", min: 1, required: true } },
  openapi: { spec: { type: "string", min: 1, required: true } },
};

function checkReference(value: unknown, field: string): void {
  if (value === undefined || value === null) return;
  const kind = (value as Json).kind;
  const fields = typeof kind === "string" && Object.hasOwn(REFERENCE_KINDS, kind) ? REFERENCE_KINDS[kind] : undefined;
  if (!fields) throw badRequest(`${field}.kind: must be one of ${Object.keys(REFERENCE_KINDS).join(", ")}`);
  try {
    validate(value, { kind: { type: "string" }, ...fields });
  } catch (error) {
    throw badRequest(`${field}.${(error as Error).message}`);
  }
}

/** Every content reference of a validated body: links' `to`, `header.primaryLink`. */
function checkReferences(body: Json): void {
  const header = body.header as Json | undefined;
  const footer = body.footer as Json | undefined;
  const announcement = body.announcement as Json | undefined;
  checkReference(header?.primaryLink, "header.primaryLink");
  ((header?.links ?? []) as Json[]).forEach((link, i) => {
    checkReference(link.to, `header.links[${i}].to`);
    ((link.links ?? []) as Json[]).forEach((sub, j) => checkReference(sub.to, `header.links[${i}].links[${j}].to`));
  });
  ((footer?.groups ?? []) as Json[]).forEach((group, i) => {
    ((group.links ?? []) as Json[]).forEach((link, j) => checkReference(link.to, `footer.groups[${i}].links[${j}].to`));
  });
  if (isObject(announcement?.link)) checkReference(announcement.link.to, "announcement.link.to");
}

/**
 * `rule` as an override PATCH takes it: merged into the stored override, so nothing inside an
 * object is required, and `null` (which drops a field) is accepted at every depth. Array items
 * replace whole, so their rules stay as they are.
 */
function nullable(rule: Rule): Rule {
  if (rule.type === "object" && rule.fields) return { ...rule, nullable: true, required: false, fields: nullableShape(rule.fields) };
  return { ...rule, nullable: true, required: false };
}

function nullableShape(shape: Shape): Shape {
  return Object.fromEntries(Object.entries(shape).map(([key, rule]) => [key, nullable(rule)]));
}

const overrideShape = nullableShape(customizationShape);

function validCustomization(body: unknown, shape: Shape): Json {
  const checked = validate(body, shape);
  checkReferences(checked);
  return checked;
}

function siteOf(ctx: Context): SiteDoc {
  const org = ctx.authorize(ctx.param("organizationId"));
  return site(ctx, org.id, ctx.param("siteId"));
}

function siteSpaceOf(ctx: Context, siteDoc: SiteDoc): SiteSpaceDoc {
  const id = ctx.param("siteSpaceId");
  const doc = ctx.store.get<SiteSpaceDoc>("site-space", id);
  if (!doc || doc.site !== siteDoc.id) throw notFound(`site space ${id}: not found`);
  return doc;
}

const SITE_KIND = "site-customization";
const SITE_SPACE_KIND = "site-space-customization";

/** The site's customization as GET answers it. */
export function siteCustomization(ctx: Context, siteDoc: SiteDoc): Json {
  return storedSiteCustomization(ctx.store, siteDoc);
}

/** The same, from the store alone (snapshots). */
export function storedSiteCustomization(store: Store, siteDoc: SiteDoc): Json {
  const stored = store.get<CustomizationDoc>(SITE_KIND, siteDoc.id);
  return layer(defaults(siteDoc), stored?.settings ?? {}) as Json;
}

/** A site space's override as stored (what its PATCHes set), or an empty object. */
export function storedSiteSpaceOverride(store: Store, siteSpaceId: string): Json {
  return store.get<CustomizationDoc>(SITE_SPACE_KIND, siteSpaceId)?.settings ?? {};
}

/** Stores a site's customization and a site space's override as given (snapshots). */
export function restoreCustomization(store: Store, siteId: string, settings: Json, overrides: ReadonlyArray<{ siteSpaceId: string; settings: Json }>): void {
  store.insert<CustomizationDoc>(SITE_KIND, siteId, { id: siteId, settings });
  for (const { siteSpaceId, settings: override } of overrides) {
    if (override && typeof override === "object" && Object.keys(override).length > 0)
      store.insert<CustomizationDoc>(SITE_SPACE_KIND, siteId, { id: siteSpaceId, settings: override });
  }
}

/** A site space's effective customization: the site's with the site space's override laid over it. */
export function siteSpaceCustomization(ctx: Context, siteDoc: SiteDoc, siteSpaceId: string): Json {
  const override = ctx.store.get<CustomizationDoc>(SITE_SPACE_KIND, siteSpaceId);
  return layer(siteCustomization(ctx, siteDoc), override?.settings ?? {}) as Json;
}

/** Removes what a site's customization documents hold (the site and its site spaces are gone). */
export function deleteCustomizations(ctx: Context, siteId: string): void {
  ctx.store.delete(SITE_KIND, siteId);
  for (const doc of ctx.store.list<CustomizationDoc>(SITE_SPACE_KIND, siteId)) ctx.store.delete(SITE_SPACE_KIND, doc.id);
}

function save(ctx: Context, kind: string, scope: string, id: string, settings: Json): void {
  const existing = ctx.store.get<CustomizationDoc>(kind, id);
  if (existing) ctx.store.update<CustomizationDoc>(kind, scope, { ...existing, settings });
  else ctx.store.insert<CustomizationDoc>(kind, scope, { id, settings });
}

const BASE = "/v1/orgs/{organizationId}/sites/{siteId}";

export const customizationRoutes: Route[] = [
  {
    method: "GET",
    pattern: `${BASE}/customization`,
    role: "read",
    handler: (ctx) => ok(siteCustomization(ctx, siteOf(ctx))),
  },
  {
    method: "PUT",
    pattern: `${BASE}/customization`,
    role: "create",
    handler: (ctx) => {
      const siteDoc = siteOf(ctx);
      const body = validCustomization(ctx.body, customizationShape);
      save(ctx, SITE_KIND, siteDoc.id, siteDoc.id, withoutNulls(body) as Json);
      return ok(siteCustomization(ctx, siteDoc));
    },
  },
  {
    method: "GET",
    pattern: `${BASE}/site-spaces/{siteSpaceId}/customization`,
    role: "read",
    handler: (ctx) => {
      const siteDoc = siteOf(ctx);
      return ok(siteSpaceCustomization(ctx, siteDoc, siteSpaceOf(ctx, siteDoc).id));
    },
  },
  {
    method: "PATCH",
    pattern: `${BASE}/site-spaces/{siteSpaceId}/customization`,
    role: "create",
    handler: (ctx) => {
      const siteDoc = siteOf(ctx);
      const siteSpace = siteSpaceOf(ctx, siteDoc);
      // The body is a merge patch: its shape is checked as it is (a `null` anywhere drops a field),
      // its content references as they are once merged, since `{ kind: "url", url, file: null }`
      // is how a merge patch turns a file reference into a URL.
      const body = validate(ctx.body, overrideShape);
      const stored = ctx.store.get<CustomizationDoc>(SITE_SPACE_KIND, siteSpace.id);
      const merged = patchInto(stored?.settings ?? {}, body);
      checkReferences(merged);
      save(ctx, SITE_SPACE_KIND, siteDoc.id, siteSpace.id, merged);
      return ok(siteSpaceCustomization(ctx, siteDoc, siteSpace.id));
    },
  },
  {
    method: "DELETE",
    pattern: `${BASE}/site-spaces/{siteSpaceId}/customization`,
    role: "create",
    handler: (ctx) => {
      const siteDoc = siteOf(ctx);
      const siteSpace = siteSpaceOf(ctx, siteDoc);
      // 205 when an override was dropped, 204 when the site space had none (DESIGN.md 8's delete rule).
      return deleted(ctx.store.delete(SITE_SPACE_KIND, siteSpace.id));
    },
  },
];
