/**
 * `SiteSection`: a section of a docs site.
 *
 * The API creates a section together with its first site space (the `spaceId` of the POST); this
 * resource calls that site space the section's primary site space (output `siteSpaceId`) and keeps
 * `spaceId` pointing at it. Create is two steps (POST, then PATCH what POST does not take); a
 * failure of the second is recorded as a partial create, finished by the next `pulumi up`.
 *
 * Group membership is declared here (`siteSectionGroupId`), not as a list on the group: it is how
 * production changes it (the production service's behaviour, `PATCH .../sections/{id}`), and each section's membership
 * then has exactly one owner, so two resources can never declare it differently.
 */
import { ref } from "../adapter/example-values";
import { z } from "zod";
import { adoptInput } from "../adapter/adopt";
import type { ResourceContext } from "../recovery/context";
import { identifier, text } from "../adapter/check";
import { PartialCreateError } from "../recovery/partial-create";
import { createOnce } from "../recovery/create-once";
import type { ResourceDefinition, State } from "../adapter/resource";
import { declaredKeyLists } from "../adapter/fields";
import { stateStrings } from "../adapter/values";
import { wireMapping } from "../adapter/wire";
import { insideSite } from "../adapter/import-ids";
import { type ApiSiteSection, createSiteSection, deleteSiteSection, getSiteSection, listSiteSections, readSiteSectionThroughList, updateSiteSection } from "../api/site-sections";
import { type ApiSiteSpace, createSiteSpace, updateSiteSpace } from "../api/site-spaces";
import { SaidError, said, term } from "../adapter/door-words";

/**
 * A section's or site space's path in the site's URLs: one segment (no `/`) of letters, digits,
 * `_` and `-`, starting with a letter or digit, 1..100 characters; what the API accepts (the API's reference
 * gives no rule).
 */
export const SITE_PATH_PATTERN = /^[a-zA-Z0-9][\w-]*$/;
export const pathSegmentInput = () =>
  text({ min: 1, max: 100 }).regex(SITE_PATH_PATTERN, "must be one URL segment of letters, digits, _ and -, starting with a letter or digit (no /), e.g. v2-beta");

/** A visitor condition: 1..1000 characters; null removes it. */
export const conditionInput = () => text({ max: 1000 }).min(1, "must not be empty; use null to remove the condition").nullable();

export const siteSectionInputs = z.strictObject({
  organizationId: identifier().meta({
    replaces: true,
    sendAs: false,
    description: "Id of the organization that owns the site. Changing it replaces the section. Defaults to the stack's `docs-platform:organizationId`.",
    example: "org_123",
  }),
  siteId: identifier().meta({
    replaces: true,
    sendAs: false,
    refersTo: "Site",
    description: "Id of the site the section belongs to. Changing it replaces the section.",
    example: ref("Site", "site"),
  }),
  // Sent by the POST; a change updates the primary site space (a request of its own), read from it by hand.
  spaceId: identifier().meta({
    refersTo: "Space",
    updatedApart: true,
    description:
      "Id of the space the section shows: the API adds it as the section's first site space. Changing\n" +
      "it points that site space at the new space in place (the section and its other site spaces are\n" +
      "kept).",
    example: ref("Space", "space"),
  }),
  // the production service's behaviour: section titles are 2..128 characters.
  title: text({ min: 2, max: 128 }).optional().meta({ description: "Title of the section, 2 to 128 characters; left out, the API uses the space's title.", example: "Guides" }),
  icon: text({ min: 1, max: 100 }).optional().meta({ description: "Icon name shown beside the title, 1 to 100 characters. Removing it stops managing it.", example: "book" }),
  path: pathSegmentInput()
    .optional()
    .meta({
      description:
        "URL path of the section within the site: one segment of letters, digits, `_` and `-` starting\n" +
        "with a letter or digit (no `/`), 1 to 100 characters; left out, the API derives it from the\n" +
        "title.",
      example: "guides",
    }),
  // Absent reads as null (no condition); removing it sends null, which removes it.
  condition: conditionInput()
    .optional()
    .meta({
      nullWhenAbsent: true,
      clearedWithNull: true,
      description:
        "Expression deciding whether a visitor sees the section (adaptive content), 1 to 1000\n" + "characters. `null`, or removing it after it was set, removes the condition.",
      example: "visitor.claims.beta === true",
    }),
  description: text({ max: 1000 })
    .optional()
    .meta({ description: "Description of the section, at most 1000 characters. Removing it stops managing it.", example: "How-to guides" }),
  defaultSiteSpace: identifier()
    .optional()
    .meta({ refersTo: "SiteSpace", description: "Id of the site space shown by default in this section. Removing it stops managing it.", example: ref("SiteSpace", "siteSpace") }),
  // The API names the group `sectionGroup` (absent at the top level); removing the input sends null, out of the group.
  siteSectionGroupId: identifier()
    .nullable()
    .optional()
    .meta({
      refersTo: "SiteSectionGroup",
      readFrom: "sectionGroup",
      nullWhenAbsent: true,
      clearedWithNull: true,
      description:
        "Id of the section group holding the section (a `SiteSectionGroup`); `null` keeps it at the top\n" +
        "level of the site, and removing it after it was set takes the section out of its group. Left\n" +
        "out, the section's group is not managed. Joining a group puts the section at the group's end;\n" +
        "declare the order with `SiteStructure`. Changed in place.",
      example: ref("SiteSectionGroup", "apiGroup"),
    }),
  adopt: adoptInput.optional().meta({
    description:
      'Take over an existing section instead of creating one: `{ id: "<section id>" }` (sections have\n' +
      "no natural key, so `true` is refused). It is then reconciled to these inputs. Only read at creation.",
  }),
});

export type SiteSectionInputs = z.infer<typeof siteSectionInputs>;

function addressOf(bag: State): { organizationId: string; siteId: string } {
  return stateStrings(bag, ["organizationId", "siteId"], "SiteSection: the state has no organizationId or siteId; cannot address the section");
}

/**
 * The primary site space: the one recorded at creation; failing that (it was removed, or the
 * section is being adopted) the one showing `spaceId`, then the section's default.
 */
function primaryOf(section: ApiSiteSection, hint: { siteSpaceId?: unknown; spaceId?: unknown }): ApiSiteSpace | undefined {
  const siteSpaces = section.siteSpaces ?? [];
  return (
    siteSpaces.find((siteSpace) => siteSpace.id === hint.siteSpaceId) ??
    siteSpaces.find((siteSpace) => siteSpace.space?.id === hint.spaceId) ??
    siteSpaces.find((siteSpace) => siteSpace.default) ??
    siteSpaces[0]
  );
}

/**
 * The state of a section, from the declarations (`wire`, below the outputs) and the request's
 * path. By hand, because the API object does not hold them as fields: the space, the primary site
 * space and the default site space are read from the section's site spaces, and `default` is false
 * when the API leaves it out.
 */
function stateOf(address: { organizationId: string; siteId: string }, section: ApiSiteSection, hint: { siteSpaceId?: unknown; spaceId?: unknown }): State {
  const primary = primaryOf(section, hint);
  const siteSpaces = section.siteSpaces ?? [];
  return wire.fromApi(section, {
    ...address,
    spaceId: primary?.space?.id,
    defaultSiteSpace: siteSpaces.find((siteSpace) => siteSpace.default)?.id,
    siteSpaceId: primary?.id,
    siteSpaceIds: siteSpaces.map((siteSpace) => siteSpace.id),
    default: section.default ?? false,
  });
}

/** What the POST takes; the PATCH sends the rest. */
const CREATE_BODY_KEYS = ["spaceId", "title", "icon"];

async function create(ctx: ResourceContext, inputs: SiteSectionInputs): Promise<{ id: string; state: State }> {
  const { api } = ctx;
  const address = { organizationId: inputs.organizationId, siteId: inputs.siteId };
  let section = await createOnce<ApiSiteSection>(ctx, {
    kind: "SiteSection",
    describe: `section${inputs.title === undefined ? "" : ` "${inputs.title}"`} of site ${address.siteId}`,
    matchedBy: "its site, its space and its title",
    send: () => createSiteSection(api, address.organizationId, address.siteId, wire.bodyOf(inputs, CREATE_BODY_KEYS)),
    // Sections have no natural key: the fingerprint is what the POST sets.
    find: async () =>
      (await listSiteSections(api, address.organizationId, address.siteId)).filter(
        (candidate) =>
          (candidate.siteSpaces ?? []).some((siteSpace) => siteSpace.space?.id === inputs.spaceId) &&
          (inputs.title === undefined || candidate.title === inputs.title) &&
          (inputs.icon === undefined || candidate.icon === inputs.icon),
      ),
    get: (id) => getSiteSection(api, address.organizationId, address.siteId, id),
    idOf: (candidate) => candidate.id,
  });
  const hint = { spaceId: inputs.spaceId };
  // A null (no condition, no group) is what a new section holds already: not sent.
  const later = wire.sentKeys.filter((key) => !CREATE_BODY_KEYS.includes(key) && inputs[key as keyof SiteSectionInputs] != null);
  if (later.length > 0) {
    try {
      section = await updateSiteSection(api, address.organizationId, address.siteId, section.id, wire.patchOf(inputs, later));
    } catch (cause) {
      const now = await getSiteSection(api, address.organizationId, address.siteId, section.id).catch(() => undefined);
      throw new PartialCreateError(section.id, stateOf(address, now ?? section, hint), cause);
    }
  }
  return { id: section.id, state: stateOf(address, section, hint) };
}

async function read(ctx: ResourceContext, sectionId: string, previous: State): Promise<State | undefined> {
  const address = addressOf(previous);
  // In a refresh, from the site's section list shared by every section of the site.
  const section = await readSiteSectionThroughList(ctx, address.organizationId, address.siteId, sectionId);
  return section && stateOf(address, section, previous);
}

async function update(ctx: ResourceContext, sectionId: string, olds: State, news: SiteSectionInputs, changed: ReadonlySet<string>): Promise<State> {
  const { api } = ctx;
  const address = addressOf(olds);
  let siteSpaceId = olds.siteSpaceId;
  if (changed.has("spaceId")) {
    // Before the PATCH, so a new defaultSiteSpace may name the site space added here.
    const current = await getSiteSection(api, address.organizationId, address.siteId, sectionId);
    if (!current) throw new SaidError(said`SiteSection ${sectionId} no longer exists in site ${address.siteId}; run ${term.refresh()} to drop it from the state`);
    const primary = (current.siteSpaces ?? []).find((siteSpace) => siteSpace.id === olds.siteSpaceId);
    if (primary) {
      await updateSiteSpace(api, address.organizationId, address.siteId, primary.id, { spaceId: news.spaceId });
    } else {
      // The primary site space was removed outside Pulumi: give the section one again.
      const added = await createSiteSpace(api, address.organizationId, address.siteId, { spaceId: news.spaceId, sectionId });
      siteSpaceId = added.id;
    }
  }
  const body = wire.patchOf(news, changed);
  const patched = Object.keys(body).length > 0 ? await updateSiteSection(api, address.organizationId, address.siteId, sectionId, body) : undefined;
  // Values alone: the PATCH answers the section (API.md 4.13); there is no GET of one section, and
  // reading it again would list the site's sections.
  if (patched && !changed.has("spaceId")) return stateOf(address, patched, { siteSpaceId, spaceId: news.spaceId });
  // The PATCH answer does not reflect a site space changed just before: read the section again.
  const section = await getSiteSection(api, address.organizationId, address.siteId, sectionId);
  if (!section) throw new SaidError(said`SiteSection ${sectionId} no longer exists in site ${address.siteId}; run ${term.refresh()} to drop it from the state`);
  return stateOf(address, section, { siteSpaceId, spaceId: news.spaceId });
}

async function remove(ctx: ResourceContext, sectionId: string, props: State): Promise<void> {
  const address = addressOf(props);
  // A 404 (the site is gone, and its sections with it) counts as deleted too.
  await deleteSiteSection(ctx.api, address.organizationId, address.siteId, sectionId);
}

/**
 * What the state holds beyond the inputs (the server's own fields), and what an input's value in the
 * state means where that differs from the input's description.
 */
export const outputs = z.object({
  siteSpaceId: z.string().meta({ description: "The site space created with the section, which `spaceId` points." }),
  siteSpaceIds: z.array(z.string()).meta({ description: "Every site space of the section, in order." }),
  default: z.boolean().meta({ description: "Whether this is the site's default section." }),
  sectionGroup: z.string().optional().meta({ description: "The section group holding the section, if any." }),
  publishedUrl: z.string().optional().meta({ readFrom: "urls.published" }),
});

/** The state of a section as the API answers it, and the bodies sent, from the declarations above. */
const wire = wireMapping(siteSectionInputs, outputs);

export const definition: ResourceDefinition<SiteSectionInputs> = {
  kind: "SiteSection",
  importId: insideSite("SiteSection", "section"),
  schema: siteSectionInputs,
  outputs,
  ...declaredKeyLists(siteSectionInputs),
  create,
  read,
  update,
  delete: remove,
};
