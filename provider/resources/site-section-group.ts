/**
 * `SiteSectionGroup`: a group of a docs site's sections (the production service's behaviour).
 *
 * Membership is declared on each section (`SiteSection.siteSectionGroupId`), as production changes
 * it (`PATCH .../sections/{id}`), never as a list here: one owner per section's membership, so no
 * two resources can disagree about it. A group's parent is declared here
 * (`parentSectionGroupId`), changed in place with `PATCH .../section-groups/{id}`. The order of the
 * groups among their siblings is declared with `SiteStructure`.
 */
import { ref } from "../adapter/example-values";
import { z } from "zod";
import { adoptInput } from "../adapter/adopt";
import type { ResourceContext } from "../recovery/context";
import { identifier, text } from "../adapter/check";
import { createOnce } from "../recovery/create-once";
import type { ResourceDefinition, State } from "../adapter/resource";
import { declaredKeyLists } from "../adapter/fields";
import { stateStrings } from "../adapter/values";
import { wireMapping } from "../adapter/wire";
import { insideSite } from "../adapter/import-ids";
import {
  type ApiSectionGroup,
  createSectionGroup,
  deleteSectionGroup,
  getSectionGroup,
  listSectionGroups,
  readSectionGroupThroughList,
  updateSectionGroup,
} from "../api/section-groups";
import { SaidError, said, term } from "../adapter/door-words";

export const siteSectionGroupInputs = z.strictObject({
  organizationId: identifier().meta({
    replaces: true,
    sendAs: false,
    description: "Id of the organization that owns the site. Changing it replaces the group. Defaults to the stack's `docs-platform:organizationId`.",
    example: "org_123",
  }),
  siteId: identifier().meta({
    replaces: true,
    sendAs: false,
    refersTo: "Site",
    description: "Id of the site the group belongs to. Changing it replaces the group.",
    example: ref("Site", "site"),
  }),
  // the production service's behaviour: section group titles are 1..100 characters.
  title: text({ min: 1, max: 100 }).meta({ description: "Title of the group, 1 to 100 characters.", example: "API reference" }),
  icon: text({ min: 1, max: 100 }).optional().meta({ description: "Icon name shown beside the title, 1 to 100 characters. Removing it stops managing it.", example: "code" }),
  // The API names the parent `sectionGroup` (absent or null at the top level); removing the input sends null, back to the top level.
  parentSectionGroupId: identifier()
    .nullable()
    .optional()
    .meta({
      refersTo: "SiteSectionGroup",
      readFrom: "sectionGroup",
      nullWhenAbsent: true,
      clearedWithNull: true,
      description:
        "Id of the group holding this one (nested groups); `null` keeps it at the top level of the\n" +
        "site, and removing it after it was set moves the group back to the top level. Left out, the\n" +
        "group's parent is not managed. A change moves the group in place (it lands at the end of its\n" +
        "new level; declare the order with `SiteStructure`).",
      example: ref("Collection", "products"),
    }),
  adopt: adoptInput.optional().meta({
    description:
      'Take over an existing group instead of creating one: `{ id: "<group id>" }` (groups have no\n' +
      "natural key, so `true` is refused). It is then reconciled to these inputs. Only read at creation.",
  }),
});

export type SiteSectionGroupInputs = z.infer<typeof siteSectionGroupInputs>;

function addressOf(bag: State): { organizationId: string; siteId: string } {
  return stateStrings(bag, ["organizationId", "siteId"], "SiteSectionGroup: the state has no organizationId or siteId; cannot address the group");
}

/** The state of a group as the API answers it, and the bodies sent, from the declarations above. */
const wire = wireMapping(siteSectionGroupInputs);

function stateOf(address: { organizationId: string; siteId: string }, group: ApiSectionGroup): State {
  return wire.fromApi(group, address);
}

async function create(ctx: ResourceContext, inputs: SiteSectionGroupInputs): Promise<{ id: string; state: State }> {
  const { api } = ctx;
  const address = { organizationId: inputs.organizationId, siteId: inputs.siteId };
  const parent = inputs.parentSectionGroupId ?? undefined;
  // One step: the POST takes the title, the icon and the parent, which it names `parent` (the
  // PATCH `parentSectionGroupId`), by hand; a null parent is the top level, where a group lands
  // when none is named.
  const { parentSectionGroupId: _parent, ...body } = wire.bodyOf(inputs);
  const group = await createOnce<ApiSectionGroup>(ctx, {
    kind: "SiteSectionGroup",
    describe: `section group "${inputs.title}" of site ${address.siteId}`,
    matchedBy: "its site, its title, its icon and its parent group",
    send: () => createSectionGroup(api, address.organizationId, address.siteId, { ...body, parent }),
    // Groups have no natural key: the fingerprint is what the POST sets.
    find: async () =>
      (await listSectionGroups(api, address.organizationId, address.siteId)).filter(
        (candidate) => candidate.title === inputs.title && (inputs.icon === undefined || candidate.icon === inputs.icon) && (candidate.sectionGroup ?? undefined) === parent,
      ),
    get: (id) => getSectionGroup(api, address.organizationId, address.siteId, id),
    idOf: (candidate) => candidate.id,
  });
  return { id: group.id, state: stateOf(address, group) };
}

async function read(ctx: ResourceContext, groupId: string, previous: State): Promise<State | undefined> {
  const address = addressOf(previous);
  // In a refresh or an import, from the site's group list shared by every group of the site (see shared-lists.ts).
  const group = await readSectionGroupThroughList(ctx, address.organizationId, address.siteId, groupId);
  return group && stateOf(address, group);
}

async function update(ctx: ResourceContext, groupId: string, olds: State, news: SiteSectionGroupInputs, changed: ReadonlySet<string>): Promise<State> {
  const address = addressOf(olds);
  const body = wire.patchOf(news, changed);
  // Absolute values (a title, a parent): repeating the PATCH changes nothing more, so it may be retried.
  const group =
    Object.keys(body).length > 0
      ? await updateSectionGroup(ctx.api, address.organizationId, address.siteId, groupId, body)
      : await getSectionGroup(ctx.api, address.organizationId, address.siteId, groupId);
  if (!group) throw new SaidError(said`SiteSectionGroup ${groupId} no longer exists in site ${address.siteId}; run ${term.refresh()} to drop it from the state`);
  return stateOf(address, group);
}

async function remove(ctx: ResourceContext, groupId: string, props: State): Promise<void> {
  const address = addressOf(props);
  // The API moves the group's sections and nested groups up one level; a 404 (the site is gone) counts as deleted.
  await deleteSectionGroup(ctx.api, address.organizationId, address.siteId, groupId);
}

// No output lists the group's sections: they join through their own resources after the group
// exists, so such an output would change on every refresh after the first up.
export const definition: ResourceDefinition<SiteSectionGroupInputs> = {
  kind: "SiteSectionGroup",
  importId: insideSite("SiteSectionGroup", "section group"),
  schema: siteSectionGroupInputs,
  ...declaredKeyLists(siteSectionGroupInputs),
  create,
  read,
  update,
  delete: remove,
};
