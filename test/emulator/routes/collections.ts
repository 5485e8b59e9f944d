import { atLeast } from "../auth.ts";
import type { Context } from "../context.ts";
import { badRequest, conflict, notFound } from "../errors.ts";
import { newId, type CollectionDoc, type SpaceDoc } from "../model.ts";
import { resolvePosition } from "../positions.ts";
import { created, deleted, noContent, ok, type Route } from "../router.ts";
import { queryBoolean, roleRule, validate } from "../validate.ts";
import { byPos, listBody, nextPos } from "./common.ts";
import { containerItems, contentPositionRule, liveSpaces, parentCollection, positionId, renderSpace, siteShowing } from "./spaces.ts";

export function renderCollection(ctx: Context, c: CollectionDoc): Record<string, unknown> {
  const role = ctx.roleIn(c.organization);
  const body: Record<string, unknown> = {
    object: "collection",
    id: c.id,
    title: c.title,
    organization: c.organization,
    defaultLevel: c.defaultLevel,
    urls: { location: `${ctx.origin}/v1/collections/${c.id}`, app: `${ctx.origin}/app/o/${c.organization}/c/${c.id}` },
    permissions: {
      view: atLeast(role, "read"),
      admin: atLeast(role, "admin"),
      viewInviteLinks: atLeast(role, "admin"),
      create: atLeast(role, "create"),
    },
  };
  if (c.description !== undefined) body.description = c.description;
  if (c.parent) body.parent = c.parent;
  return body;
}

function collection(ctx: Context, id: string): CollectionDoc {
  const doc = ctx.store.get<CollectionDoc>("collection", id);
  if (!doc) throw notFound(`collection ${id}: not found`);
  return doc;
}

/** The collection and every collection nested in it, at any depth. */
function subtree(ctx: Context, root: CollectionDoc): CollectionDoc[] {
  const all = ctx.store.list<CollectionDoc>("collection", root.organization);
  const result = [root];
  for (let i = 0; i < result.length; i++) result.push(...all.filter((c) => c.parent === result[i].id));
  return result;
}

/** DESIGN.md 8 (production; API.md gives no limits): titles 1..50, descriptions up to 100. */
const COLLECTION_TITLE = { type: "string", min: 1, max: 50 } as const;
const COLLECTION_DESCRIPTION = { type: "string", max: 100 } as const;
/** DESIGN.md 8: a collection created without a title gets one, as a site does. */
export const UNTITLED_COLLECTION = "Untitled collection";

export const collectionRoutes: Route[] = [
  {
    method: "GET",
    pattern: "/v1/orgs/{organizationId}/collections",
    role: "read",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      const nested = queryBoolean(ctx.query, "nested") ?? true;
      const all = ctx.store.list<CollectionDoc>("collection", org.id).filter((c) => nested || c.parent === null);
      return ok(listBody(ctx, all, (c) => renderCollection(ctx, c)));
    },
  },
  {
    method: "POST",
    pattern: "/v1/orgs/{organizationId}/collections",
    role: "create",
    handler: (ctx) => {
      const org = ctx.authorize(ctx.param("organizationId"));
      const body = validate(ctx.body, {
        // DESIGN.md 8: every field of the body is optional; a given title keeps its 1..50 limit.
        title: COLLECTION_TITLE,
        parent: { type: "string", nullable: true },
        description: COLLECTION_DESCRIPTION,
      });
      const parent = parentCollection(ctx, org.id, body.parent);
      const doc = ctx.store.insert<CollectionDoc>("collection", org.id, {
        id: newId(),
        organization: org.id,
        title: (body.title as string | undefined) ?? UNTITLED_COLLECTION,
        ...(body.description !== undefined ? { description: body.description as string } : {}),
        parent,
        pos: nextPos(containerItems(ctx, org.id, parent)),
        defaultLevel: null,
        createdAt: ctx.now(),
      });
      return created(renderCollection(ctx, doc));
    },
  },
  {
    method: "GET",
    pattern: "/v1/collections/{collectionId}",
    role: "read",
    handler: (ctx) => {
      const doc = collection(ctx, ctx.param("collectionId"));
      ctx.authorize(doc.organization);
      return ok(renderCollection(ctx, doc));
    },
  },
  {
    method: "PATCH",
    pattern: "/v1/collections/{collectionId}",
    role: "create",
    handler: (ctx) => {
      const doc = collection(ctx, ctx.param("collectionId"));
      ctx.authorize(doc.organization);
      const body = validate(ctx.body, {
        title: COLLECTION_TITLE,
        description: COLLECTION_DESCRIPTION,
        defaultLevel: roleRule({ nullable: true }),
      });
      const updated = ctx.store.update("collection", doc.organization, { ...doc, ...(body as Partial<CollectionDoc>) });
      return ok(renderCollection(ctx, updated));
    },
  },
  {
    method: "DELETE",
    pattern: "/v1/collections/{collectionId}",
    role: "admin",
    handler: (ctx) => {
      const doc = ctx.store.get<CollectionDoc>("collection", ctx.param("collectionId"));
      if (!doc) return noContent();
      ctx.authorize(doc.organization);
      // Contents are kept: they move up to the deleted collection's parent.
      for (const child of ctx.store.list<CollectionDoc>("collection", doc.organization).filter((c) => c.parent === doc.id)) {
        ctx.store.update("collection", doc.organization, { ...child, parent: doc.parent });
      }
      for (const space of ctx.store.list<SpaceDoc>("space", doc.organization).filter((s) => s.parent === doc.id)) {
        const visibility = !doc.parent && space.visibility === "in-collection" ? "private" : space.visibility;
        ctx.store.update("space", doc.organization, { ...space, parent: doc.parent, visibility });
      }
      ctx.store.delete("collection", doc.id);
      return deleted(true);
    },
  },
  {
    method: "GET",
    pattern: "/v1/collections/{collectionId}/spaces",
    role: "read",
    handler: (ctx) => {
      const doc = collection(ctx, ctx.param("collectionId"));
      ctx.authorize(doc.organization);
      const spaces = liveSpaces(ctx, doc.organization).filter((s) => s.parent === doc.id);
      return ok(listBody(ctx, spaces, (s) => renderSpace(ctx, s), { key: byPos }));
    },
  },
  {
    method: "POST",
    pattern: "/v1/collections/{collectionId}/move",
    role: "create",
    handler: (ctx) => {
      const doc = collection(ctx, ctx.param("collectionId"));
      ctx.authorize(doc.organization);
      const body = validate(ctx.body, { parent: { type: "string", nullable: true }, position: contentPositionRule });
      // DESIGN.md 8: an empty body is invalid input; the 409 below is for a body naming the place the collection already has.
      if (Object.keys(body).length === 0) throw badRequest("body: needs at least one field (parent or position)");
      const parent = body.parent === undefined ? doc.parent : parentCollection(ctx, doc.organization, body.parent);
      if (parent && subtree(ctx, doc).some((c) => c.id === parent)) {
        throw badRequest("parent: a collection cannot be moved into itself or one of its descendants (invalid position)");
      }
      const position = (body.position ?? {}) as { before?: unknown; after?: unknown };
      if (parent === doc.parent && position.before === undefined && position.after === undefined) {
        throw conflict("the move would not result in any update");
      }
      const pos = resolvePosition(doc.id, containerItems(ctx, doc.organization, parent), positionId(position.before, "before"), positionId(position.after, "after"));
      const moved = ctx.store.update("collection", doc.organization, { ...doc, parent, pos });
      return ok(renderCollection(ctx, moved));
    },
  },
  {
    method: "POST",
    pattern: "/v1/collections/{collectionId}/transfer",
    role: "admin",
    handler: (ctx) => {
      const doc = collection(ctx, ctx.param("collectionId"));
      ctx.authorize(doc.organization);
      const body = validate(ctx.body, { organization: { type: "string", required: true, min: 1 } });
      const target = body.organization as string;
      ctx.authorize(target, "create");
      if (target === doc.organization) throw conflict("the transfer would not result in any update: the collection is already in this organization");
      const collections = subtree(ctx, doc);
      const ids = new Set(collections.map((c) => c.id));
      const spaces = ctx.store.list<SpaceDoc>("space", doc.organization).filter((s) => s.parent !== null && ids.has(s.parent));
      // Sites of the source organization would lose their content: such a collection cannot move.
      const blocking = spaces.find((s) => siteShowing(ctx, doc.organization, s.id));
      if (blocking) throw conflict(`the collection cannot be moved: its space ${blocking.id} is published in a site of organization ${doc.organization}`);
      const pos = nextPos(containerItems(ctx, target, null));
      for (const c of collections) {
        ctx.store.update("collection", target, { ...c, organization: target, ...(c.id === doc.id ? { parent: null, pos } : {}) });
      }
      for (const s of spaces) ctx.store.update("space", target, { ...s, organization: target });
      return ok(renderCollection(ctx, { ...doc, organization: target, parent: null, pos }));
    },
  },
];
