import type { Context } from "../context.ts";
import { badRequest, conflict, notFound } from "../errors.ts";
import { newId, type SectionDoc, type SectionGroupDoc, type SiteDoc, type SiteSpaceDoc } from "../model.ts";
import { resolvePosition } from "../positions.ts";
import { created, deleted, noContent, ok, type Route } from "../router.ts";
import { queryBoolean, queryString, validate, type Rule } from "../validate.ts";
import { byPos, listBody, orgSpace } from "./common.ts";
import {
  addSiteSpace,
  groupsOf,
  levelOf,
  nextTreePos,
  normalize,
  renderGroup,
  renderSection,
  renderSiteSpace,
  renderStructure,
  sectionsOf,
  site,
  siteSpacesOf,
  uniquePath,
} from "./site-model.ts";

const BASE = "/v1/orgs/{organizationId}/sites/{siteId}";

function siteOf(ctx: Context): SiteDoc {
  const org = ctx.authorize(ctx.param("organizationId"));
  // shareKey only matters for anonymous published reads; members are served regardless.
  queryString(ctx.query, "shareKey");
  return site(ctx, org.id, ctx.param("siteId"));
}

function section(ctx: Context, siteId: string, id: string): SectionDoc {
  const doc = ctx.store.get<SectionDoc>("site-section", id);
  if (!doc || doc.site !== siteId) throw notFound(`site section ${id}: not found`);
  return doc;
}

/** The group `id` of the site: 404 when addressed by the path, 400 naming `field` when named in a body. */
function group(ctx: Context, siteId: string, id: string, field?: string): SectionGroupDoc {
  const doc = ctx.store.get<SectionGroupDoc>("site-section-group", id);
  if (!doc || doc.site !== siteId) {
    throw field ? badRequest(`${field}: section group ${id} is not a group of this site`) : notFound(`section group ${id}: not found`);
  }
  return doc;
}

function siteSpace(ctx: Context, siteId: string, id: string): SiteSpaceDoc {
  const doc = ctx.store.get<SiteSpaceDoc>("site-space", id);
  if (!doc || doc.site !== siteId) throw notFound(`site space ${id}: not found`);
  return doc;
}

function positionRule(type: string, idField: string): Rule {
  const ref: Rule = { type: "object", fields: { type: { type: "string", enum: [type], required: true }, [idField]: { type: "string", required: true } } };
  return { type: "object", required: true, fields: { before: ref, after: ref } };
}

function positionIds(body: Record<string, unknown>, idField: string): [string | undefined, string | undefined] {
  const position = body.position as { before?: Record<string, string>; after?: Record<string, string> };
  return [position.before?.[idField], position.after?.[idField]];
}

/** A section or a section group named by a position. */
type LevelPointer = { type: "site-section" | "site-section-group"; id: string };

const STRUCTURE_TYPES = ["site-space", "site-section", "site-section-group"] as const;
type StructurePointer = { type: (typeof STRUCTURE_TYPES)[number]; id: string };

/**
 * The siblings of a structure item, itself included: the site spaces of its container for a site
 * space; the sections and groups of its level for a section or a group. An item that is not in
 * the site is the no-match outcome (404).
 */
function siblingsOf(ctx: Context, siteId: string, item: StructurePointer): { type: string; doc: SectionDoc | SectionGroupDoc | SiteSpaceDoc }[] {
  if (item.type === "site-space") {
    const doc = siteSpace(ctx, siteId, item.id);
    return siteSpacesOf(ctx, siteId)
      .filter((ss) => ss.section === doc.section)
      .map((ss) => ({ type: "site-space", doc: ss }));
  }
  const container = item.type === "site-section" ? section(ctx, siteId, item.id).sectionGroup : group(ctx, siteId, item.id).parent;
  return levelOf(ctx, siteId, container).map((entry) => ({ type: entry.kind, doc: entry.doc }));
}

const conditionRule: Rule = { type: "string", nullable: true, min: 1, max: 1000 };
/** DESIGN.md 8 (production; API.md gives no limit): section titles have 2 to 128 characters. */
const SECTION_TITLE: Rule = { type: "string", min: 2, max: 128 };
/** DESIGN.md 8: section group titles have up to 100 characters (not empty). */
const GROUP_TITLE: Rule = { type: "string", min: 1, max: 100 };

export const siteStructureRoutes: Route[] = [
  // Sections
  {
    method: "GET",
    pattern: `${BASE}/sections`,
    role: "read",
    handler: (ctx) => {
      const siteDoc = siteOf(ctx);
      return ok(listBody(ctx, ctx.store.list<SectionDoc>("site-section", siteDoc.id), (s) => renderSection(ctx, siteDoc, s), { key: byPos }));
    },
  },
  {
    method: "POST",
    pattern: `${BASE}/sections`,
    role: "create",
    handler: (ctx) => {
      const siteDoc = siteOf(ctx);
      const body = validate(ctx.body, {
        spaceId: { type: "string", required: true, min: 1 },
        title: SECTION_TITLE,
        icon: { type: "string", min: 1, max: 100 },
      });
      const space = orgSpace(ctx, siteDoc.organization, body.spaceId as string, "spaceId");
      const existing = sectionsOf(ctx, siteDoc.id);
      const title = (body.title as string | undefined) ?? space.title;
      const doc = ctx.store.insert<SectionDoc>("site-section", siteDoc.id, {
        id: newId(),
        site: siteDoc.id,
        title,
        path: uniquePath(
          title,
          existing.map((s) => s.path),
        ),
        ...(body.icon !== undefined ? { icon: body.icon as string } : {}),
        // Sections and groups share the root level: a new section goes after both.
        pos: nextTreePos(ctx, siteDoc.id),
      });
      // A site switching to sections keeps its content: root site spaces move into the first section.
      if (existing.length === 0) {
        for (const ss of siteSpacesOf(ctx, siteDoc.id).filter((s) => s.section === null)) {
          ctx.store.update("site-space", siteDoc.id, { ...ss, section: doc.id });
        }
      }
      if (!siteSpacesOf(ctx, siteDoc.id).some((ss) => ss.section === doc.id && ss.space === space.id)) {
        addSiteSpace(ctx, siteDoc.id, doc.id, space, newId());
      }
      normalize(ctx, siteDoc.id);
      return created(renderSection(ctx, ctx.store.get<SiteDoc>("site", siteDoc.id)!, doc));
    },
  },
  {
    method: "PATCH",
    pattern: `${BASE}/sections/{siteSectionId}`,
    role: "create",
    handler: (ctx) => {
      const siteDoc = siteOf(ctx);
      const doc = section(ctx, siteDoc.id, ctx.param("siteSectionId"));
      const body = validate(ctx.body, {
        title: SECTION_TITLE,
        path: { type: "string", min: 1, max: 100, pattern: /^[a-zA-Z0-9][\w-]*$/ },
        defaultSiteSpace: { type: "string" },
        condition: conditionRule,
        icon: { type: "string", min: 1, max: 100 },
        description: { type: "string", max: 1000 },
        // DESIGN.md 8: a section joins a group with its id, and leaves it with null.
        siteSectionGroupId: { type: "string", min: 1, nullable: true },
        // DESIGN.md 8: a section may be put in draft, or taken out of it.
        draft: { type: "boolean" },
      });
      const { defaultSiteSpace, condition, siteSectionGroupId, ...fields } = body;
      if (typeof fields.path === "string" && sectionsOf(ctx, siteDoc.id).some((s) => s.id !== doc.id && s.path === fields.path)) {
        throw conflict(`path: '${fields.path}' is already used by another section of this site`);
      }
      const updated: SectionDoc = { ...doc, ...(fields as Partial<SectionDoc>) };
      if (condition === null) delete updated.condition;
      else if (condition !== undefined) updated.condition = condition as string;
      if (siteSectionGroupId !== undefined) {
        const target = siteSectionGroupId === null ? undefined : group(ctx, siteDoc.id, siteSectionGroupId as string, "siteSectionGroupId").id;
        // Joining another level puts the section at its end; naming the group it is in changes nothing.
        if (target !== doc.sectionGroup) {
          updated.pos = nextTreePos(ctx, siteDoc.id);
          if (target === undefined) delete updated.sectionGroup;
          else updated.sectionGroup = target;
        }
      }
      ctx.store.update("site-section", siteDoc.id, updated);
      if (defaultSiteSpace !== undefined) {
        const members = siteSpacesOf(ctx, siteDoc.id).filter((ss) => ss.section === doc.id);
        if (!members.some((ss) => ss.id === defaultSiteSpace)) throw badRequest(`defaultSiteSpace: site space ${defaultSiteSpace as string} is not in this section`);
        for (const ss of members) ctx.store.update("site-space", siteDoc.id, { ...ss, isDefault: ss.id === defaultSiteSpace });
      }
      return ok(renderSection(ctx, siteDoc, updated));
    },
  },
  {
    method: "DELETE",
    pattern: `${BASE}/sections/{siteSectionId}`,
    role: "create",
    handler: (ctx) => {
      const siteDoc = siteOf(ctx);
      const doc = ctx.store.get<SectionDoc>("site-section", ctx.param("siteSectionId"));
      if (doc && doc.site === siteDoc.id) {
        for (const ss of siteSpacesOf(ctx, siteDoc.id).filter((s) => s.section === doc.id)) ctx.store.delete("site-space", ss.id);
        ctx.store.delete("site-section", doc.id);
        normalize(ctx, siteDoc.id);
      }
      return deleted(doc?.site === siteDoc.id);
    },
  },
  {
    method: "POST",
    pattern: `${BASE}/sections/{siteSectionId}/move`,
    role: "create",
    handler: (ctx) => {
      const siteDoc = siteOf(ctx);
      const doc = section(ctx, siteDoc.id, ctx.param("siteSectionId"));
      const body = validate(ctx.body, { position: positionRule("site-section", "siteSection") });
      const [before, after] = positionIds(body, "siteSection");
      const siblings = sectionsOf(ctx, siteDoc.id).filter((s) => s.sectionGroup === doc.sectionGroup);
      const pos = resolvePosition(doc.id, siblings, before, after);
      const moved = ctx.store.update("site-section", siteDoc.id, { ...doc, pos });
      return ok(renderSection(ctx, siteDoc, moved));
    },
  },
  // Section groups
  {
    method: "GET",
    pattern: `${BASE}/section-groups`,
    role: "read",
    handler: (ctx) => {
      const siteDoc = siteOf(ctx);
      return ok(listBody(ctx, ctx.store.list<SectionGroupDoc>("site-section-group", siteDoc.id), (g) => renderGroup(ctx, siteDoc, g), { key: byPos }));
    },
  },
  {
    method: "POST",
    pattern: `${BASE}/section-groups`,
    role: "create",
    handler: (ctx) => {
      const siteDoc = siteOf(ctx);
      const body = validate(ctx.body, {
        title: { ...GROUP_TITLE, required: true },
        icon: { type: "string", min: 1, max: 100 },
        sections: { type: "array", items: { type: "string" } },
        parent: { type: "string" },
      });
      const sections = ((body.sections as string[] | undefined) ?? []).map((id, i) => {
        const doc = ctx.store.get<SectionDoc>("site-section", id);
        if (!doc || doc.site !== siteDoc.id) throw badRequest(`sections[${i}]: section ${id} is not a section of this site`);
        return doc;
      });
      if (body.parent !== undefined) {
        const parent = ctx.store.get<SectionGroupDoc>("site-section-group", body.parent as string);
        if (!parent || parent.site !== siteDoc.id) throw badRequest(`parent: section group ${body.parent as string} is not a group of this site`);
      }
      const doc = ctx.store.insert<SectionGroupDoc>("site-section-group", siteDoc.id, {
        id: newId(),
        site: siteDoc.id,
        title: body.title as string,
        ...(body.icon !== undefined ? { icon: body.icon as string } : {}),
        ...(body.parent !== undefined ? { parent: body.parent as string } : {}),
        pos: nextTreePos(ctx, siteDoc.id),
      });
      for (const s of sections) ctx.store.update("site-section", siteDoc.id, { ...s, sectionGroup: doc.id });
      return created(renderGroup(ctx, siteDoc, doc));
    },
  },
  {
    method: "PATCH",
    pattern: `${BASE}/section-groups/{siteSectionGroupId}`,
    role: "create",
    handler: (ctx) => {
      const siteDoc = siteOf(ctx);
      const doc = group(ctx, siteDoc.id, ctx.param("siteSectionGroupId"));
      const body = validate(ctx.body, {
        title: GROUP_TITLE,
        icon: { type: "string", min: 1, max: 100 },
        // DESIGN.md 8: a group moves under another with its id, and to the top level with null.
        parentSectionGroupId: { type: "string", min: 1, nullable: true },
      });
      const { parentSectionGroupId, ...fields } = body;
      const updated: SectionGroupDoc = { ...doc, ...(fields as Partial<SectionGroupDoc>) };
      if (parentSectionGroupId !== undefined) {
        const target = parentSectionGroupId === null ? undefined : group(ctx, siteDoc.id, parentSectionGroupId as string, "parentSectionGroupId").id;
        for (let ancestor = target; ancestor !== undefined; ancestor = ctx.store.get<SectionGroupDoc>("site-section-group", ancestor)?.parent) {
          if (ancestor === doc.id) throw badRequest(`parentSectionGroupId: group ${doc.id} cannot be moved under itself or a group it contains`);
        }
        if (target !== doc.parent) {
          updated.pos = nextTreePos(ctx, siteDoc.id);
          if (target === undefined) delete updated.parent;
          else updated.parent = target;
        }
      }
      ctx.store.update("site-section-group", siteDoc.id, updated);
      return ok(renderGroup(ctx, siteDoc, updated));
    },
  },
  {
    method: "DELETE",
    pattern: `${BASE}/section-groups/{siteSectionGroupId}`,
    role: "create",
    handler: (ctx) => {
      const siteDoc = siteOf(ctx);
      const doc = ctx.store.get<SectionGroupDoc>("site-section-group", ctx.param("siteSectionGroupId"));
      if (doc && doc.site === siteDoc.id) {
        // Sections and nested groups survive their group: they move up one level.
        for (const s of sectionsOf(ctx, siteDoc.id).filter((s) => s.sectionGroup === doc.id)) {
          const { sectionGroup: _removed, ...rest } = s;
          ctx.store.update<SectionDoc>("site-section", siteDoc.id, doc.parent ? { ...rest, sectionGroup: doc.parent } : rest);
        }
        for (const g of groupsOf(ctx, siteDoc.id).filter((g) => g.parent === doc.id)) {
          const { parent: _removed, ...rest } = g;
          ctx.store.update<SectionGroupDoc>("site-section-group", siteDoc.id, doc.parent ? { ...rest, parent: doc.parent } : rest);
        }
        ctx.store.delete("site-section-group", doc.id);
      }
      return deleted(doc?.site === siteDoc.id);
    },
  },
  {
    method: "POST",
    pattern: `${BASE}/section-groups/{siteSectionGroupId}/sections`,
    role: "create",
    handler: (ctx) => {
      const siteDoc = siteOf(ctx);
      const doc = group(ctx, siteDoc.id, ctx.param("siteSectionGroupId"));
      const body = validate(ctx.body, { sectionId: { type: "string", required: true, min: 1 } });
      const target = ctx.store.get<SectionDoc>("site-section", body.sectionId as string);
      if (!target || target.site !== siteDoc.id) throw badRequest(`sectionId: section ${body.sectionId as string} is not a section of this site`);
      ctx.store.update("site-section", siteDoc.id, { ...target, sectionGroup: doc.id });
      return ok(renderGroup(ctx, siteDoc, doc));
    },
  },
  {
    method: "DELETE",
    pattern: `${BASE}/section-groups/{siteSectionGroupId}/sections/{siteSectionId}`,
    role: "create",
    handler: (ctx) => {
      const siteDoc = siteOf(ctx);
      const target = ctx.store.get<SectionDoc>("site-section", ctx.param("siteSectionId"));
      if (target && target.site === siteDoc.id && target.sectionGroup === ctx.param("siteSectionGroupId")) {
        const { sectionGroup: _removed, ...rest } = target;
        ctx.store.update<SectionDoc>("site-section", siteDoc.id, rest);
      }
      return noContent();
    },
  },
  {
    method: "POST",
    pattern: `${BASE}/section-groups/{siteSectionGroupId}/move`,
    role: "create",
    handler: (ctx) => {
      const siteDoc = siteOf(ctx);
      const doc = group(ctx, siteDoc.id, ctx.param("siteSectionGroupId"));
      // DESIGN.md 8: a level orders its sections and groups together, so the position may name either.
      const ref: Rule = {
        type: "object",
        fields: { type: { type: "string", enum: ["site-section", "site-section-group"], required: true }, id: { type: "string", required: true } },
      };
      const body = validate(ctx.body, { position: { type: "object", required: true, fields: { before: ref, after: ref } } });
      const position = body.position as { before?: LevelPointer; after?: LevelPointer };
      const level = levelOf(ctx, siteDoc.id, doc.parent);
      for (const field of ["before", "after"] as const) {
        const pointer = position[field];
        if (pointer && !level.some((item) => item.kind === pointer.type && item.doc.id === pointer.id)) {
          throw badRequest(`position.${field}: ${pointer.type} ${pointer.id} is not at the level of section group ${doc.id} (invalid position)`);
        }
      }
      const pos = resolvePosition(
        doc.id,
        level.map((item) => item.doc),
        position.before?.id,
        position.after?.id,
      );
      const moved = ctx.store.update("site-section-group", siteDoc.id, { ...doc, pos });
      return ok(renderGroup(ctx, siteDoc, moved));
    },
  },
  // The ordered tree (DESIGN.md 8)
  {
    method: "GET",
    pattern: `${BASE}/structure`,
    role: "read",
    handler: (ctx) => ok(renderStructure(ctx, siteOf(ctx))),
  },
  {
    method: "PATCH",
    pattern: `${BASE}/structure/sort`,
    role: "create",
    handler: (ctx) => {
      const siteDoc = siteOf(ctx);
      const pointer: Rule = { type: "object", fields: { type: { type: "string", enum: STRUCTURE_TYPES, required: true }, id: { type: "string", required: true, min: 1 } } };
      const body = validate(ctx.body, { item: { ...pointer, required: true }, position: { type: "object", fields: { before: pointer, after: pointer } } });
      const item = body.item as StructurePointer;
      const position = (body.position ?? {}) as { before?: StructurePointer; after?: StructurePointer };
      if (position.before && position.after) throw badRequest("position: give either before or after, not both (invalid position)");
      const siblings = siblingsOf(ctx, siteDoc.id, item);
      const reference = position.before ?? position.after;
      if (reference && !siblings.some((sibling) => sibling.type === reference.type && sibling.doc.id === reference.id)) {
        const field = position.before ? "before" : "after";
        throw badRequest(`position.${field}: ${reference.type} ${reference.id} is not a sibling of ${item.type} ${item.id} (invalid position)`);
      }
      const pos = resolvePosition(
        item.id,
        siblings.map((sibling) => sibling.doc),
        position.before?.id,
        position.after?.id,
      );
      const kind = item.type;
      const doc = ctx.store.get<SectionDoc | SectionGroupDoc | SiteSpaceDoc>(kind, item.id)!;
      ctx.store.update(kind, siteDoc.id, { ...doc, pos });
      return ok(renderStructure(ctx, siteDoc));
    },
  },
  // Site spaces
  {
    method: "GET",
    pattern: `${BASE}/site-spaces`,
    role: "read",
    handler: (ctx) => {
      const siteDoc = siteOf(ctx);
      const wantDefault = queryBoolean(ctx.query, "default");
      const items = ctx.store.list<SiteSpaceDoc>("site-space", siteDoc.id).filter((ss) => wantDefault === undefined || ss.isDefault === wantDefault);
      return ok(listBody(ctx, items, (ss) => renderSiteSpace(ctx, siteDoc, ss)));
    },
  },
  {
    method: "POST",
    pattern: `${BASE}/site-spaces`,
    role: "create",
    handler: (ctx) => {
      const siteDoc = siteOf(ctx);
      const body = validate(ctx.body, { spaceId: { type: "string", required: true, min: 1 }, sectionId: { type: "string", min: 1 } });
      const space = orgSpace(ctx, siteDoc.organization, body.spaceId as string, "spaceId");
      let container: string | null = siteDoc.defaultSection ?? null;
      if (body.sectionId !== undefined) {
        const target = ctx.store.get<SectionDoc>("site-section", body.sectionId as string);
        if (!target || target.site !== siteDoc.id) throw badRequest(`sectionId: section ${body.sectionId as string} is not a section of this site`);
        container = target.id;
      }
      if (siteSpacesOf(ctx, siteDoc.id).some((ss) => ss.section === container && ss.space === space.id)) {
        throw conflict(`spaceId: space ${space.id} is already published ${container ? "in this section" : "at the root of this site"}`);
      }
      const doc = addSiteSpace(ctx, siteDoc.id, container, space, newId());
      normalize(ctx, siteDoc.id);
      return created(renderSiteSpace(ctx, siteDoc, ctx.store.get<SiteSpaceDoc>("site-space", doc.id)!));
    },
  },
  {
    method: "PATCH",
    pattern: `${BASE}/site-spaces/{siteSpaceId}`,
    role: "create",
    handler: (ctx) => {
      const siteDoc = siteOf(ctx);
      const doc = siteSpace(ctx, siteDoc.id, ctx.param("siteSpaceId"));
      const body = validate(ctx.body, {
        path: { type: "string", min: 1, max: 100, pattern: /^[a-zA-Z0-9][\w-]*$/ },
        condition: conditionRule,
        spaceId: { type: "string", min: 1 },
        // DESIGN.md 8: hidden from the site's navigation, or shown again.
        hidden: { type: "boolean" },
      });
      const updated: SiteSpaceDoc = { ...doc };
      if (body.path !== undefined) {
        if (siteSpacesOf(ctx, siteDoc.id).some((ss) => ss.id !== doc.id && ss.section === doc.section && ss.path === body.path)) {
          throw conflict(`path: '${body.path as string}' is already used in the same section`);
        }
        updated.path = body.path as string;
      }
      if (body.condition === null) delete updated.condition;
      else if (body.condition !== undefined) updated.condition = body.condition as string;
      if (body.hidden !== undefined) updated.hidden = body.hidden as boolean;
      if (body.spaceId !== undefined) updated.space = orgSpace(ctx, siteDoc.organization, body.spaceId as string, "spaceId").id;
      ctx.store.update("site-space", siteDoc.id, updated);
      return ok(renderSiteSpace(ctx, siteDoc, updated));
    },
  },
  {
    method: "DELETE",
    pattern: `${BASE}/site-spaces/{siteSpaceId}`,
    role: "create",
    handler: (ctx) => {
      const siteDoc = siteOf(ctx);
      const doc = ctx.store.get<SiteSpaceDoc>("site-space", ctx.param("siteSpaceId"));
      if (doc && doc.site === siteDoc.id) {
        ctx.store.delete("site-space", doc.id);
        ctx.store.delete("site-space-customization", doc.id);
        normalize(ctx, siteDoc.id);
      }
      return deleted(doc?.site === siteDoc.id);
    },
  },
  {
    method: "POST",
    pattern: `${BASE}/site-spaces/{siteSpaceId}/move`,
    role: "create",
    handler: (ctx) => {
      const siteDoc = siteOf(ctx);
      const doc = siteSpace(ctx, siteDoc.id, ctx.param("siteSpaceId"));
      const body = validate(ctx.body, { position: positionRule("site-space", "siteSpace") });
      const [before, after] = positionIds(body, "siteSpace");
      const siblings = siteSpacesOf(ctx, siteDoc.id).filter((ss) => ss.section === doc.section);
      const pos = resolvePosition(doc.id, siblings, before, after);
      const moved = ctx.store.update("site-space", siteDoc.id, { ...doc, pos });
      return ok(renderSiteSpace(ctx, siteDoc, moved));
    },
  },
];
