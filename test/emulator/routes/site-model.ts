import type { Context } from "../context.ts";
import { slugify, type SectionDoc, type SectionGroupDoc, type SiteDoc, type SiteSpaceDoc, type SpaceDoc } from "../model.ts";
import { mustGetOwned, nextPos } from "./common.ts";
import { renderSpace } from "./spaces.ts";

/**
 * The structure rules of a site, kept in one place:
 * - a site either has sections or holds its site spaces at the root (section null);
 * - when it has sections, exactly one is the default (`site.defaultSection`);
 * - every container (the root, or a section) with site spaces has exactly one default site space.
 * `normalize` restores these rules after any change, promoting the first item by position.
 */

const byPosition = <T extends { pos: number; seq: number }>(items: T[]) => items.sort((a, b) => a.pos - b.pos || a.seq - b.seq);

export function sectionsOf(ctx: Context, site: string): SectionDoc[] {
  return byPosition(ctx.store.list<SectionDoc>("site-section", site));
}

export function siteSpacesOf(ctx: Context, site: string): SiteSpaceDoc[] {
  return byPosition(ctx.store.list<SiteSpaceDoc>("site-space", site));
}

export function groupsOf(ctx: Context, site: string): SectionGroupDoc[] {
  return byPosition(ctx.store.list<SectionGroupDoc>("site-section-group", site));
}

/**
 * One level of a site's tree (the root when `group` is undefined): its sections and section groups,
 * which are siblings, in order. Positions of both kinds share one scale; the creation sequence,
 * global across kinds, breaks ties.
 */
export type LevelItem = { kind: "site-section"; doc: SectionDoc } | { kind: "site-section-group"; doc: SectionGroupDoc };

export function levelOf(ctx: Context, site: string, group: string | undefined): LevelItem[] {
  const items: LevelItem[] = [
    ...sectionsOf(ctx, site)
      .filter((s) => s.sectionGroup === group)
      .map((doc) => ({ kind: "site-section" as const, doc })),
    ...groupsOf(ctx, site)
      .filter((g) => g.parent === group)
      .map((doc) => ({ kind: "site-section-group" as const, doc })),
  ];
  return items.sort((a, b) => a.doc.pos - b.doc.pos || a.doc.seq - b.doc.seq);
}

/** Position after every section and group of the site: the end of whatever level an item joins. */
export function nextTreePos(ctx: Context, site: string): number {
  return nextPos([...sectionsOf(ctx, site), ...groupsOf(ctx, site)]);
}

export function site(ctx: Context, organization: string, id: string): SiteDoc {
  return mustGetOwned<SiteDoc>(ctx, "site", organization, id, "site");
}

export function normalize(ctx: Context, siteId: string): void {
  const siteDoc = ctx.store.get<SiteDoc>("site", siteId);
  if (!siteDoc) return;
  const sections = sectionsOf(ctx, siteId);
  const defaultSection = sections.some((s) => s.id === siteDoc.defaultSection) ? siteDoc.defaultSection : sections[0]?.id;
  if (defaultSection !== siteDoc.defaultSection) {
    const { defaultSection: _old, ...rest } = siteDoc;
    ctx.store.update<SiteDoc>("site", siteDoc.organization, defaultSection ? { ...rest, defaultSection } : rest);
  }
  const containers = new Map<string | null, SiteSpaceDoc[]>();
  for (const ss of siteSpacesOf(ctx, siteId)) {
    const list = containers.get(ss.section) ?? [];
    list.push(ss);
    containers.set(ss.section, list);
  }
  for (const list of containers.values()) {
    const defaults = list.filter((ss) => ss.isDefault);
    const keep = defaults[0] ?? list[0];
    for (const ss of list) {
      const isDefault = ss.id === keep.id;
      if (ss.isDefault !== isDefault) ctx.store.update("site-space", siteId, { ...ss, isDefault });
    }
  }
}

/** A path unique among `taken`, derived from `wanted`. */
/** The longest path a section or site space may have (the limit a PATCH of `path` enforces). */
export const PATH_MAX = 100;

/** A path derived from a title: slugified, unique among `taken`, and never longer than {@link PATH_MAX}. */
export function uniquePath(wanted: string, taken: string[]): string {
  const base = slugify(wanted);
  const within = (suffix: string) => `${base.slice(0, PATH_MAX - suffix.length)}${suffix}`;
  let path = within("");
  for (let n = 2; taken.includes(path); n++) path = within(`-${n}`);
  return path;
}

export function publishedUrl(ctx: Context, siteDoc: SiteDoc): string {
  const base = `${ctx.origin}/sites/${siteDoc.id}${siteDoc.basename ? `/${siteDoc.basename}` : ""}`;
  return siteDoc.visibility === "share-link" ? `${base}?shareKey=${siteDoc.shareKey}` : base;
}

function sitePath(ctx: Context, siteDoc: SiteDoc, ...parts: string[]): string {
  const base = `${ctx.origin}/sites/${siteDoc.id}${siteDoc.basename ? `/${siteDoc.basename}` : ""}`;
  return [base, ...parts].join("/");
}

export function renderSiteSpace(ctx: Context, siteDoc: SiteDoc, ss: SiteSpaceDoc): Record<string, unknown> {
  const space = ctx.store.get<SpaceDoc>("space", ss.space);
  const section = ss.section ? ctx.store.get<SectionDoc>("site-section", ss.section) : undefined;
  const body: Record<string, unknown> = {
    object: "site-space",
    id: ss.id,
    path: ss.path,
    section: ss.section,
    space: space ? renderSpace(ctx, space) : { object: "space", id: ss.space },
    title: space?.title ?? "",
    default: ss.isDefault,
    hasAdvancedCustomizationFeature: false,
    // DESIGN.md 8: no write puts a site space in draft, so it never is one; `hidden` is its PATCH's.
    draft: false,
    hidden: ss.hidden ?? false,
    urls: { published: sitePath(ctx, siteDoc, ...(section ? [section.path] : []), ss.path) },
  };
  if (ss.condition !== undefined) body.condition = ss.condition;
  return body;
}

export function renderSection(ctx: Context, siteDoc: SiteDoc, section: SectionDoc): Record<string, unknown> {
  const body: Record<string, unknown> = {
    object: "site-section",
    id: section.id,
    title: section.title,
    default: siteDoc.defaultSection === section.id,
    path: section.path,
    siteSpaces: siteSpacesOf(ctx, siteDoc.id)
      .filter((ss) => ss.section === section.id)
      .map((ss) => renderSiteSpace(ctx, siteDoc, ss)),
    draft: section.draft ?? false,
    urls: { published: sitePath(ctx, siteDoc, section.path) },
  };
  if (section.description !== undefined) body.description = section.description;
  if (section.condition !== undefined) body.condition = section.condition;
  if (section.sectionGroup !== undefined) body.sectionGroup = section.sectionGroup;
  if (section.icon !== undefined) body.icon = section.icon;
  return body;
}

/**
 * DESIGN.md 8: a section group carries `sections` (its own site sections, as objects, in order),
 * `children` (everything nested under it, sections and groups alike, as objects in the level's
 * order, each group with its own children) and `sectionGroup` (its parent's id when nested). The
 * emulator has no external links, so `children` holds sections and groups only.
 */
export function renderGroup(ctx: Context, siteDoc: SiteDoc, group: SectionGroupDoc): Record<string, unknown> {
  const level = levelOf(ctx, siteDoc.id, group.id);
  const body: Record<string, unknown> = {
    object: "site-section-group",
    id: group.id,
    title: group.title,
    children: level.map((item) => (item.kind === "site-section" ? renderSection(ctx, siteDoc, item.doc) : renderGroup(ctx, siteDoc, item.doc))),
    sections: level.flatMap((item) => (item.kind === "site-section" ? [renderSection(ctx, siteDoc, item.doc)] : [])),
    // No write puts a group in draft.
    draft: false,
  };
  if (group.parent !== undefined) body.sectionGroup = group.parent;
  if (group.icon !== undefined) body.icon = group.icon;
  return body;
}

/**
 * The ordered tree of a site (DESIGN.md 8, `GET .../structure`): its sections and section groups
 * (groups hold their sections and nested groups as `children`, in order), or, for a site without
 * sections, its site spaces.
 */
export function renderStructure(ctx: Context, siteDoc: SiteDoc): Record<string, unknown> {
  if (sectionsOf(ctx, siteDoc.id).length === 0 && groupsOf(ctx, siteDoc.id).length === 0) {
    const root = siteSpacesOf(ctx, siteDoc.id).filter((ss) => ss.section === null);
    return { type: "siteSpaces", structure: root.map((ss) => renderSiteSpace(ctx, siteDoc, ss)) };
  }
  const renderLevel = (group: string | undefined): unknown[] =>
    levelOf(ctx, siteDoc.id, group).map((item) => (item.kind === "site-section" ? renderSection(ctx, siteDoc, item.doc) : renderGroup(ctx, siteDoc, item.doc)));
  return { type: "sections", structure: renderLevel(undefined) };
}

/** Adds a site space for `space` to a container (the root when `section` is null). */
export function addSiteSpace(ctx: Context, siteId: string, section: string | null, space: SpaceDoc, id: string): SiteSpaceDoc {
  const siblings = siteSpacesOf(ctx, siteId).filter((ss) => ss.section === section);
  return ctx.store.insert<SiteSpaceDoc>("site-space", siteId, {
    id,
    site: siteId,
    section,
    space: space.id,
    path: uniquePath(
      space.title,
      siblings.map((ss) => ss.path),
    ),
    isDefault: siblings.length === 0,
    pos: nextPos(siblings),
  });
}

/** Removes a site and everything it holds. */
export function deleteSiteContents(ctx: Context, siteId: string): void {
  for (const kind of ["site-section", "site-space", "site-section-group"]) {
    for (const doc of ctx.store.list(kind, siteId)) ctx.store.delete(kind, doc.id);
  }
  ctx.store.delete("adaptive-schema", siteId);
  // The customization documents of routes/customization.ts: the site's, and its site spaces' overrides.
  ctx.store.delete("site-customization", siteId);
  for (const doc of ctx.store.list("site-space-customization", siteId)) ctx.store.delete("site-space-customization", doc.id);
}
