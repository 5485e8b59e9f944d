/**
 * Resource identity (tfplugin6 6.9, Terraform 1.12+ and OpenTofu 1.12+) for every kind: the few
 * values that name one object for good, which Terraform keeps beside the state, compares across
 * runs, takes in an `import { identity = {...} }` block and gets for each object a `list` block
 * finds (discovery.ts).
 *
 * A kind's identity is its import id (adapter/import-ids.ts, the kind's `importId` form) and the
 * organization, as attributes: so an import by identity and an import by id read the same object
 * the same way (operations.ts importResource), and nothing about a kind is declared twice. From
 * the form:
 * - `<id>` (most kinds): `{ organization_id, id }`;
 * - `<siteId>/<... id>` (a site's sections, section groups, site spaces, a site space's
 *   customization): `{ organization_id, site_id, id }`;
 * - `<siteId>` (a site's one customization, structure, adaptive schema): `{ organization_id, site_id }`;
 * - `<organizationId>` (an organization's settings, its agent instructions): `{ organization_id }`.
 * The id attribute takes the name of what the id is where that is not an id of the API's own:
 * an OpenAPI spec is addressed by its slug (`{ organization_id, slug }`).
 *
 * `organization_id` may be left out of an import's identity (the provider's `organization_id` is
 * then the organization), except where it is the whole address; every other attribute is required.
 * The identity read, planned and applied always holds the organization.
 */
import { byId, type ImportIdForm } from "../adapter/import-ids";
import { definitionFor } from "../runtime/core";
import { snakeCase } from "./schema";

/** The identity schema's version: a change of the attributes below is a new version, and UpgradeResourceIdentity moves old ones on. */
export const IDENTITY_VERSION = 0;

/** The core's names of an identity's parts: the organization, the site, and the object's own id. */
type Part = "organizationId" | "siteId" | "id";

export interface IdentityAttribute {
  /** The attribute's name (snake_case), as an `identity = {...}` block writes it. */
  name: string;
  part: Part;
  description: string;
  /** Required in an import's identity; otherwise the provider fills it in (the organization). */
  requiredForImport: boolean;
}

export interface KindIdentity {
  kind: string;
  version: number;
  attributes: IdentityAttribute[];
}

/** What the id attribute is named where the kind's id is not an id of the API's own. */
const ID_NAMES: Readonly<Record<string, { name: string; description: string }>> = {
  OpenApiSpec: {
    name: "slug",
    description: "The spec's slug: the API addresses a spec by it (its own id is `spec_id`).",
  },
};

/**
 * The parts an import id form names, read from the form itself: what its `parse` makes of a
 * one-part id (`<id>`, `<siteId>`, `<organizationId>`), or else of a two-part one (`<siteId>/<id>`).
 */
function partsOfForm(form: ImportIdForm): Part[] {
  for (const probe of ["a", "a/b"]) {
    let parsed: { id: string; known: Record<string, unknown> };
    try {
      parsed = form.parse(probe);
    } catch {
      continue;
    }
    const known = Object.keys(parsed.known).filter((key): key is Part => key === "siteId" || key === "organizationId");
    if (known.length !== Object.keys(parsed.known).length) break;
    // The id is a part of its own unless it is what a known part holds (a site's one customization is the site's).
    const idIsKnown = known.some((key) => parsed.known[key] === parsed.id);
    return idIsKnown ? known : [...known, "id"];
  }
  throw new Error(
    `identity: no identity for the import id form ${form.shape} (its parts are not an organization, a site and an id)`,
  );
}

const DESCRIPTIONS: Readonly<Record<Part, string>> = {
  organizationId:
    "The organization that owns the object. Left out of an import's identity: the provider's `organization_id`.",
  siteId: "The site the object belongs to.",
  id: "The object's id.",
};

const byKind = new Map<string, KindIdentity>();

/** The identity of `kind` (every kind of the registry has one). */
export function identityOf(kind: string): KindIdentity {
  const cached = byKind.get(kind);
  if (cached) return cached;
  const definition = definitionFor(kind);
  const parts = partsOfForm(definition.importId ?? byId);
  const hasOrganization = "organizationId" in definition.schema.shape;
  const ordered: Part[] = [
    ...(hasOrganization ? (["organizationId"] as const) : []),
    ...parts.filter((part) => part !== "organizationId"),
  ];
  const identity: KindIdentity = {
    kind,
    version: IDENTITY_VERSION,
    attributes: ordered.map((part) => {
      const renamed = part === "id" ? ID_NAMES[kind] : undefined;
      return {
        name: renamed?.name ?? snakeCase(part),
        part,
        description: renamed?.description ?? DESCRIPTIONS[part],
        // The organization is the provider's when left out, unless it is all the identity says.
        requiredForImport: part !== "organizationId" || parts.includes("organizationId"),
      };
    }),
  };
  byKind.set(kind, identity);
  return identity;
}

/** The identity object's cty type: every attribute a string. */
export function identityType(kind: string): ["object", Record<string, "string">] {
  return ["object", Object.fromEntries(identityOf(kind).attributes.map((attribute) => [attribute.name, "string"]))];
}

/**
 * The identity of the object a core state describes (its `id`, `organizationId`, `siteId`), as
 * the identity block writes it; a value not known yet (a plan's new id) stays as it is.
 */
export function identityOfState(kind: string, state: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(
    identityOf(kind).attributes.map((attribute) => [attribute.name, state[attribute.part] ?? null]),
  );
}

/**
 * The import id and organization an identity names, for ImportResourceState: the kind's own
 * import id form writes the id. Throws naming each required attribute left out.
 */
export function importOfIdentity(
  kind: string,
  identity: Readonly<Record<string, unknown>>,
): { importId: string; organizationId: string | undefined } {
  const { attributes } = identityOf(kind);
  const given = (attribute: IdentityAttribute) => {
    const value = identity[attribute.name];
    return typeof value === "string" && value !== "" ? value : undefined;
  };
  const missing = attributes
    .filter((attribute) => attribute.requiredForImport && given(attribute) === undefined)
    .map((attribute) => attribute.name);
  if (missing.length > 0) {
    throw new Error(
      `the import's identity leaves out ${missing.join(", ")}; a ${kind}'s identity is { ${attributes.map((attribute) => `${attribute.name}${attribute.requiredForImport ? "" : " (optional)"}`).join(", ")} }`,
    );
  }
  const parts: Partial<Record<Part, string>> = Object.fromEntries(
    attributes.map((attribute) => [attribute.part, given(attribute)]),
  );
  const form = definitionFor(kind).importId ?? byId;
  // The form's `format` takes the object's id and a state holding the other parts.
  const id = parts.id ?? parts.siteId ?? parts.organizationId ?? "";
  return { importId: form.format(id, parts), organizationId: parts.organizationId };
}
