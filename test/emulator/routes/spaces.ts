import { atLeast } from "../auth.ts";
import type { Context } from "../context.ts";
import { badRequest, conflict, notFound } from "../errors.ts";
import { newId, type CollectionDoc, type SiteDoc, type SiteSpaceDoc, type SpaceDoc } from "../model.ts";
import { resolvePosition } from "../positions.ts";
import { created, deleted, noContent, ok, type Route } from "../router.ts";
import { mergeRulesRule, queryEnum, roleRule, validate, type Rule } from "../validate.ts";
import { listBody, nextPos, ownedBy } from "./common.ts";

/** API.md 8: a deleted space can be restored for 7 days and is gone for good afterwards. */
export const RESTORE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

export type SpaceState = "active" | "deleted" | "purged";

export function spaceState(ctx: Context, space: SpaceDoc): SpaceState {
  if (!space.deletedAt) return "active";
  return ctx.nowMs - Date.parse(space.deletedAt) < RESTORE_WINDOW_MS ? "deleted" : "purged";
}

export function liveSpaces(ctx: Context, organization: string): SpaceDoc[] {
  return ctx.store.list<SpaceDoc>("space", organization).filter((s) => !s.deletedAt);
}

/** An active space, or 404: deleted spaces are not served until restored. */
export function activeSpace(ctx: Context, id: string): SpaceDoc {
  const space = ctx.store.get<SpaceDoc>("space", id);
  if (!space || space.deletedAt) throw notFound(`space ${id}: not found`);
  return space;
}

export function renderSpace(ctx: Context, space: SpaceDoc, roleOverride?: "read"): Record<string, unknown> {
  const role = roleOverride ?? ctx.roleIn(space.organization);
  const app = `${ctx.origin}/app/o/${space.organization}/s/${space.id}`;
  const published = `${ctx.origin}/published/${space.organization}/${space.id}`;
  const body: Record<string, unknown> = {
    object: "space",
    id: space.id,
    title: space.title,
    emoji: space.emoji,
    visibility: space.visibility,
    createdAt: space.createdAt,
    updatedAt: space.updatedAt,
    editMode: space.editMode,
    mergeRules: space.mergeRules,
    urls: {
      location: `${ctx.origin}/v1/spaces/${space.id}`,
      app,
      published: space.visibility === "share-link" ? `${published}?shareKey=${space.shareKey}` : published,
      public: published,
      icon: `${ctx.origin}/icons/spaces/${space.id}.png`,
    },
    organization: space.organization,
    revision: space.revision,
    defaultLevel: space.defaultLevel,
    comments: 0,
    changeRequests: 0,
    changeRequestsOpen: 0,
    changeRequestsDraft: 0,
    permissions: {
      view: atLeast(role, "read"),
      access: atLeast(role, "read"),
      admin: atLeast(role, "admin"),
      viewInviteLinks: atLeast(role, "admin"),
      edit: atLeast(role, "edit"),
      triggerGitSync: atLeast(role, "edit"),
      comment: atLeast(role, "comment"),
      merge: atLeast(role, "review"),
      review: atLeast(role, "review"),
      installIntegration: atLeast(role, "admin"),
    },
  };
  if (space.parent) body.parent = space.parent;
  if (space.language) body.language = space.language;
  if (space.deletedAt) body.deletedAt = space.deletedAt;
  return body;
}

/** A collection of `organization` named as a parent in a body field. */
export function parentCollection(ctx: Context, organization: string, id: unknown, field = "parent"): string | null {
  if (id === undefined || id === null) return null;
  const collection = ownedBy<CollectionDoc>(ctx, "collection", organization, id as string);
  if (!collection) throw badRequest(`${field}: collection ${id as string} not found in organization ${organization}`);
  return collection.id;
}

/** A site of `organization` that publishes space `spaceId` (as one of its site spaces), if any. */
export function siteShowing(ctx: Context, organization: string, spaceId: string): SiteDoc | undefined {
  return ctx.store.list<SiteDoc>("site", organization).find((site) => ctx.store.list<SiteSpaceDoc>("site-space", site.id).some((ss) => ss.space === spaceId));
}

/** Spaces and collections share one ordering inside a parent (or at the organization's root). */
export function containerItems(ctx: Context, organization: string, parent: string | null) {
  const spaces = liveSpaces(ctx, organization).filter((s) => s.parent === parent);
  const collections = ctx.store.list<CollectionDoc>("collection", organization).filter((c) => c.parent === parent);
  return [...spaces, ...collections];
}

const positionRef: Rule = {
  type: "object",
  fields: {
    type: { type: "string", enum: ["space", "collection"], required: true },
    space: { type: "string" },
    collection: { type: "string" },
  },
};

export const contentPositionRule: Rule = { type: "object", fields: { before: positionRef, after: positionRef } };

export function positionId(ref: unknown, field: string): string | undefined {
  if (ref === undefined) return undefined;
  const r = ref as { type: "space" | "collection"; space?: string; collection?: string };
  const id = r[r.type];
  if (typeof id !== "string") throw badRequest(`position.${field}.${r.type}: is required`);
  return id;
}

export function newSpace(ctx: Context, organization: string, fields: Partial<SpaceDoc> & { title: string }): SpaceDoc {
  const now = ctx.now();
  const parent = fields.parent ?? null;
  return ctx.store.insert<SpaceDoc>("space", organization, {
    emoji: "",
    visibility: parent ? "in-collection" : "private",
    editMode: "live",
    mergeRules: { type: "inherit" },
    defaultLevel: null,
    ...fields,
    id: fields.id ?? newId(),
    organization,
    parent,
    pos: nextPos(containerItems(ctx, organization, parent)),
    createdAt: now,
    updatedAt: now,
    revision: newId(),
    shareKey: newId(24),
  });
}

/** API.md 2.6 and 8: a space title and emoji are at most 50 characters; no minimum is given. */
const titleRule = { type: "string", max: 50 } as const;
const emojiRule = { type: "string", max: 50 } as const;
const editModeRule = { type: "string", enum: ["live", "locked"] } as const;
const languageRule = { type: "string", nullable: true, min: 2, max: 10 } as const;

export const spaceRoutes: Route[] = [
  {
    method: "GET",
    pattern: "/v1/orgs/{organizationId}/spaces",
    role: "read",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      return ok(listBody(ctx, liveSpaces(ctx, org.id), (s) => renderSpace(ctx, s)));
    },
  },
  {
    method: "POST",
    pattern: "/v1/orgs/{organizationId}/spaces",
    role: "create",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      // DESIGN.md 8: the production service creates a space from these fields only.
      const body = validate(ctx.body, {
        title: { ...titleRule, required: true },
        emoji: emojiRule,
        parent: { type: "string", nullable: true },
        language: languageRule,
        editMode: editModeRule,
      });
      const parent = parentCollection(ctx, org.id, body.parent);
      const space = newSpace(ctx, org.id, {
        title: body.title as string,
        parent,
        ...(body.emoji !== undefined ? { emoji: body.emoji as string } : {}),
        ...(typeof body.language === "string" ? { language: body.language } : {}),
        ...(body.editMode !== undefined ? { editMode: body.editMode as SpaceDoc["editMode"] } : {}),
      });
      return created(renderSpace(ctx, space));
    },
  },
  {
    method: "GET",
    pattern: "/v1/spaces/{spaceId}",
    role: "read",
    handler: (ctx) => {
      const space = activeSpace(ctx, ctx.param("spaceId"));
      const shareKey = ctx.query.get("shareKey");
      // A share-link space opens for anyone holding its key, member or not.
      if (shareKey !== null && space.visibility === "share-link" && shareKey === space.shareKey && !atLeast(ctx.roleIn(space.organization), "read")) {
        return ok(renderSpace(ctx, space, "read"));
      }
      ctx.authorize(space.organization);
      return ok(renderSpace(ctx, space));
    },
  },
  {
    method: "PATCH",
    pattern: "/v1/spaces/{spaceId}",
    role: "edit",
    handler: (ctx) => {
      const space = activeSpace(ctx, ctx.param("spaceId"));
      ctx.authorize(space.organization);
      const body = validate(ctx.body, {
        editMode: editModeRule,
        title: titleRule,
        defaultLevel: roleRule({ nullable: true }),
        language: languageRule,
        mergeRules: mergeRulesRule,
        emoji: emojiRule,
      });
      // Access levels and review rules are administration, beyond what `edit` allows.
      if (body.defaultLevel !== undefined || body.mergeRules !== undefined) ctx.authorize(space.organization, "admin");
      const updated = ctx.store.update("space", space.organization, { ...space, ...(body as Partial<SpaceDoc>), updatedAt: ctx.now() });
      return ok(renderSpace(ctx, updated));
    },
  },
  {
    method: "DELETE",
    pattern: "/v1/spaces/{spaceId}",
    role: "admin",
    handler: (ctx) => {
      const space = ctx.store.get<SpaceDoc>("space", ctx.param("spaceId"));
      if (!space) return noContent();
      ctx.authorize(space.organization);
      const state = spaceState(ctx, space);
      if (state === "active") ctx.store.update("space", space.organization, { ...space, deletedAt: ctx.now() });
      if (state === "purged") ctx.store.delete("space", space.id);
      // DESIGN.md 8: 205 when the space existed and was deleted, 204 when it did not exist (any more).
      return deleted(state === "active");
    },
  },
  {
    method: "POST",
    pattern: "/v1/spaces/{spaceId}/restore",
    role: "admin",
    handler: (ctx) => {
      // An action takes no body: anything but nothing or {} is refused, as every body is strict.
      validate(ctx.body, {});
      const space = ctx.store.get<SpaceDoc>("space", ctx.param("spaceId"));
      if (!space) throw notFound(`space ${ctx.param("spaceId")}: not found`);
      ctx.authorize(space.organization);
      const state = spaceState(ctx, space);
      if (state === "purged") {
        ctx.store.delete("space", space.id);
        throw notFound(`space ${space.id}: deleted more than 7 days ago and removed permanently`);
      }
      if (state === "active") return ok(renderSpace(ctx, space));
      const { deletedAt: _removed, ...rest } = space;
      const restored = ctx.store.update<SpaceDoc>("space", space.organization, { ...rest, updatedAt: ctx.now() });
      return ok(renderSpace(ctx, restored));
    },
  },
  {
    method: "POST",
    pattern: "/v1/spaces/{spaceId}/duplicate",
    role: "create",
    handler: (ctx) => {
      // An action takes no body: anything but nothing or {} is refused, as every body is strict.
      validate(ctx.body, {});
      const space = activeSpace(ctx, ctx.param("spaceId"));
      ctx.authorize(space.organization);
      const copy = newSpace(ctx, space.organization, {
        title: `Copy of ${space.title}`.slice(0, 50),
        emoji: space.emoji,
        visibility: space.visibility,
        parent: space.parent,
        editMode: space.editMode,
        mergeRules: space.mergeRules,
        defaultLevel: space.defaultLevel,
        ...(space.language ? { language: space.language } : {}),
      });
      return created(renderSpace(ctx, copy));
    },
  },
  {
    method: "POST",
    pattern: "/v1/spaces/{spaceId}/move",
    role: "create",
    handler: (ctx) => {
      const space = activeSpace(ctx, ctx.param("spaceId"));
      ctx.authorize(space.organization);
      const body = validate(ctx.body, { parent: { type: "string", nullable: true }, position: contentPositionRule });
      const parent = body.parent === undefined ? space.parent : parentCollection(ctx, space.organization, body.parent);
      const position = (body.position ?? {}) as { before?: unknown; after?: unknown };
      const pos = resolvePosition(space.id, containerItems(ctx, space.organization, parent), positionId(position.before, "before"), positionId(position.after, "after"));
      const visibility = !parent && space.visibility === "in-collection" ? "private" : space.visibility;
      const moved = ctx.store.update("space", space.organization, { ...space, parent, pos, visibility, updatedAt: ctx.now() });
      return ok(renderSpace(ctx, moved));
    },
  },
  {
    method: "POST",
    pattern: "/v1/spaces/{spaceId}/transfer",
    role: "admin",
    handler: (ctx) => {
      const space = activeSpace(ctx, ctx.param("spaceId"));
      ctx.authorize(space.organization);
      // API.md 4.3: the body is the target organization and nothing else; a collection of the
      // target is reached with a move afterwards.
      const body = validate(ctx.body, { organization: { type: "string", required: true, min: 1 } });
      const target = body.organization as string;
      ctx.authorize(target, "create");
      // The wording the API uses for a transfer of a collection to where it is (API.md 7.4).
      if (target === space.organization) throw conflict("the transfer would not result in any update: the space is already in this organization");
      // As for a collection (API.md 7.4): a site of the source organization would lose its content.
      const site = siteShowing(ctx, space.organization, space.id);
      if (site) throw conflict(`the space cannot be moved: it is published in site ${site.id} of organization ${space.organization}`);
      // The space leaves its collection (which stays in the source organization) for the top level.
      const visibility = space.visibility === "in-collection" ? "private" : space.visibility;
      const moved = ctx.store.update("space", target, {
        ...space,
        organization: target,
        parent: null,
        visibility,
        pos: nextPos(containerItems(ctx, target, null)),
        updatedAt: ctx.now(),
      });
      return ok(renderSpace(ctx, moved));
    },
  },
  {
    method: "GET",
    pattern: "/v1/spaces/{spaceId}/links",
    role: "read",
    handler: (ctx) => {
      const space = activeSpace(ctx, ctx.param("spaceId"));
      ctx.authorize(space.organization);
      queryEnum(ctx.query, "status", ["ok", "broken", "in-app"] as const);
      // The emulator stores no page content, hence no links.
      return ok({ ...listBody(ctx, [], () => null), stats: { total: 0, broken: { total: 0, changeRequest: 0 } } });
    },
  },
];
