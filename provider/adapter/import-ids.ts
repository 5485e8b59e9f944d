/**
 * Import ids (`pulumi import docs-platform:index:<Kind> <name> <import id>`): each kind declares
 * its form once (`ResourceDefinition.importId`), both ways: read (an import id to the object's id
 * and what `read` needs beside it) and written (a resource's id and state to its import id, what
 * `export --import-file`, the contract tests and the reference pages use). The organization comes
 * from the resource's provider (`docs-platform:organizationId`); a site's parts also need the site.
 */

/** An object's state, as resource.ts calls it (kept apart: resource.ts reads the forms from here). */
type State = Record<string, unknown>;

export interface ImportIdForm {
  /** The form in words for a reference page, e.g. `<siteId>/<section id>`. */
  readonly shape: string;
  /** The object's id and what `read` needs to know beside it, from an import id; throws naming the form. */
  parse(importId: string): { id: string; known: State };
  /** The import id of the object `id` whose state is `state`. */
  format(id: string, state: Readonly<State>): string;
}

/** The object's own id: every kind that declares no other form. */
export const byId: ImportIdForm = {
  shape: "<id>",
  parse: (importId) => ({ id: importId, known: {} }),
  format: (id) => id,
};

/** The object's slug, which is its id: an object the API addresses by slug (an OpenAPI spec, whose own `id` is not its address). */
export const bySlug: ImportIdForm = {
  shape: "<slug>",
  parse: (importId) => ({ id: importId, known: {} }),
  format: (id) => id,
};

/** `<siteId>/<id>`: an object inside a site (a section, a section group, a site space, a site space's customization). */
export function insideSite(kind: string, what: string): ImportIdForm {
  return {
    shape: `<siteId>/<${what} id>`,
    parse(importId) {
      const slash = importId.indexOf("/");
      if (slash <= 0 || slash === importId.length - 1 || importId.indexOf("/", slash + 1) !== -1) {
        throw new Error(`${kind}: the import id must be "<siteId>/<${what} id>", got ${JSON.stringify(importId)}`);
      }
      return { id: importId.slice(slash + 1), known: { siteId: importId.slice(0, slash) } };
    },
    format: (id, state) => `${String(state.siteId)}/${id}`,
  };
}

/** The site's id: an object a site has exactly one of (its customization, structure, adaptive schema). */
export const ofSite: ImportIdForm = {
  shape: "<siteId>",
  parse: (importId) => ({ id: importId, known: { siteId: importId } }),
  format: (_id, state) => String(state.siteId),
};

/** The organization's id: an object an organization has exactly one of (its settings, its agent instructions). */
export const ofOrganization: ImportIdForm = {
  shape: "<organizationId>",
  parse: (importId) => ({ id: importId, known: { organizationId: importId } }),
  format: (_id, state) => String(state.organizationId),
};
