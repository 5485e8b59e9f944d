/**
 * `SiteStructure`: the order of a docs site's sections, section groups and site spaces
 * (the production service's behaviour: `GET .../structure` and `PATCH .../structure/sort`).
 *
 * One resource declares the order of one site, container by container: the site's top level, each
 * section group, each section's site spaces. It orders; it never moves an item to another
 * container: where an item lives is declared by the item's own resource (`SiteSection
 * .siteSectionGroupId`, `SiteSectionGroup.parentSectionGroupId`, `SiteSpace.sectionId`). Because
 * the structure takes those resources' ids, the engine applies their moves before the order.
 *
 * - Each declared list is the relative order of the items it names. Items of the container that
 *   it does not name (made in the app, or by another program) are left alone and never shown as
 *   drift; a reorder of the named ones in the app is drift, and the next `up` repairs it.
 * - Create and update read the tree and send the fewest sort requests that give the declared order
 *   (every item outside the longest run already in order is moved once, after its predecessor).
 *   A sort is relative, so it is never retried blindly; an interrupted update is finished by the
 *   next `up`, which starts again from the tree as it is.
 * - Nothing is created: the structure always exists with its site, so creating this resource takes
 *   the site's order over (no `adopt` input), and destroying it leaves the order as it is.
 */
import { ref } from "../adapter/example-values";
import { z } from "zod";
import { wireMapping } from "../adapter/wire";
import type { ResourceContext } from "../recovery/context";
import { identifier } from "../adapter/check";
import type { ResourceDefinition, State } from "../adapter/resource";
import { declaredKeyLists } from "../adapter/fields";
import { isUnknown } from "../adapter/unknowns";
import { compact, stateStrings } from "../adapter/values";
import { ofSite } from "../adapter/import-ids";
import { type ApiStructure, type ApiStructureItemType, type ApiStructureNode, getSiteStructure, sortSiteStructureItem } from "../api/site-structure";

/** A list of ids naming each item once (ids still unknown in a preview are checked at `up`). */
const orderedIds = () =>
  z.array(identifier()).superRefine((ids, issues) => {
    const seen = new Set<string>();
    ids.forEach((id, index) => {
      if (isUnknown(id)) return;
      if (seen.has(id)) issues.addIssue({ code: "custom", path: [index], message: `${id} is listed twice; an order names each item once` });
      seen.add(id);
    });
  });

/** Entries naming each container once. */
function oneEntryPer<T extends Record<K, string>, K extends string>(key: K, entries: T[], issues: z.core.$RefinementCtx<T[]>): void {
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    const id = entry[key];
    if (isUnknown(id)) return;
    if (seen.has(id)) issues.addIssue({ code: "custom", path: [index, key], message: `${id} has two entries; give its whole order in one` });
    seen.add(id);
  });
}

// No input maps to a field of the structure by name or by path: the address is in the request's
// path, and each list is a projection of the tree (`fromApi`) sent as sorts, never in a body.
export const schema = z.strictObject({
  organizationId: identifier().meta({
    replaces: true,
    sendAs: false,
    description: "Id of the organization that owns the site. Defaults to the stack's `docs-platform:organizationId`.",
    example: "org_123",
  }),
  siteId: identifier().meta({
    replaces: true,
    refersTo: "Site",
    sendAs: false,
    description: "Id of the site whose order this declares; one `SiteStructure` per site. Changing it replaces the resource.",
    example: ref("Site", "site"),
  }),
  root: orderedIds()
    .optional()
    .meta({
      sendAs: false,
      description:
        "The site's top level, in order: ids of its sections and section groups (which are siblings),\n" +
        "or, for a site without sections, of its site spaces. Items left out keep their place.",
      example: [ref("SiteSection", "guides"), ref("SiteSectionGroup", "apis"), ref("SiteSection", "changelog")],
    }),
  groups: z
    .array(z.strictObject({ groupId: identifier(), items: orderedIds() }))
    .superRefine((entries, issues) => oneEntryPer("groupId", entries, issues))
    .optional()
    .meta({
      sendAs: false,
      description: "The order inside section groups: per group, the ids of its sections and nested groups.",
      example: [{ groupId: ref("SiteSectionGroup", "apis"), items: [ref("SiteSection", "rest"), ref("SiteSection", "graphql")] }],
    }),
  sections: z
    .array(z.strictObject({ sectionId: identifier(), siteSpaces: orderedIds() }))
    .superRefine((entries, issues) => oneEntryPer("sectionId", entries, issues))
    .optional()
    .meta({
      sendAs: false,
      description: "The order of the site spaces of sections: per section, the ids of its site spaces (a section's\n" + "first site space is `SiteSection.siteSpaceId`).",
      example: [{ sectionId: ref("SiteSection", "guides"), siteSpaces: [ref("SiteSpace", "v2"), ref("SiteSection", "guides", "siteSpaceId")] }],
    }),
});

/** `adopt` is never an input here: the structure exists with its site and is always taken over. */
export type SiteStructureInputs = z.infer<typeof schema> & { adopt?: undefined };

type ItemType = ApiStructureItemType;
interface Item {
  type: ItemType;
  id: string;
}

/** A container of the tree: the site's top level, a group, or a section (of site spaces). */
type ContainerKey = "root" | `group:${string}` | `section:${string}`;

/** The tree as ordered children per container. */
function containersOf(tree: ApiStructure): Map<ContainerKey, Item[]> {
  const containers = new Map<ContainerKey, Item[]>();
  const pending: { key: ContainerKey; nodes: ApiStructureNode[] }[] = [{ key: "root", nodes: tree.structure }];
  // Breadth first: the containers in the order a reader meets them, which is the order an import
  // declares them in (as export writes them).
  while (pending.length > 0) {
    const { key, nodes } = pending.shift()!;
    containers.set(
      key,
      nodes.map((node) => ({ type: node.object, id: node.id })),
    );
    for (const node of nodes) {
      if (node.object === "site-section-group") pending.push({ key: `group:${node.id}`, nodes: node.children ?? [] });
      if (node.object === "site-section") {
        containers.set(
          `section:${node.id}`,
          (node.siteSpaces ?? []).map((siteSpace) => ({ type: "site-space", id: siteSpace.id })),
        );
      }
    }
  }
  return containers;
}

function describeContainer(key: ContainerKey): string {
  if (key === "root") return "the site's top level";
  const [kind, id] = key.split(/:(.*)/s) as [string, string];
  return kind === "group" ? `section group ${id}` : `section ${id}`;
}

/** The declared lists of some inputs, as containers and their declared order. */
function declaredOf(inputs: { root?: unknown; groups?: unknown; sections?: unknown }): { key: ContainerKey; ids: string[] }[] {
  const declared: { key: ContainerKey; ids: string[] }[] = [];
  if (Array.isArray(inputs.root)) declared.push({ key: "root", ids: inputs.root as string[] });
  for (const entry of (inputs.groups ?? []) as { groupId: string; items: string[] }[]) declared.push({ key: `group:${entry.groupId}`, ids: entry.items });
  for (const entry of (inputs.sections ?? []) as { sectionId: string; siteSpaces: string[] }[]) declared.push({ key: `section:${entry.sectionId}`, ids: entry.siteSpaces });
  return declared;
}

function addressOf(bag: State): { organizationId: string; siteId: string } {
  return stateStrings(bag, ["organizationId", "siteId"], "SiteStructure: the state has no organizationId or siteId; cannot address the site");
}

/** The structure's inputs read from the API: none by name or path (see the schema), so nothing but the address. */
const wire = wireMapping(schema);

/**
 * The declared lists of `declaredIn` projected onto `containers` (each container's ids in order):
 * each list holds the items it names in the order they have there. A named item that is not in
 * its container drops out, which shows as drift; items the list does not name are not shown.
 */
function projected(containers: ReadonlyMap<ContainerKey, readonly string[]>, declaredIn: { root?: unknown; groups?: unknown; sections?: unknown }): State {
  const ordered = (key: ContainerKey, ids: unknown) => {
    const named = new Set(Array.isArray(ids) ? ids : []);
    return (containers.get(key) ?? []).filter((id) => named.has(id));
  };
  const lists: State = {};
  if (Array.isArray(declaredIn.root)) lists.root = ordered("root", declaredIn.root);
  if (Array.isArray(declaredIn.groups)) {
    lists.groups = (declaredIn.groups as { groupId: string; items: string[] }[]).map((entry) => ({
      groupId: entry.groupId,
      items: ordered(`group:${entry.groupId}`, entry.items),
    }));
  }
  if (Array.isArray(declaredIn.sections)) {
    lists.sections = (declaredIn.sections as { sectionId: string; siteSpaces: string[] }[]).map((entry) => ({
      sectionId: entry.sectionId,
      siteSpaces: ordered(`section:${entry.sectionId}`, entry.siteSpaces),
    }));
  }
  return lists;
}

/**
 * The state for the declared lists of `declaredIn`, from the tree. By hand, the lists: the tree
 * holds containers of items, not the lists a program declares, so each is projected onto what it
 * names.
 */
function fromApi(address: { organizationId: string; siteId: string }, tree: ApiStructure, declaredIn: { root?: unknown; groups?: unknown; sections?: unknown }): State {
  const containers = new Map([...containersOf(tree)].map(([key, items]) => [key, items.map((item) => item.id)]));
  return compact(wire.fromApi(tree, { organizationId: address.organizationId, siteId: address.siteId, ...projected(containers, declaredIn) }));
}

/**
 * A state's lists as the containers they order (the containers they name, each with the items it
 * names): what a state read for a declaration holds of the site.
 */
function containersOfState(state: State): Map<ContainerKey, string[]> {
  const containers = new Map<ContainerKey, string[]>();
  const ids = (list: unknown) => (Array.isArray(list) ? list.filter((id): id is string => typeof id === "string") : []);
  if (Array.isArray(state.root)) containers.set("root", ids(state.root));
  for (const entry of (Array.isArray(state.groups) ? state.groups : []) as { groupId?: unknown; items?: unknown }[]) {
    if (typeof entry?.groupId === "string") containers.set(`group:${entry.groupId}`, ids(entry.items));
  }
  for (const entry of (Array.isArray(state.sections) ? state.sections : []) as { sectionId?: unknown; siteSpaces?: unknown }[]) {
    if (typeof entry?.sectionId === "string") containers.set(`section:${entry.sectionId}`, ids(entry.siteSpaces));
  }
  return containers;
}

/**
 * `state` as a declaration of `declared` reads it (the resource orders only what it names): the
 * containers `declared` names, each with the items it names, in the state's order; a list
 * `declared` leaves out keeps the state's. What an imported structure (every container) holds of
 * a configuration that names some containers.
 */
function declaredPartOf(state: State, declared: State): State {
  const lists = projected(containersOfState(state), declared);
  return { ...state, ...Object.fromEntries(Object.entries(lists).filter(([key]) => state[key] !== undefined)) };
}

/** Indices (into `values`) of one longest strictly increasing subsequence: O(n log n). */
export function longestIncreasingRun(values: readonly number[]): Set<number> {
  const tails: number[] = [];
  const previous: number[] = new Array<number>(values.length).fill(-1);
  values.forEach((value, index) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (values[tails[middle]] < value) low = middle + 1;
      else high = middle;
    }
    if (low > 0) previous[index] = tails[low - 1]!;
    tails[low] = index;
  });
  const run = new Set<number>();
  for (let index = tails.at(-1) ?? -1; index !== -1; index = previous[index]!) run.add(index);
  return run;
}

export interface Sort {
  item: Item;
  position: { before: Item } | { after: Item };
}

/**
 * The fewest sorts that put the `declared` items of a container in that order: the items of one
 * longest run already in order stay; each other one moves once, after its declared predecessor
 * (the first one, before the first item that stays). Items not declared are never moved.
 */
export function sortsFor(current: readonly Item[], declared: readonly string[]): Sort[] {
  const indexOf = new Map(current.map((item, index) => [item.id, index]));
  const items = declared.map((id) => current[indexOf.get(id)!]);
  const stays = longestIncreasingRun(declared.map((id) => indexOf.get(id)!));
  const sorts: Sort[] = [];
  items.forEach((item, index) => {
    if (stays.has(index)) return;
    if (index > 0) sorts.push({ item, position: { after: items[index - 1] } });
    else sorts.push({ item, position: { before: items[Math.min(...stays)] } });
  });
  return sorts;
}

/** Where an item is in the tree now, for messages. */
function whereIs(containers: Map<ContainerKey, Item[]>, id: string): string {
  for (const [key, items] of containers) if (items.some((item) => item.id === id)) return `is in ${describeContainer(key)}`;
  return "is not in the site";
}

/** Sorts the site's containers into the declared order and returns the state after. */
async function apply(ctx: ResourceContext, inputs: SiteStructureInputs): Promise<State> {
  const address = { organizationId: inputs.organizationId, siteId: inputs.siteId };
  const tree = await getSiteStructure(ctx.api, address.organizationId, address.siteId);
  if (!tree) throw new Error(`SiteStructure: site ${address.siteId} does not exist in organization ${address.organizationId} (or is not visible to this token)`);
  const containers = containersOf(tree);
  const declared = declaredOf(inputs);
  // Every misplaced item is reported before any sort is sent: a wrong declaration changes nothing.
  const problems: string[] = [];
  for (const { key, ids } of declared) {
    const current = containers.get(key);
    if (!current) {
      problems.push(`${describeContainer(key)} is not in the site`);
      continue;
    }
    for (const id of ids) {
      if (!current.some((item) => item.id === id)) problems.push(`${id} is listed in ${describeContainer(key)} but ${whereIs(containers, id)}`);
    }
  }
  if (problems.length > 0) {
    throw new Error(
      `SiteStructure of site ${address.siteId}: ${problems.join("; ")}. This resource only orders items within their container; ` +
        "where an item lives is declared on its own resource (SiteSection.siteSectionGroupId, SiteSectionGroup.parentSectionGroupId, SiteSpace.sectionId).",
    );
  }
  for (const { key, ids } of declared) {
    for (const sort of sortsFor(containers.get(key)!, ids)) {
      // Relative: never retried blindly (a repeat could move it again); the next `up` re-reads the tree.
      await sortSiteStructureItem(ctx.api, address.organizationId, address.siteId, sort);
    }
  }
  const after = await getSiteStructure(ctx.api, address.organizationId, address.siteId);
  if (!after) throw new Error(`SiteStructure: site ${address.siteId} disappeared while its order was being applied`);
  return fromApi(address, after, inputs);
}

async function create(ctx: ResourceContext, inputs: SiteStructureInputs): Promise<{ id: string; state: State }> {
  return { id: inputs.siteId, state: await apply(ctx, inputs) };
}

async function read(ctx: ResourceContext, _id: string, previous: State): Promise<State | undefined> {
  const address = addressOf(previous);
  const tree = await getSiteStructure(ctx.api, address.organizationId, address.siteId);
  return tree && fromApi(address, tree, previous);
}

/**
 * An import: the order of every container of the site that holds two items or more (as `export`
 * writes it); a container of one item has no order to declare. `whole`: every container that
 * holds an item, so a configuration declaring a group of one plans no change.
 */
async function declarationOf(ctx: ResourceContext, _id: string, known: State, whole?: boolean): Promise<State | undefined> {
  const address = addressOf(known);
  const tree = await getSiteStructure(ctx.api, address.organizationId, address.siteId);
  if (!tree) return undefined;
  const declaration: { root?: string[]; groups?: { groupId: string; items: string[] }[]; sections?: { sectionId: string; siteSpaces: string[] }[] } = {};
  for (const [key, items] of containersOf(tree)) {
    if (items.length < (whole ? 1 : 2)) continue;
    const ids = items.map((item) => item.id);
    const [kind, id] = key.split(/:(.*)/s) as [string, string | undefined];
    if (kind === "root") declaration.root = ids;
    else if (kind === "group") (declaration.groups ??= []).push({ groupId: id!, items: ids });
    else (declaration.sections ??= []).push({ sectionId: id!, siteSpaces: ids });
  }
  return declaration;
}

async function update(ctx: ResourceContext, _id: string, _olds: State, news: SiteStructureInputs): Promise<State> {
  return apply(ctx, news);
}

export const definition: ResourceDefinition<SiteStructureInputs> = {
  kind: "SiteStructure",
  importId: ofSite,
  schema,
  ...declaredKeyLists(schema),
  create,
  read,
  declarationOf,
  declaredPartOf,
  update,
  async delete() {
    // Deliberately nothing: the order belongs to the site, and a site without this resource keeps
    // the order it has.
  },
};
