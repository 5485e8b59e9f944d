/**
 * `Site`: a published docs site of an organization.
 *
 * Create is several steps: POST the site (it starts unpublished), PATCH what POST does not take,
 * then publish. A failure after the POST is recorded as a partial create, so the site stays in
 * state and the next `pulumi up` finishes the remaining steps through `update`.
 */
import { ref } from "../adapter/example-values";
import { z } from "zod";
import { wireMapping } from "../adapter/wire";
import { adoptInput } from "../adapter/adopt";
import type { ApiRequester } from "../api/requester";
import type { ResourceContext } from "../recovery/context";
import { identifier, text } from "../adapter/check";
import { createOnce } from "../recovery/create-once";
import { PartialCreateError } from "../recovery/partial-create";
import type { ResourceDefinition, State } from "../adapter/resource";
import { declaredKeyLists } from "../adapter/fields";
import { stateStrings } from "../adapter/values";
import { type ApiSite, createSite, deleteSite, getSite, listSites, publishSite, readSiteThroughList, unpublishSite, updateSite } from "../api/sites";
import { listSiteSectionsForRead } from "../api/site-sections";
import { listDefaultSiteSpaces, listSiteSpacesForRead } from "../api/site-spaces";
import { SaidError, said, term } from "../adapter/door-words";

/** What `adopt: true`, an interrupted create, the preview's duplicate check and the messages match by. */
const NATURAL_KEY = "title within the organization";

/** the API's reference: a proxy hosts the site on a subdirectory of another domain, `<domain>/<path>`. */
export const PROXY_PATTERN = /^([\w-]+\.)*[\w-]+\.[a-zA-Z]{2,}(\/[\w-]+)+$/;

/** the API's reference. */
export const SITE_VISIBILITIES = ["public", "unlisted", "share-link", "visitor-auth"] as const;

/** the API's reference. */
export const AGENTS_CONTEXTS = ["excluded", "included"] as const;

/** the API's reference documents `basic` (the default); the API also knows these, and refuses any other. */
export const SITE_TYPES = ["basic", "premium", "ultimate"] as const;

/**
 * The site's path prefix under its host: letters, digits, `-` and `_` only (no `/`), at most 100
 * characters, "" allowed; what the API accepts (the API's reference gives no rule).
 */
export const BASENAME_PATTERN = /^[a-zA-Z0-9_-]*$/;
export const BASENAME_MAX = 100;

/** the API's reference gives no limit for a site title; the production service takes 2..128 characters. */
export const SITE_TITLE_MIN = 2;
export const SITE_TITLE_MAX = 128;

export const siteInputs = z.strictObject({
  organizationId: identifier().meta({
    replaces: true,
    sendAs: false,
    description: "Id of the organization that owns the site. Changing it replaces the site. Defaults to the stack's `docs-platform:organizationId`.",
    example: "org_123",
  }),
  title: text({ min: SITE_TITLE_MIN, max: SITE_TITLE_MAX }).meta({
    description: "Title of the site, 2 to 128 characters.",
    example: "Developer docs",
  }),
  // The API defaults a new site to `basic`; the default is written out so that leaving `type` out
  // never replaces an existing site, and adopting a site of another type says so.
  type: z
    .enum(SITE_TYPES)
    .default("basic")
    .meta({
      replaces: true,
      description:
        "Site type. The API only documents `basic`, the default; the emulator and the production service\n" +
        "also know `premium` and `ultimate`. It cannot be changed in place: changing it replaces the site.",
      example: "basic",
    }),
  visibility: z
    .enum(SITE_VISIBILITIES)
    .optional()
    .meta({
      description:
        "Who may see the published site: `public` (anyone, indexed), `unlisted` (anyone, not indexed),\n" +
        "`share-link` (a secret token in the URL) or `visitor-auth` (JWT-authenticated visitors).",
      example: "unlisted",
    }),
  basename: text({ max: BASENAME_MAX })
    .regex(BASENAME_PATTERN, "must be letters, digits, - and _ only (no /), e.g. docs-v2")
    .optional()
    .meta({
      description:
        "Path prefix of the site under its host: letters, digits, `-` and `_` (no `/`), up to 100\n" + "characters. Removing it stops managing it (the site keeps its basename).",
      example: "docs",
    }),
  proxy: z
    .string()
    .regex(PROXY_PATTERN, "must be <domain>/<path>, e.g. example.com/docs (pattern of the API's reference)")
    .nullable()
    .optional()
    .meta({
      clearedWithNull: true,
      description:
        "Hosts the site on a subdirectory of another domain, `<domain>/<path>` (pattern\n" +
        "`^([\\w-]+\\.)*[\\w-]+\\.[a-zA-Z]{2,}(\\/[\\w-]+)+$`). `null`, or removing it after it was set,\n" +
        "removes the proxy.",
      example: "example.com/docs",
    }),
  adaptiveContent: z
    .strictObject({ enabled: z.boolean() })
    .optional()
    .meta({ description: "Adaptive content (content tailored to visitor claims).", example: { enabled: true } }),
  agentsContext: z.enum(AGENTS_CONTEXTS).optional().meta({ description: "Whether AI agents may read the site: `included` or `excluded`.", example: "excluded" }),
  // Set by a publish or an unpublish request of its own, after everything else.
  published: z
    .boolean()
    .optional()
    .meta({
      sendAs: false,
      description:
        "`true` publishes the site (after everything else is set up), `false` unpublishes it; left out,\n" + "the published state is not managed. A new site starts unpublished.",
      example: true,
    }),
  spaces: z
    .array(identifier())
    .optional()
    .meta({
      refersTo: "Space",
      description:
        "Ids of spaces the site is created with (its first site spaces, at the root). Used only at\n" +
        "creation: later changes are ignored and do not replace the site; manage site spaces afterwards\n" +
        "with `SiteSpace` resources.",
      example: [ref("Space", "space")],
    }),
  defaultSiteSpace: identifier()
    .optional()
    .meta({
      refersTo: "SiteSpace",
      description: "Id of the site space shown by default: at the root, or in the default section when the site\n" + "has sections. Removing it stops managing it.",
      example: ref("SiteSpace", "siteSpace"),
    }),
  defaultSiteSection: identifier()
    .optional()
    .meta({ refersTo: "SiteSection", description: "Id of the default site section. Removing it stops managing it.", example: ref("SiteSection", "section") }),
  adopt: adoptInput.optional().meta({
    description:
      'Take over an existing site instead of creating one: `{ id: "<site id>" }`, or `true` to adopt\n' +
      "the one site of the organization with this exact `title` (created when there is none). The\n" +
      "site is then reconciled to these inputs. Only read at creation.",
  }),
});

export type SiteInputs = z.infer<typeof siteInputs>;

/**
 * What the state holds beyond the inputs (the server's own fields), and what an input's value in the
 * state means where that differs from the input's description.
 */
export const outputs = z.object({
  spaces: z.array(z.string()).optional().meta({ description: "The spaces the site was created with." }),
  hostname: z.string().optional().meta({ description: "Custom hostname, when one is set (managed outside this resource)." }),
  siteSpaces: z.number().meta({ description: "Number of site spaces." }),
  createdAt: z.string(),
  urls: z.object({ location: z.string().optional(), app: z.string().optional(), published: z.string().optional(), preview: z.string().optional() }),
  previewUrl: z.string().optional().meta({ readFrom: "urls.preview", description: "Where the site's preview is seen before it is published (`urls.preview`)." }),
  publishedUrl: z.string().optional().meta({ readFrom: "urls.published", description: "Where visitors find the site (`urls.published`)." }),
});

/** The state of a site as the API answers it, and the bodies sent, from the declarations above. */
const wire = wireMapping(siteInputs, outputs);

/**
 * The proxy as the input spells it, `<domain>/<path>`. The API returns an object whose `origin` is
 * where visitors arrive (`https://<domain>/<path>`); a string is accepted too.
 */
function proxyInput(proxy: ApiSite["proxy"]): string | null {
  if (proxy === undefined || proxy === null) return null;
  const raw = typeof proxy === "string" ? proxy : proxy.origin;
  if (!raw) return null;
  return raw.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "").replace(/\/+$/, "");
}

/**
 * The default section and default site space: the Site object does not carry them, so they are
 * read from the sections and site-spaces lists (only when the state tracks them).
 */
async function defaults(ctx: Pick<ResourceContext, "api" | "lists">, organizationId: string, siteId: string, want: { space: boolean; section: boolean }) {
  if (!want.space && !want.section) return {};
  const sections = await listSiteSectionsForRead(ctx, organizationId, siteId);
  const defaultSection = sections.find((section) => section.default)?.id;
  const result: { defaultSiteSection?: string; defaultSiteSpace?: string } = {};
  if (want.section && defaultSection) result.defaultSiteSection = defaultSection;
  if (want.space) {
    // "the default at the root or in the default section".
    const container = defaultSection ?? null;
    // A refresh shares the whole list with the site's site spaces; otherwise only the defaults are asked for.
    const siteSpaces = ctx.lists ? await listSiteSpacesForRead(ctx, organizationId, siteId) : await listDefaultSiteSpaces(ctx.api, organizationId, siteId);
    const match = siteSpaces.find((siteSpace) => siteSpace.default && (siteSpace.section ?? null) === container);
    if (match) result.defaultSiteSpace = match.id;
  }
  return result;
}

/** What the state tracks, whatever the API returns: inputs first, then server outputs. */
function stateOf(organizationId: string, site: ApiSite, extra: { spaces?: string[]; defaultSiteSpace?: string; defaultSiteSection?: string }): State {
  return wire.fromApi(site, {
    organizationId,
    // By hand, each for its reason: the API's proxy may carry a scheme or a final slash the input
    // has not; adaptive content holds more than the input's `enabled`; the site object does not
    // carry its creation's spaces nor its defaults (read from the lists).
    proxy: proxyInput(site.proxy),
    adaptiveContent: site.adaptiveContent ? { enabled: site.adaptiveContent.enabled } : undefined,
    spaces: extra.spaces,
    defaultSiteSpace: extra.defaultSiteSpace,
    defaultSiteSection: extra.defaultSiteSection,
  });
}

/**
 * The state a site object stands for, from the declarations and the site alone: what the lookups
 * return. The creation's spaces and the defaults (read from the lists) are not in it.
 */
export function fromApi(organizationId: string, site: ApiSite): State {
  return stateOf(organizationId, site, {});
}

function wants(bag: { defaultSiteSpace?: unknown; defaultSiteSection?: unknown }) {
  return { space: bag.defaultSiteSpace !== undefined, section: bag.defaultSiteSection !== undefined };
}

/**
 * The state of `site`. `tracked` is the previous state or the inputs: it says whether the defaults
 * are worth reading, and holds `spaces`, which only the creation used and the API does not return.
 */
async function stateNow(
  ctx: Pick<ResourceContext, "api" | "lists">,
  organizationId: string,
  site: ApiSite,
  tracked: { spaces?: unknown; defaultSiteSpace?: unknown; defaultSiteSection?: unknown },
): Promise<State> {
  const spaces = Array.isArray(tracked.spaces) ? (tracked.spaces as string[]) : undefined;
  return stateOf(organizationId, site, { spaces, ...(await defaults(ctx, organizationId, site.id, wants(tracked))) });
}

function organizationOf(bag: State): string {
  return stateStrings(bag, ["organizationId"], "Site: the state has no organizationId; cannot address the site").organizationId;
}

/** The create's POST takes only these (API.md); the other inputs a body carries follow in a PATCH. */
const CREATE_BODY_KEYS = ["type", "title", "visibility", "spaces"];

async function setPublished(api: ApiRequester, organizationId: string, siteId: string, published: boolean): Promise<ApiSite> {
  return published ? publishSite(api, organizationId, siteId) : unpublishSite(api, organizationId, siteId);
}

/** The sites of the organization with exactly this title. */
async function sitesTitled(api: ApiRequester, organizationId: string, title: string): Promise<ApiSite[]> {
  // the API's reference does not name the list's filter parameters: list everything and match the exact title.
  return (await listSites(api, organizationId)).filter((site) => site.title === title);
}

async function create(ctx: ResourceContext, inputs: SiteInputs): Promise<{ id: string; state: State }> {
  const { api } = ctx;
  const organizationId = inputs.organizationId;
  let site = await createOnce<ApiSite>(ctx, {
    kind: "Site",
    describe: `site "${inputs.title}"`,
    // The natural key's matches of the type this create asked for: one of another type is not what it made.
    matchedBy: `${NATURAL_KEY}, of the same type`,
    send: () => createSite(api, organizationId, wire.bodyOf(inputs, CREATE_BODY_KEYS)),
    find: async () => (await sitesTitled(api, organizationId, inputs.title)).filter((site) => site.type === inputs.type),
    get: (id) => getSite(api, organizationId, id),
    idOf: (site) => site.id,
    createdAtOf: (site) => site.createdAt,
  });
  const known = { spaces: inputs.spaces };
  try {
    // Setting up a removed proxy on a new site means nothing: only a given proxy is sent.
    const later = wire.sentKeys.filter((key) => !CREATE_BODY_KEYS.includes(key) && inputs[key as keyof SiteInputs] != null);
    const body = wire.patchOf(inputs, later);
    if (Object.keys(body).length > 0) site = await updateSite(api, organizationId, site.id, body);
    if (inputs.published === true) site = await setPublished(api, organizationId, site.id, true);
  } catch (cause) {
    // Describe the site as it really is so the next `up` applies exactly what is missing.
    const now = await getSite(api, organizationId, site.id).catch(() => undefined);
    const state = await stateNow({ api }, organizationId, now ?? site, inputs).catch(() => stateOf(organizationId, now ?? site, known));
    throw new PartialCreateError(site.id, state, cause);
  }
  return { id: site.id, state: await stateNow({ api }, organizationId, site, inputs) };
}

async function read(ctx: ResourceContext, siteId: string, previous: State): Promise<State | undefined> {
  const organizationId = organizationOf(previous);
  // In a refresh, from the organization's site list shared by every site, and the defaults from the
  // section and site-space lists its sections and site spaces share.
  const site = await readSiteThroughList(ctx, organizationId, siteId);
  return site && stateNow(ctx, organizationId, site, previous);
}

async function update(ctx: ResourceContext, siteId: string, olds: State, news: SiteInputs, changed: ReadonlySet<string>): Promise<State> {
  const { api } = ctx;
  const organizationId = organizationOf(olds);
  if (changed.has("type")) {
    // Only reachable through adopt (diff replaces on a type change): the API cannot patch the type.
    throw new Error(
      `Site ${siteId} has type "${String(olds.type)}" but the inputs declare "${news.type}"; the type cannot be changed in place. Declare type: "${String(olds.type)}" or create a new site.`,
    );
  }
  let site: ApiSite | undefined;
  const body = wire.patchOf(news, changed);
  if (Object.keys(body).length > 0) site = await updateSite(api, organizationId, siteId, body);
  // Publishing comes last, so visitors never see a half-configured site.
  if (changed.has("published") && news.published !== undefined) site = await setPublished(api, organizationId, siteId, news.published);
  site ??= await getSite(api, organizationId, siteId);
  if (!site) throw new SaidError(said`Site ${siteId} no longer exists in organization ${organizationId}; run ${term.refresh()} to drop it from the state`);
  return stateNow({ api }, organizationId, site, { spaces: olds.spaces, defaultSiteSpace: news.defaultSiteSpace, defaultSiteSection: news.defaultSiteSection });
}

async function remove(ctx: ResourceContext, siteId: string, props: State): Promise<void> {
  await deleteSite(ctx.api, organizationOf(props), siteId);
}

async function findByNaturalKey(ctx: ResourceContext, inputs: SiteInputs): Promise<{ id: string; state: State }[]> {
  const sites = await sitesTitled(ctx.api, inputs.organizationId, inputs.title);
  return Promise.all(sites.map(async (site) => ({ id: site.id, state: await stateNow({ api: ctx.api }, inputs.organizationId, site, inputs) })));
}

export const definition: ResourceDefinition<SiteInputs> = {
  kind: "Site",
  schema: siteInputs,
  outputs,
  // `spaces` is deliberately not compared: it only matters at creation.
  uncomparedInputKeys: ["spaces"],
  ...declaredKeyLists(siteInputs),
  naturalKey: NATURAL_KEY,
  // The API makes a second one with the same key: a create next to an existing one is warned about.
  duplicates: "allowed",
  create,
  read,
  update,
  delete: remove,
  findByNaturalKey,
};
