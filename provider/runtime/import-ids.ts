/**
 * Import ids (`pulumi import docs-platform:index:<Kind> <name> <import id>`) of the kinds whose own
 * id does not address them alone. The organization comes from the resource's provider
 * (`docs-platform:organizationId`); a site's parts also need the site.
 */
import type { State } from "./resource";

/** `<siteId>/<id>`: an object inside a site (a section, a section group, a site space, a site space's customization). */
export function insideSite(kind: string, what: string): (importId: string) => { id: string; known: State } {
  return (importId) => {
    const slash = importId.indexOf("/");
    if (slash <= 0 || slash === importId.length - 1 || importId.indexOf("/", slash + 1) !== -1) {
      throw new Error(`${kind}: the import id must be "<siteId>/<${what} id>", got ${JSON.stringify(importId)}`);
    }
    return { id: importId.slice(slash + 1), known: { siteId: importId.slice(0, slash) } };
  };
}

/** The site's id: an object a site has exactly one of (its customization, structure, adaptive schema). */
export function ofSite(importId: string): { id: string; known: State } {
  return { id: importId, known: { siteId: importId } };
}

/** The organization's id: an object an organization has exactly one of (its settings, its agent instructions). */
export function ofOrganization(importId: string): { id: string; known: State } {
  return { id: importId, known: { organizationId: importId } };
}
