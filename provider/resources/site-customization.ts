/**
 * `SiteCustomization`: how a docs site looks and behaves, the Customization object of the API's reference,
 * read and written with `GET`/`PUT /orgs/{org}/sites/{site}/customization`.
 *
 * Every site has exactly one customization, so the resource always adopts it: its id is the site
 * id, and create takes the existing object over.
 *
 * The API's PUT replaces the whole object (a field left out reverts to its default), but a program
 * declares only the fields it manages. So:
 * - the state tracks only the declared paths: refresh compares the declared leaves with the
 *   server's and nothing else, so a field set in the app that the program does not declare never
 *   shows as drift;
 * - create and update send the object as it is on the server now with the declared values laid
 *   over it. Declared fields are authoritative; a field left out of the program is "not managed"
 *   and keeps the value it has, exactly as a removed setting of `OrganizationSettings` does.
 *   (Sending the defaults plus the declared values instead would silently reset every field set
 *   in the app.) The API has no version check, so an edit made in the app between the GET and the
 *   PUT of one update is overwritten; the next refresh shows it gone only where it was declared.
 * - destroy leaves the customization as it is: removing the resource means "stop managing it".
 *   Resetting to the defaults would also reset the fields the program never managed.
 *
 * A leaf is a string, boolean, `null` or array: arrays (header links, footer groups) are managed
 * whole. `null` unsets an optional field (a logo, the privacy policy URL, ...).
 */
import { SaidError, said, term } from "../adapter/door-words";
import { ref } from "../adapter/example-values";
import { z } from "zod";
import { type WireMapping, wireMapping } from "../adapter/wire";
import type { ResourceContext } from "../recovery/context";
import { httpUrl, identifier, text } from "../adapter/check";
import type { ResourceDefinition, State } from "../adapter/resource";
import { declaredKeyLists } from "../adapter/fields";
import { jsonEqual, stateStrings } from "../adapter/values";
import { ofSite } from "../adapter/import-ids";
import { getSiteCustomization, replaceSiteCustomization } from "../api/customizations";
import { getSite } from "../api/sites";
import { customizationDefaults, differences } from "../domain/customization-defaults";

// ---------------------------------------------------------------------------------------------
// The Customization object's input shape, shared with SiteSpaceCustomization.

const HEX_COLOR = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const hexColor = () => z.string().regex(HEX_COLOR, "must be a hex color, #rgb or #rrggbb, e.g. #346DDB");
/** A styling or mode value: the API's reference gives sample values only, not the enumeration, so any 1..100 characters. */
const option = () => text({ min: 1, max: 100 });
const imageUrl = () => httpUrl({ max: 2048 });
const linkTitle = () => text({ min: 1, max: 100 });

/** A content reference (the API's reference: `file`, `page`, `openapi`) or an external `url`. */
const contentReference = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("url"), url: httpUrl({ max: 2048 }) }),
  z.strictObject({ kind: z.literal("page"), page: identifier(), space: identifier().optional() }),
  z.strictObject({ kind: z.literal("file"), file: identifier() }),
  z.strictObject({ kind: z.literal("openapi"), spec: text({ min: 1, max: 100 }) }),
]);
const link = z.strictObject({ title: linkTitle(), to: contentReference });

/**
 * The top-level fields of the Customization object, every field optional at every depth (a
 * program declares what it manages). `nullable`: whether `null` may unset an optional field; a
 * site-space override has no "unset" of its own (removing a field from it inherits the site's).
 */
export function customizationFields(nullable: boolean) {
  const unsettable = <T extends z.ZodType>(schema: T) => (nullable ? schema.nullable() : schema);
  const themedColor = () => z.strictObject({ light: hexColor().optional(), dark: hexColor().optional() });
  // An image needs its light-theme URL; the dark one falls back to it. API.md lists `{light, dark}`
  // without saying which is required; the production API refuses an image without `light` (the
  // emulator follows it), so check refuses it before any request.
  const themedImage = () => unsettable(z.strictObject({ light: imageUrl(), dark: imageUrl().optional() }));
  const enabled = () => z.strictObject({ enabled: z.boolean().optional() });
  return {
    title: text({ min: 1, max: 128 }).optional().meta({ description: "Title shown in the site's header, 1..128 characters.", example: "Acme Docs" }),
    styling: z
      .strictObject({
        theme: option().optional(),
        primaryColor: themedColor().optional(),
        infoColor: themedColor().optional(),
        successColor: themedColor().optional(),
        warningColor: themedColor().optional(),
        dangerColor: themedColor().optional(),
        // A tint has no default to complete it: the API wants its color, light and dark both.
        tint: unsettable(z.strictObject({ color: z.strictObject({ light: hexColor(), dark: hexColor() }) }))
          .optional()
          .meta(nullable ? { description: "`null` removes the tint." } : {}),
        corners: option().optional(),
        depth: option().optional(),
        links: option().optional(),
        font: option().optional(),
        monospaceFont: option().optional(),
        icons: option().optional(),
        sidebar: z.strictObject({ background: option().optional(), list: option().optional() }).optional(),
        search: option().optional(),
      })
      .optional()
      .meta({
        description: "Look of the site.",
        example: {
          theme: "clean",
          primaryColor: { light: "#346DDB", dark: "#6B9BF2" },
          corners: "straight",
          depth: "subtle",
          links: "default",
          font: "Inter",
          icons: "regular",
          sidebar: { background: "default", list: "default" },
          search: "prominent",
        },
      }),
    favicon: z
      .strictObject({ icon: themedImage().optional() })
      .optional()
      .meta({ description: "Favicon; a null `icon` removes it.", example: { icon: { light: "https://acme.test/favicon.png" } } }),
    header: z
      .strictObject({
        logo: themedImage().optional(),
        primaryLink: unsettable(contentReference).optional(),
        links: z
          .array(
            z.strictObject({
              title: linkTitle().meta({ description: "1..100 characters." }),
              to: contentReference.optional(),
              style: option().optional().meta({ description: 'How the link shows, e.g. `"link"` or `"button-primary"`.' }),
              links: z.array(link).max(50).optional().meta({ description: "A dropdown of links under this one." }),
              condition: text({ min: 1, max: 1000 })
                .optional()
                .meta({ description: "Expression deciding whether a visitor sees the link (adaptive content), 1..1000 characters." }),
            }),
          )
          .max(50)
          .optional(),
      })
      .optional()
      .meta({
        description: "Header: logo (`null` removes it), primary link and links, managed as a whole list.",
        example: { logo: { light: "https://acme.test/logo.svg" }, links: [{ title: "Status", to: { kind: "url", url: "https://status.acme.test" } }] },
      }),
    footer: z
      .strictObject({
        logo: themedImage().optional(),
        groups: z
          .array(
            z.strictObject({
              title: linkTitle().meta({ description: "1..100 characters." }),
              links: z.array(link).max(50).optional().meta({ description: "The group's links." }),
            }),
          )
          .max(50)
          .optional(),
        copyright: unsettable(text({ max: 1000 })).optional(),
      })
      .optional()
      .meta({ description: "Footer: logo, link groups (managed as a whole list), copyright.", example: { copyright: "© Acme Inc." } }),
    announcement: z
      .strictObject({
        enabled: z.boolean().optional(),
        message: text({ max: 1000 }).optional(),
        link: unsettable(link).optional(),
        style: option().optional(),
      })
      .optional()
      .meta({ description: "Banner above the site.", example: { enabled: true, message: "v2 is out", style: "info" } }),
    themes: z
      .strictObject({ default: option().optional(), toggeable: z.boolean().optional() })
      .optional()
      .meta({ description: "Light/dark theme.", example: { default: "light", toggeable: true } }),
    pdf: enabled()
      .optional()
      .meta({ description: "PDF export.", example: { enabled: false } }),
    feedback: enabled()
      .optional()
      .meta({ description: "Page feedback.", example: { enabled: true } }),
    ai: z
      .strictObject({ mode: option().optional() })
      .optional()
      .meta({ description: "AI features.", example: { mode: "none" } }),
    advancedCustomization: enabled()
      .optional()
      .meta({ description: "Whether advanced customization is on.", example: { enabled: true } }),
    git: z
      .strictObject({ showEditLink: z.boolean().optional() })
      .optional()
      .meta({ description: "Git sync: whether pages show an edit link.", example: { showEditLink: true } }),
    pageActions: z
      .strictObject({ externalAI: z.boolean().optional(), markdown: z.boolean().optional(), mcp: z.boolean().optional() })
      .optional()
      .meta({ description: "Actions offered on pages.", example: { externalAI: true, markdown: true, mcp: false } }),
    externalLinks: z
      .strictObject({ target: option().optional() })
      .optional()
      .meta({ description: "Where external links open.", example: { target: "self" } }),
    pagination: enabled()
      .optional()
      .meta({ description: "Whether pages show pagination.", example: { enabled: true } }),
    trademark: enabled()
      .optional()
      .meta({ description: "Whether the trademark is shown.", example: { enabled: false } }),
    privacyPolicy: z
      .strictObject({ url: unsettable(imageUrl()).optional() })
      .optional()
      .meta({ description: "A null `url` removes it.", example: { url: "https://acme.test/privacy" } }),
    socialPreview: z
      .strictObject({ url: unsettable(imageUrl()).optional() })
      .optional()
      .meta({ description: "A null `url` removes it.", example: { url: "https://acme.test/social.png" } }),
    insights: z
      .strictObject({ trackingCookie: z.boolean().optional() })
      .optional()
      .meta({ description: "Insights: whether a tracking cookie is set.", example: { trackingCookie: false } }),
  };
}

/** The top-level fields of the Customization object, in the API's order. */
export const CUSTOMIZATION_FIELDS = Object.keys(customizationFields(true)) as readonly string[];

/** A color per theme: hex colors such as `#346DDB`. */
export interface ThemedColor {
  light?: string;
  dark?: string;
}

/** An image per theme: http(s) URLs of at most 2048 characters; `light` is required, `dark` falls back to it. */
export interface ThemedImage {
  light: string;
  dark?: string;
}

/** Where a link goes: an external URL, or a page, file or OpenAPI spec of the organization. */
export type ContentReference = { kind: "url"; url: string } | { kind: "page"; page: string; space?: string } | { kind: "file"; file: string } | { kind: "openapi"; spec: string };

export interface CustomizationLink {
  title: string;
  to: ContentReference;
}

/** A link of the header; its fields are described on the input schema's header links (`customizationFields`). */
export interface HeaderLink {
  title: string;
  to?: ContentReference;
  style?: string;
  links?: CustomizationLink[];
  condition?: string;
}

/**
 * The Customization object of the API's reference, every field optional: declare only what you manage.
 * the API's reference gives sample values, not enumerations, for the styling and mode fields (`theme`,
 * `corners`, ...): they are strings of 1..100 characters, checked by the API.
 */
export interface Customization {
  /** Title shown in the site's header, 1..128 characters. Example: `"Acme Docs"`. */
  title?: string;
  /**
   * Look of the site. Example: `{ theme: "clean", primaryColor: { light: "#346DDB", dark: "#6B9BF2" },
   * corners: "straight", depth: "subtle", links: "default", font: "Inter", icons: "regular",
   * sidebar: { background: "default", list: "default" }, search: "prominent" }`.
   */
  styling?: {
    theme?: string;
    primaryColor?: ThemedColor;
    infoColor?: ThemedColor;
    successColor?: ThemedColor;
    warningColor?: ThemedColor;
    dangerColor?: ThemedColor;
    tint?: { color?: ThemedColor } | null;
    corners?: string;
    depth?: string;
    links?: string;
    font?: string;
    monospaceFont?: string;
    icons?: string;
    sidebar?: { background?: string; list?: string };
    search?: string;
  };
  /** Favicon; `icon: null` removes it. Example: `{ icon: { light: "https://acme.test/favicon.png" } }`. */
  favicon?: { icon?: ThemedImage | null };
  /**
   * Header: logo (`null` removes it), primary link and links, managed as a whole list. Example:
   * `{ logo: { light: "https://acme.test/logo.svg" }, links: [{ title: "Status", to: { kind: "url", url: "https://status.acme.test" } }] }`.
   */
  header?: { logo?: ThemedImage | null; primaryLink?: ContentReference | null; links?: HeaderLink[] };
  /** Footer: logo, link groups (managed as a whole list), copyright. Example: `{ copyright: "© Acme Inc." }`. */
  footer?: { logo?: ThemedImage | null; groups?: { title: string; links?: CustomizationLink[] }[]; copyright?: string | null };
  /** Banner above the site. Example: `{ enabled: true, message: "v2 is out", style: "info" }`. */
  announcement?: { enabled?: boolean; message?: string; link?: CustomizationLink | null; style?: string };
  /** Light/dark theme. Example: `{ default: "light", toggeable: true }`. */
  themes?: { default?: string; toggeable?: boolean };
  /** PDF export. Example: `{ enabled: false }`. */
  pdf?: { enabled?: boolean };
  /** Page feedback. Example: `{ enabled: true }`. */
  feedback?: { enabled?: boolean };
  /** AI features. Example: `{ mode: "none" }`. */
  ai?: { mode?: string };
  /** Example: `{ enabled: true }`. */
  advancedCustomization?: { enabled?: boolean };
  /** Example: `{ showEditLink: true }`. */
  git?: { showEditLink?: boolean };
  /** Actions offered on pages. Example: `{ externalAI: true, markdown: true, mcp: false }`. */
  pageActions?: { externalAI?: boolean; markdown?: boolean; mcp?: boolean };
  /** Example: `{ target: "self" }`. */
  externalLinks?: { target?: string };
  /** Example: `{ enabled: true }`. */
  pagination?: { enabled?: boolean };
  /** Example: `{ enabled: false }`. */
  trademark?: { enabled?: boolean };
  /** `url: null` removes it. Example: `{ url: "https://acme.test/privacy" }`. */
  privacyPolicy?: { url?: string | null };
  /** `url: null` removes it. Example: `{ url: "https://acme.test/social.png" }`. */
  socialPreview?: { url?: string | null };
  /** Example: `{ trackingCookie: false }`. */
  insights?: { trackingCookie?: boolean };
}

// ---------------------------------------------------------------------------------------------
// Declared leaves: projecting the server's object onto them, and laying them over it.

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The server's values at the declared paths: declared objects are walked, anything else (a string,
 * boolean, `null`, an array) is a leaf taken whole. A declared leaf the server does not hold
 * reads as `null`, which is how an unset optional field is declared.
 */
export function projectDeclared(declared: unknown, server: unknown): unknown {
  if (!isObject(declared)) return server === undefined ? null : server;
  const source = isObject(server) ? server : {};
  const result: Json = {};
  for (const [key, value] of Object.entries(declared)) if (value !== undefined) result[key] = projectDeclared(value, source[key]);
  return result;
}

/** The fields of every kind of content reference (the API's reference: `file`, `page`, `openapi`; and `url`). */
const REFERENCE_FIELDS = ["url", "page", "space", "file", "spec"] as const;

/** A content reference (`{ kind, ... }`): a value taken whole, never merged key by key. */
function isReference(value: unknown): value is Json {
  return isObject(value) && typeof value.kind === "string";
}

/**
 * `declared` laid over `base`: declared objects merge key by key, declared leaves replace. A
 * content reference replaces the base's whole: merged, the old kind's fields (`file`) would stay
 * beside the new kind's (`url`), which the API refuses (a link changed from a file to a URL failed
 * its update; test/contract/declared-fields.test.ts), and a page's old `space` beside a new page.
 */
export function overlayDeclared(base: unknown, declared: unknown): unknown {
  if (!isObject(declared) || isReference(declared)) return declared;
  const result: Json = isObject(base) ? { ...base } : {};
  for (const [key, value] of Object.entries(declared)) if (value !== undefined) result[key] = overlayDeclared(result[key], value);
  return result;
}

/**
 * `value` as a JSON merge patch (RFC 7396) sends it so that the target ends at `value` whether the
 * server merges nested objects or replaces them: each content reference whole, with every field of
 * the other kinds set to `null` (a merge would otherwise keep the old kind's `file` beside a new
 * `url`). Arrays are values in a merge patch, sent as they are.
 */
export function asMergePatch(value: unknown): unknown {
  if (!isObject(value)) return value;
  const patch: Json = {};
  for (const [key, member] of Object.entries(value)) if (member !== undefined) patch[key] = asMergePatch(member);
  if (isReference(value)) for (const field of REFERENCE_FIELDS) if (!(field in patch)) patch[field] = null;
  return patch;
}

/**
 * The state a customization object stands for, for the fields `declared` declares: what the wire
 * mapping reads of it (each field at its path, `known` from the request's path), each declared
 * field projected onto its declared leaves. By hand, the projection: a program declares only the
 * leaves it manages (the object has dozens it does not), so the state holds those and refresh
 * compares nothing else (see the top of this file).
 */
export function declaredFromApi(wire: WireMapping, server: Json, known: State, declared: Record<string, unknown>): State {
  const read = wire.fromApi(server);
  const state: State = { ...known };
  for (const field of wire.sentKeys) if (declared[field] !== undefined) state[field] = projectDeclared(declared[field], read[field]);
  return state;
}

/**
 * The customization fields of `differing` (the leaves that differ from what the object would be
 * without a program) that `fields` (the input schema's) take, as a program would declare them. A
 * field the schema refuses is left out: an import that gave it back would fail its own check.
 */
export function declarableFields(differing: Json | undefined, fields: Readonly<Record<string, z.ZodType>>): State {
  const declared: State = {};
  for (const field of CUSTOMIZATION_FIELDS) {
    const value = differing?.[field];
    if (value !== undefined && fields[field]?.safeParse(value).success) declared[field] = value;
  }
  return declared;
}

/** The object schema a field holds, under its `optional` and `nullable`; undefined for any other. */
function objectSchemaOf(field: unknown): z.ZodObject | undefined {
  let current = field;
  while (current instanceof z.ZodOptional || current instanceof z.ZodNullable) current = current.unwrap();
  return current instanceof z.ZodObject ? current : undefined;
}

/**
 * `value` within the shape `field` declares: the keys it has, at every depth (a content reference,
 * an array, a string are leaves, whole); null leaves and empty objects left out, as a leaf the
 * object does not hold declares nothing.
 */
function withinShape(value: unknown, field: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  const object = objectSchemaOf(field);
  if (!object || !isObject(value)) return value;
  const result: Json = {};
  for (const [key, member] of Object.entries(value)) {
    if (!(key in object.shape)) continue;
    const kept = withinShape(member, object.shape[key]);
    if (kept !== undefined) result[key] = kept;
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

/**
 * Every customization field of `server` that `fields` (the input schema's) take, each leaf at the
 * value it has, a default's among them: the object whole as a program would declare it (an
 * import for OpenTofu, whose configurations keep what they leave out: `declarationOf`'s `whole`).
 */
export function wholeFields(server: Json, fields: Readonly<Record<string, z.ZodType>>): State {
  const within: Json = {};
  for (const field of CUSTOMIZATION_FIELDS) {
    const value = withinShape(server[field], fields[field]);
    if (value !== undefined) within[field] = value;
  }
  return declarableFields(within, fields);
}

// ---------------------------------------------------------------------------------------------
// The resource.

export const schema = z.strictObject({
  // The address of the customization, in the request's path: no body carries it.
  organizationId: identifier().meta({
    replaces: true,
    sendAs: false,
    description: "Id of the organization that owns the site. Changing it manages another site's customization. Defaults to the stack's `docs-platform:organizationId`.",
    example: "org_123",
  }),
  siteId: identifier().meta({
    replaces: true,
    refersTo: "Site",
    sendAs: false,
    description: "Id of the site. Changing it manages another site's customization (the old one is left as it is).",
    example: ref("Site", "site"),
  }),
  ...customizationFields(true),
});

/** `adopt` is never an input here: the site's customization always exists and is always adopted. */
export type SiteCustomizationInputs = z.infer<typeof schema> & { adopt?: undefined };

const FIELDS = customizationFields(true);

/** The state of a site's customization as the API answers it, and the bodies sent, from the declarations above. */
const wire = wireMapping(schema);

/** The state of the site's customization `server` for the fields `declared` declares. */
function fromApi(server: Json, address: { organizationId: string; siteId: string }, declared: Record<string, unknown>): State {
  return declaredFromApi(wire, server, address, declared);
}

function addressOf(bag: State): { organizationId: string; siteId: string } {
  return stateStrings(bag, ["organizationId", "siteId"], "SiteCustomization: the state has no organizationId or siteId; cannot address the customization");
}

/** PUTs the server object with the declared fields laid over it, unless it holds them already; returns the state. */
async function apply(ctx: ResourceContext, inputs: SiteCustomizationInputs, current: Json): Promise<State> {
  const declared = inputs as Record<string, unknown>;
  const address = { organizationId: inputs.organizationId, siteId: inputs.siteId };
  const wanted = fromApi(current, address, declared);
  const differs = wire.sentKeys.some((field) => declared[field] !== undefined && !jsonEqual(wanted[field], declared[field]));
  if (!differs) return wanted;
  // By hand, the overlay: the API's only write is a PUT replacing the whole object (DESIGN.md 8),
  // so the declared fields (the body the declaration gives) are laid over the object as it is.
  const body: Json = { ...current };
  for (const [field, value] of Object.entries(wire.bodyOf(inputs))) body[field] = overlayDeclared(current[field], value);
  const server = await replaceSiteCustomization(ctx.api, address.organizationId, address.siteId, body);
  return fromApi(server, address, declared);
}

export const definition: ResourceDefinition<SiteCustomizationInputs> = {
  kind: "SiteCustomization",
  soleOwner: {
    keyInputs: ["siteId"],
    object: ({ siteId }) => (typeof siteId === "string" && siteId !== "" ? { key: siteId, description: `the customization of site ${siteId}` } : undefined),
    sameOutput: "the customization of the same site (both siteIds are one Output)",
    why: said`a site has one customization, so every ${term.apply("up")} would undo the other's changes. Declare one ${term.kind("SiteCustomization")} per site.`,
  },
  importId: ofSite,
  schema,
  ...declaredKeyLists(schema),

  async create(ctx, inputs) {
    const current = await getSiteCustomization(ctx.api, inputs.organizationId, inputs.siteId);
    if (!current) throw new Error(`SiteCustomization: site ${inputs.siteId} does not exist in organization ${inputs.organizationId} or is not visible to this token`);
    return { id: inputs.siteId, state: await apply(ctx, inputs, current) };
  },

  async read(ctx, id, previous) {
    const address = addressOf(previous);
    const server = await getSiteCustomization(ctx.api, address.organizationId, id);
    // The previous state holds the declared paths: only they are compared.
    return server && fromApi(server, { ...address, siteId: id }, previous);
  },

  async declarationOf(ctx, id, known, whole) {
    // An import: the fields that differ from what a new site gets (as `export` writes them), so
    // a program declaring what was set previews with no change after the import; or, `whole`,
    // every field the customization has.
    const { organizationId } = addressOf({ ...known, siteId: id });
    if (whole) {
      const server = await getSiteCustomization(ctx.api, organizationId, id);
      return server && wholeFields(server, FIELDS);
    }
    const [site, server] = await Promise.all([getSite(ctx.api, organizationId, id), getSiteCustomization(ctx.api, organizationId, id)]);
    if (!site || !server) return undefined;
    return declarableFields(differences(server, customizationDefaults(site.title ?? "")) as Json | undefined, FIELDS);
  },

  async update(ctx, id, _olds, news) {
    // Laid over the object as it is now, so nothing undeclared is reset: 2 requests, the fewest
    // the API allows, as its only write is a PUT replacing the whole object (DESIGN.md 8) and the
    // state holds the declared fields only.
    const current = await getSiteCustomization(ctx.api, news.organizationId, id);
    if (!current) throw new SaidError(said`SiteCustomization: site ${id} no longer exists or is not visible to this token; run ${term.refresh()} to drop it from the state`);
    return apply(ctx, news, current);
  },

  async delete() {
    // Deliberately nothing: every site has a customization, and removing this resource means "stop
    // managing it". Resetting to the defaults would also reset the fields the program never declared.
  },
};
