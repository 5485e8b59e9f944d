import type { Context } from "../context.ts";
import { badRequest, notFound } from "../errors.ts";
import type { SpaceDoc, UserDoc } from "../model.ts";
import { paginate, type PageOptions } from "../pagination.ts";
import type { Stored } from "../storage.ts";

/** The list envelope of API.md 2.1. */
export function listBody<T extends Stored>(
  ctx: Context,
  items: T[],
  render: (item: T) => unknown,
  options?: PageOptions<T>,
): { items: unknown[]; count: number; next?: { page: string } } {
  const page = paginate(items, ctx.query, options);
  const body: { items: unknown[]; count: number; next?: { page: string } } = {
    items: page.items.map(render),
    count: page.items.length,
  };
  if (page.next) body.next = page.next;
  return body;
}

export function renderUser(ctx: Context, user: UserDoc): Record<string, unknown> {
  return {
    object: "user",
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    photoURL: user.photoURL ?? `${ctx.origin}/avatars/${user.id}.png`,
    urls: { location: `${ctx.origin}/app/u/${user.id}` },
  };
}

export function renderUserById(ctx: Context, id: string): Record<string, unknown> {
  const user = ctx.store.get<UserDoc>("user", id);
  if (!user) return { object: "user", id, displayName: "", email: "", photoURL: "", urls: { location: `${ctx.origin}/app/u/${id}` } };
  return renderUser(ctx, user);
}

export function mustGet<T extends Stored>(ctx: Context, kind: string, id: string, label: string): T {
  const doc = ctx.store.get<T>(kind, id);
  if (!doc) throw notFound(`${label} ${id}: not found`);
  return doc;
}

/** The `kind` document `id` when it belongs to `organization`; another organization's counts as missing. */
export function ownedBy<T extends Stored & { organization: string }>(ctx: Context, kind: string, organization: string, id: string): T | undefined {
  const doc = ctx.store.get<T>(kind, id);
  return doc && doc.organization === organization ? doc : undefined;
}

/** The `kind` document `id` of `organization`, or 404 `<label> <id>: not found`. */
export function mustGetOwned<T extends Stored & { organization: string }>(ctx: Context, kind: string, organization: string, id: string, label: string): T {
  const doc = ownedBy<T>(ctx, kind, organization, id);
  if (!doc) throw notFound(`${label} ${id}: not found`);
  return doc;
}

/** A live (not deleted) space of `organization` named in the body field `field`, or 400. */
export function orgSpace(ctx: Context, organization: string, id: string, field: string): SpaceDoc {
  const space = ownedBy<SpaceDoc>(ctx, "space", organization, id);
  if (!space || space.deletedAt) throw badRequest(`${field}: space ${id} not found in this organization`);
  return space;
}

/** Position of a newly appended item: after everything that exists. */
export function nextPos(items: Array<{ pos: number }>): number {
  return items.reduce((max, item) => Math.max(max, item.pos), 0) + 1;
}

export function byPos<T extends { pos: number; seq: number }>(item: T): Array<number> {
  return [item.pos, item.seq];
}

/** Drops keys whose value is undefined so responses never carry them. */
export function compact<T extends Record<string, unknown>>(value: T): T {
  for (const key of Object.keys(value)) if (value[key] === undefined) delete value[key];
  return value;
}
