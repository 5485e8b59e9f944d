import { atLeast } from "../auth.ts";
import type { Context } from "../context.ts";
import { badRequest, conflict, notFound } from "../errors.ts";
import { newId, type SpecDoc, type SpecVersionDoc } from "../model.ts";
import { created, deleted, ok, type Route } from "../router.ts";
import { length, validate, type Rule } from "../validate.ts";
import { listBody } from "./common.ts";

/** API.md 2.18. */
export const SLUG_PATTERN = /^[a-zA-Z0-9]+(?:-[a-zA-Z0-9]+)*$/;
/** DESIGN.md 8 (production): slugs are 1..100 characters. */
const SLUG_MAX = 100;

const sourceRule: Rule = { type: "object", required: true, fields: { url: { type: "string", required: true, uri: true, max: 2048 } } };

/**
 * The emulator never fetches anything; the outcome of processing is decided by the source URL:
 * a host ending in `.invalid`, or `timeout` anywhere in the URL, fails with FETCH_TIMEOUT;
 * otherwise `fail` anywhere in the URL fails with INVALID_SPEC; every other URL completes.
 */
export function processingFailure(url: string): { code: string; message: string } | undefined {
  const lower = url.toLowerCase();
  if (new URL(url).hostname.endsWith(".invalid") || lower.includes("timeout")) {
    return { code: "FETCH_TIMEOUT", message: `fetching ${url} timed out` };
  }
  if (lower.includes("fail")) return { code: "INVALID_SPEC", message: `the document at ${url} is not a valid OpenAPI specification` };
  return undefined;
}

/**
 * Processing is a pure function of the clock: `pending` for the first quarter of
 * `openapiProcessingMs` after a create or replace, `progress` until it has elapsed, then
 * `complete` or `failed`. Advancing the emulator's clock therefore advances processing too.
 */
function processing(ctx: Context, spec: SpecDoc) {
  const elapsed = ctx.nowMs - spec.processStartedAt;
  const duration = spec.processingMs;
  if (elapsed < duration / 4) return { state: "pending" as const };
  if (elapsed < duration) return { state: "progress" as const };
  const failure = processingFailure(spec.sourceURL);
  const processedAt = new Date(spec.processStartedAt + duration).toISOString();
  return failure ? { state: "failed" as const, processedAt, failure } : { state: "complete" as const, processedAt };
}

export function renderSpec(ctx: Context, spec: SpecDoc): Record<string, unknown> {
  const role = ctx.roleIn(spec.organization);
  const status = processing(ctx, spec);
  const body: Record<string, unknown> = {
    object: "openapi-spec",
    id: spec.id,
    createdAt: spec.createdAt,
    updatedAt: spec.updatedAt,
    slug: spec.slug,
    sourceURL: spec.sourceURL,
    processingState: status.state,
    visibility: spec.visibility,
    lastVersion: spec.lastVersion,
    permissions: { view: atLeast(role, "read"), edit: atLeast(role, "create") },
    urls: {
      location: `${ctx.origin}/v1/orgs/${spec.organization}/openapi/${spec.slug}`,
      app: `${ctx.origin}/app/o/${spec.organization}/openapi/${spec.slug}`,
      published: `${ctx.origin}/openapi/${spec.organization}/${spec.slug}`,
    },
  };
  if (status.processedAt) body.lastProcessedAt = status.processedAt;
  // DESIGN.md 8: always there; the number of errors of the last processing (the emulator's failures have one).
  body.lastProcessedErrorCount = status.failure ? 1 : 0;
  if (status.failure) {
    body.lastProcessErrorCode = status.failure.code;
    body.lastProcessedErrors = [{ message: status.failure.message, code: status.failure.code }];
  }
  return body;
}

function renderVersion(ctx: Context, spec: SpecDoc, version: SpecVersionDoc) {
  return {
    object: "openapi-spec-version",
    id: version.id,
    createdAt: version.createdAt,
    url: version.url,
    urls: { location: `${ctx.origin}/v1/orgs/${spec.organization}/openapi/${spec.slug}/versions/${version.id}` },
  };
}

function findSpec(ctx: Context, organization: string, slug: string): SpecDoc | undefined {
  return ctx.store.list<SpecDoc>("openapi-spec", organization).find((s) => s.slug === slug);
}

function mustSpec(ctx: Context): SpecDoc {
  const org = ctx.authorize(ctx.param("organizationId"));
  const spec = findSpec(ctx, org.id, ctx.param("specSlug"));
  if (!spec) throw notFound(`OpenAPI specification ${ctx.param("specSlug")}: not found`);
  return spec;
}

function version(ctx: Context, spec: SpecDoc, id: string): SpecVersionDoc {
  const doc = ctx.store.get<SpecVersionDoc>("openapi-version", id === "latest" ? spec.lastVersion : id);
  if (!doc || doc.spec !== spec.id) throw notFound(`version ${id} of OpenAPI specification ${spec.slug}: not found`);
  return doc;
}

/** Records a new version and restarts processing. */
function addVersion(ctx: Context, spec: Omit<SpecDoc, "seq" | "lastVersion" | "processStartedAt" | "processingMs">, url: string) {
  const versionDoc = ctx.store.insert<SpecVersionDoc>("openapi-version", spec.id, { id: newId(), spec: spec.id, url, createdAt: ctx.now() });
  return { ...spec, sourceURL: url, lastVersion: versionDoc.id, processStartedAt: ctx.nowMs, processingMs: ctx.settings.openapiProcessingMs };
}

const SPEC = "/v1/orgs/{organizationId}/openapi/{specSlug}";

export const openapiRoutes: Route[] = [
  {
    method: "GET",
    pattern: "/v1/orgs/{organizationId}/openapi",
    role: "read",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      return ok(listBody(ctx, ctx.store.list<SpecDoc>("openapi-spec", org.id), (s) => renderSpec(ctx, s)));
    },
  },
  {
    method: "POST",
    pattern: "/v1/orgs/{organizationId}/openapi",
    role: "create",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      const body = validate(ctx.body, { slug: { type: "string", required: true, min: 1, max: SLUG_MAX, pattern: SLUG_PATTERN }, source: sourceRule });
      const slug = body.slug as string;
      if (findSpec(ctx, org.id, slug)) throw conflict(`slug: '${slug}' is already used by another OpenAPI specification`);
      const now = ctx.now();
      const base = { id: newId(), organization: org.id, slug, sourceURL: "", visibility: "private" as const, createdAt: now, updatedAt: now };
      const spec = ctx.store.insert<SpecDoc>("openapi-spec", org.id, addVersion(ctx, base, (body.source as { url: string }).url));
      return created(renderSpec(ctx, spec));
    },
  },
  {
    method: "GET",
    pattern: SPEC,
    role: "read",
    handler: (ctx) => ok(renderSpec(ctx, mustSpec(ctx))),
  },
  {
    method: "PUT",
    pattern: SPEC,
    role: "create",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      const slug = ctx.param("specSlug");
      if (!SLUG_PATTERN.test(slug)) throw badRequest(`slug: must match the pattern ${SLUG_PATTERN.source}`);
      if (length(slug) > SLUG_MAX) throw badRequest(`slug: must be at most ${SLUG_MAX} characters`);
      const body = validate(ctx.body, { source: sourceRule });
      const url = (body.source as { url: string }).url;
      const existing = findSpec(ctx, org.id, slug);
      const now = ctx.now();
      if (existing) {
        const replaced = ctx.store.update("openapi-spec", org.id, { ...addVersion(ctx, { ...existing, updatedAt: now }, url), seq: existing.seq });
        return ok(renderSpec(ctx, replaced));
      }
      const base = { id: newId(), organization: org.id, slug, sourceURL: "", visibility: "private" as const, createdAt: now, updatedAt: now };
      return created(renderSpec(ctx, ctx.store.insert<SpecDoc>("openapi-spec", org.id, addVersion(ctx, base, url))));
    },
  },
  {
    method: "PATCH",
    pattern: SPEC,
    role: "create",
    handler: (ctx) => {
      const spec = mustSpec(ctx);
      const body = validate(ctx.body, { visibility: { type: "string", required: true, enum: ["private", "public"] } });
      const updated = ctx.store.update("openapi-spec", spec.organization, { ...spec, visibility: body.visibility as SpecDoc["visibility"], updatedAt: ctx.now() });
      return ok(renderSpec(ctx, updated));
    },
  },
  {
    method: "DELETE",
    pattern: SPEC,
    role: "admin",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      const spec = findSpec(ctx, org.id, ctx.param("specSlug"));
      if (spec) {
        for (const v of ctx.store.list("openapi-version", spec.id)) ctx.store.delete("openapi-version", v.id);
        ctx.store.delete("openapi-spec", spec.id);
      }
      return deleted(spec !== undefined);
    },
  },
  {
    method: "GET",
    pattern: `${SPEC}/versions`,
    role: "read",
    handler: (ctx) => {
      const spec = mustSpec(ctx);
      const versions = ctx.store.list<SpecVersionDoc>("openapi-version", spec.id);
      return ok(listBody(ctx, versions, (v) => renderVersion(ctx, spec, v), { direction: -1 }));
    },
  },
  {
    method: "GET",
    pattern: `${SPEC}/versions/{versionId}`,
    role: "read",
    handler: (ctx) => {
      const spec = mustSpec(ctx);
      return ok(renderVersion(ctx, spec, version(ctx, spec, ctx.param("versionId"))));
    },
  },
  {
    method: "GET",
    pattern: `${SPEC}/versions/{versionId}/content`,
    role: "read",
    handler: (ctx) => {
      const spec = mustSpec(ctx);
      const v = version(ctx, spec, ctx.param("versionId"));
      return ok({
        filesystem: { entrypoint: "openapi.json", files: { "openapi.json": { url: v.url } } },
        url: v.url,
        // DESIGN.md 8: `source`, where the version's content came from, and `public`, where visitors
        // read it (null for a private spec).
        urls: {
          source: v.url,
          public: spec.visibility === "public" ? `${ctx.origin}/openapi/${spec.organization}/${spec.slug}/versions/${v.id}/openapi.json` : null,
        },
      });
    },
  },
];
