/**
 * `SiteSpace`: a space published in a docs site, at the site's root or in a section
 *. Create is two steps (POST, then PATCH path and condition); a failure of the
 * second is recorded as a partial create, finished by the next `pulumi up`.
 */
import { ref } from "../adapter/example-values";
import { z } from "zod";
import { adoptInput } from "../adapter/adopt";
import type { ApiRequester, ListReader } from "../api/requester";
import type { ResourceContext } from "../recovery/context";
import { identifier } from "../adapter/check";
import { PartialCreateError } from "../recovery/partial-create";
import { createOnce } from "../recovery/create-once";
import { conditionInput, pathSegmentInput } from "./site-section";
import { isPermissionDeniedError } from "../client";
import type { ResourceDefinition, State } from "../adapter/resource";
import { declaredKeyLists } from "../adapter/fields";
import { stateStrings } from "../adapter/values";
import { wireMapping } from "../adapter/wire";
import { insideSite } from "../adapter/import-ids";
import { type ApiSiteSection, listSiteSections, listSiteSectionsShared } from "../api/site-sections";
import { type ApiSiteSpace, createSiteSpace, deleteSiteSpace, getSiteSpace, listSiteSpaces, readSiteSpaceThroughList, updateSiteSpace } from "../api/site-spaces";
import { SaidError, said, term } from "../adapter/door-words";

export const siteSpaceInputs = z.strictObject({
  organizationId: identifier().meta({
    replaces: true,
    sendAs: false,
    description: "Id of the organization that owns the site. Changing it replaces the site space. Defaults to the stack's `docs-platform:organizationId`.",
    example: "org_123",
  }),
  siteId: identifier().meta({ replaces: true, sendAs: false, refersTo: "Site", description: "Id of the site. Changing it replaces the site space.", example: ref("Site", "site") }),
  // The API answers with the space itself; the input is its id.
  spaceId: identifier().meta({
    refersTo: "Space",
    readFrom: "space.id",
    description: "Id of the space whose content the site space publishes. Changed in place.",
    example: ref("Space", "space"),
  }),
  // A site space at the root has no section (null): sectionId is then absent, never null.
  sectionId: identifier()
    .optional()
    .meta({
      replaces: true,
      refersTo: "SiteSection",
      readFrom: "section",
      description:
        "Id of the section holding the site space; left out, the site's default section (or the root of\n" +
        "a site without sections). The API cannot move a site space between sections, so changing it,\n" +
        "or removing it after it was set, replaces the site space.",
      example: ref("SiteSection", "section"),
    }),
  path: pathSegmentInput()
    .optional()
    .meta({
      description:
        "URL path of the site space within its section: one segment of letters, digits, `_` and `-`\n" +
        "starting with a letter or digit (no `/`), 1 to 100 characters; left out, the API derives it\n" +
        "from the space title. Removing it stops managing it.",
      example: "v2",
    }),
  // The API leaves out an unset condition, and null removes it.
  condition: conditionInput()
    .optional()
    .meta({
      nullWhenAbsent: true,
      clearedWithNull: true,
      description:
        "Expression deciding whether a visitor sees this site space (adaptive content), 1 to 1000\n" +
        "characters. `null`, or removing it after it was set, removes the condition.",
      example: "visitor.claims.beta === true",
    }),
  hidden: z
    .boolean()
    .optional()
    .meta({
      description: "Whether the site space is hidden from the site's navigation (a PATCH sets it in place).\n" + "Removing it stops managing it (the site space keeps its value).",
      example: true,
    }),
  adopt: adoptInput.optional().meta({
    description:
      'Take over an existing site space instead of creating one: `{ id: "<site space id>" }` (site\n' +
      "spaces have no natural key, so `true` is refused). It is then reconciled to these inputs.",
  }),
});

export type SiteSpaceInputs = z.infer<typeof siteSpaceInputs>;

/**
 * What the state holds beyond the inputs (the server's own fields), and what an input's value in the
 * state means where that differs from the input's description.
 */
export const outputs = z.object({
  title: z.string().meta({ description: "Title shown for the site space (the space's title)." }),
  default: z.boolean().meta({ description: "Whether it is the default site space of its section (or of the root)." }),
  publishedUrl: z.string().optional().meta({ readFrom: "urls.published" }),
});

/** The state of a site space as the API answers it, and the bodies sent, from the declarations above. */
const wire = wireMapping(siteSpaceInputs, outputs);

function addressOf(bag: State): { organizationId: string; siteId: string } {
  return stateStrings(bag, ["organizationId", "siteId"], "SiteSpace: the state has no organizationId or siteId; cannot address the site space");
}

function stateOf(address: { organizationId: string; siteId: string }, siteSpace: ApiSiteSpace): State {
  // By hand: the API may leave `default` out for a site space that is not the default one.
  return wire.fromApi(siteSpace, { ...address, default: siteSpace.default ?? false });
}

/** The id of the site's default section, if it has sections. */
async function defaultSectionOf(api: ApiRequester, organizationId: string, siteId: string): Promise<string | undefined> {
  const sections = await listSiteSections(api, organizationId, siteId);
  return sections.find((section) => section.default)?.id;
}

/** The create's POST takes only the space and the section (API.md); the other inputs follow in a PATCH. */
const CREATE_BODY_KEYS = ["spaceId", "sectionId"];

async function create(ctx: ResourceContext, inputs: SiteSpaceInputs): Promise<{ id: string; state: State }> {
  const { api } = ctx;
  const address = { organizationId: inputs.organizationId, siteId: inputs.siteId };
  let siteSpace = await createOnce<ApiSiteSpace>(ctx, {
    kind: "SiteSpace",
    describe: `site space of space ${inputs.spaceId} in site ${address.siteId}`,
    matchedBy: "its site, its space and its section",
    send: () => createSiteSpace(api, address.organizationId, address.siteId, wire.bodyOf(inputs, CREATE_BODY_KEYS)),
    // Site spaces have no natural key: the fingerprint is what the POST sets, the space and where
    // it lands (the given section; left out, the site's default section, or the root).
    find: async () => {
      const container = inputs.sectionId ?? (await defaultSectionOf(api, address.organizationId, address.siteId)) ?? null;
      const siteSpaces = await listSiteSpaces(api, address.organizationId, address.siteId);
      return siteSpaces.filter((candidate) => candidate.space?.id === inputs.spaceId && (candidate.section ?? null) === container);
    },
    get: (id) => getSiteSpace(api, address.organizationId, address.siteId, id),
    idOf: (candidate) => candidate.id,
  });
  // Those the program sets; a null condition is none, what a new site space has.
  const later = wire.sentKeys.filter((key) => !CREATE_BODY_KEYS.includes(key) && inputs[key as keyof SiteSpaceInputs] != null);
  if (later.length > 0) {
    try {
      siteSpace = await updateSiteSpace(api, address.organizationId, address.siteId, siteSpace.id, wire.patchOf(inputs, later));
    } catch (cause) {
      const now = await getSiteSpace(api, address.organizationId, address.siteId, siteSpace.id).catch(() => undefined);
      throw new PartialCreateError(siteSpace.id, stateOf(address, now ?? siteSpace), cause);
    }
  }
  return { id: siteSpace.id, state: stateOf(address, siteSpace) };
}

/**
 * In a refresh, a site space that was in a section, from the site's section list: a site section
 * holds its `siteSpaces`, and every SiteSection of the site reads that list too, so
 * one request serves both kinds. `undefined` when the site is gone; `"elsewhere"` when no section
 * holds it (it may be at the site's root now, or gone: the site-space list says which).
 */
async function fromSectionList(lists: ListReader, address: { organizationId: string; siteId: string }, siteSpaceId: string): Promise<ApiSiteSpace | undefined | "elsewhere"> {
  let sections: readonly ApiSiteSection[] | undefined;
  try {
    sections = await listSiteSectionsShared(lists, address.organizationId, address.siteId);
  } catch (error) {
    if (isPermissionDeniedError(error)) return "elsewhere";
    throw error;
  }
  if (sections === undefined) return undefined;
  for (const section of sections) {
    const found = section.siteSpaces?.find((item) => item.id === siteSpaceId);
    if (found) return { ...found, section: found.section ?? section.id };
  }
  return "elsewhere";
}

async function read(ctx: ResourceContext, siteSpaceId: string, previous: State): Promise<State | undefined> {
  const address = addressOf(previous);
  if (ctx.lists && typeof previous.sectionId === "string") {
    const inSection = await fromSectionList(ctx.lists, address, siteSpaceId);
    if (inSection !== "elsewhere") return inSection && stateOf(address, inSection);
  }
  // In a refresh, from the site's site-space list shared by every site space of the site.
  const siteSpace = await readSiteSpaceThroughList(ctx, address.organizationId, address.siteId, siteSpaceId);
  return siteSpace && stateOf(address, siteSpace);
}

async function update(ctx: ResourceContext, siteSpaceId: string, olds: State, news: SiteSpaceInputs, changed: ReadonlySet<string>): Promise<State> {
  const address = addressOf(olds);
  if (changed.has("sectionId")) {
    // Only reachable through adopt (diff replaces on a section change).
    throw new Error(
      `SiteSpace ${siteSpaceId} is in section ${typeof olds.sectionId === "string" ? olds.sectionId : "(root)"} but the inputs declare ${String(news.sectionId ?? "the default section")}; ` +
        "the API cannot move a site space between sections. Declare its current section or create a new site space.",
    );
  }
  const body = wire.patchOf(news, changed);
  let siteSpace: ApiSiteSpace | undefined;
  if (Object.keys(body).length > 0) {
    siteSpace = await updateSiteSpace(ctx.api, address.organizationId, address.siteId, siteSpaceId, body);
  } else {
    siteSpace = await getSiteSpace(ctx.api, address.organizationId, address.siteId, siteSpaceId);
  }
  if (!siteSpace) throw new SaidError(said`SiteSpace ${siteSpaceId} no longer exists in site ${address.siteId}; run ${term.refresh()} to drop it from the state`);
  return stateOf(address, siteSpace);
}

async function remove(ctx: ResourceContext, siteSpaceId: string, props: State): Promise<void> {
  const address = addressOf(props);
  // A 404 (the site is gone, and its site spaces with it) counts as deleted too.
  await deleteSiteSpace(ctx.api, address.organizationId, address.siteId, siteSpaceId);
}

export const definition: ResourceDefinition<SiteSpaceInputs> = {
  kind: "SiteSpace",
  importId: insideSite("SiteSpace", "site space"),
  schema: siteSpaceInputs,
  outputs,
  ...declaredKeyLists(siteSpaceInputs),
  create,
  read,
  update,
  delete: remove,
};
