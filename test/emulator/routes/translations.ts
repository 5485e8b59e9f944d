import { atLeast } from "../auth.ts";
import type { Context } from "../context.ts";
import { newId, type TranslationDoc } from "../model.ts";
import { created, deleted, noContent, ok, type Route } from "../router.ts";
import { documentRule, emptyDocument, storedDocument, validate } from "../validate.ts";
import { listBody, mustGetOwned, orgSpace, ownedBy } from "./common.ts";

/** API.md leaves the language enum unstated; the emulator accepts these codes. */
export const LANGUAGES = [
  "ar",
  "cs",
  "da",
  "de",
  "el",
  "en",
  "es",
  "fi",
  "fr",
  "he",
  "hi",
  "hu",
  "id",
  "it",
  "ja",
  "ko",
  "nl",
  "no",
  "pl",
  "pt",
  "pt-br",
  "ro",
  "ru",
  "sv",
  "th",
  "tr",
  "uk",
  "vi",
  "zh",
  "zh-tw",
] as const;

export function renderTranslation(ctx: Context, t: TranslationDoc): Record<string, unknown> {
  const role = ctx.roleIn(t.organization);
  const body: Record<string, unknown> = {
    object: "translation",
    id: t.id,
    status: "pending",
    source: t.source,
    language: t.language,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    stats: { runs: t.runs, totalWords: 0, totalPages: 0, totalDuration: 0, latestRunDuration: 0, latestPages: 0, latestWords: 0 },
    permissions: { view: atLeast(role, "read"), edit: atLeast(role, "create") },
    // DESIGN.md 8: always there, the empty document when none was set.
    instructions: t.instructions ?? emptyDocument(),
    urls: { location: `${ctx.origin}/app/o/${t.organization}/translations/${t.id}` },
  };
  return body;
}

function translation(ctx: Context, organization: string, id: string): TranslationDoc {
  return mustGetOwned<TranslationDoc>(ctx, "translation", organization, id, "translation");
}

const BASE = "/v1/orgs/{organizationId}/translations";

export const translationRoutes: Route[] = [
  {
    method: "GET",
    pattern: BASE,
    role: "read",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      return ok(listBody(ctx, ctx.store.list<TranslationDoc>("translation", org.id), (t) => renderTranslation(ctx, t)));
    },
  },
  {
    method: "POST",
    pattern: BASE,
    role: "create",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      const body = validate(ctx.body, {
        language: { type: "string", required: true, enum: LANGUAGES },
        // DESIGN.md 8: a translation needs its source, both the space and its language.
        source: {
          type: "object",
          required: true,
          fields: { space: { type: "string", min: 1, required: true }, language: { type: "string", enum: LANGUAGES, required: true } },
        },
        instructions: documentRule,
      });
      const source = body.source as TranslationDoc["source"];
      orgSpace(ctx, org.id, source.space!, "source.space");
      const now = ctx.now();
      const doc = ctx.store.insert<TranslationDoc>("translation", org.id, {
        id: newId(),
        organization: org.id,
        language: body.language as string,
        source,
        ...(body.instructions !== undefined ? { instructions: storedDocument(body.instructions) } : {}),
        createdAt: now,
        updatedAt: now,
        runs: 0,
      });
      return created(renderTranslation(ctx, doc));
    },
  },
  {
    method: "GET",
    pattern: `${BASE}/{translationId}`,
    role: "read",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      return ok(renderTranslation(ctx, translation(ctx, org.id, ctx.param("translationId"))));
    },
  },
  {
    method: "PUT",
    pattern: `${BASE}/{translationId}`,
    role: "create",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      const doc = translation(ctx, org.id, ctx.param("translationId"));
      // DESIGN.md 8: a PUT needs `instructions` (it is the whole of what a PUT writes).
      const body = validate(ctx.body, { instructions: { ...documentRule, required: true } });
      const updated = ctx.store.update("translation", org.id, {
        ...doc,
        instructions: storedDocument(body.instructions),
        updatedAt: ctx.now(),
      });
      return ok(renderTranslation(ctx, updated));
    },
  },
  {
    method: "DELETE",
    pattern: `${BASE}/{translationId}`,
    role: "admin",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      const doc = ownedBy<TranslationDoc>(ctx, "translation", org.id, ctx.param("translationId"));
      if (doc) ctx.store.delete("translation", doc.id);
      return deleted(doc !== undefined);
    },
  },
  {
    method: "POST",
    pattern: `${BASE}/{translationId}/run`,
    role: "create",
    handler: (ctx) => {
      // An action takes no body: anything but nothing or {} is refused, as every body is strict.
      validate(ctx.body, {});
      const org = ctx.authorize(ctx.param("organizationId"));
      const doc = translation(ctx, org.id, ctx.param("translationId"));
      ctx.store.update("translation", org.id, { ...doc, runs: doc.runs + 1, updatedAt: ctx.now() });
      return noContent();
    },
  },
];
