/**
 * Site. Left out when they are what a new site gets: type `basic`, no basename, no proxy, adaptive
 * content off, unpublished. Visibility and agents context are always written: they decide who and
 * what reads the site. `spaces` (used only at creation) is never written: the site's site spaces
 * are SiteSection and SiteSpace resources. The proxy is read as the input spells it
 * (`<domain>/<path>`: the kind's own read turns the API's origin URL into it).
 */
import { definition } from "../../resources/site";
import type { Adopt } from "../../adapter/adopt";
import type { ResourceDefinition } from "../../adapter/resource";
import { importedInputs } from "./imported";
import type { KindExporter } from "./kind";

const siteDefinition: ResourceDefinition<{ adopt?: Adopt }> = definition;

export const site: KindExporter = {
  kind: "Site",
  definition: siteDefinition,
  async read(org, notes) {
    const sites = await org.sites();
    return Promise.all(
      sites.map(async (item) => ({
        kind: "Site",
        id: item.id,
        name: { title: item.title, fallback: "site" },
        inputs: importedInputs({ kind: "Site", id: item.id }, await notes.imported(siteDefinition, item.id), {
          type: { unless: "basic" },
          adaptiveContent: { unless: { enabled: false } },
          published: { unless: false },
          spaces: { never: "used at creation only: the site's site spaces are SiteSection and SiteSpace resources" },
          defaultSiteSpace: { never: "used at creation only" },
          defaultSiteSection: { never: "used at creation only" },
        }),
      })),
    );
  },
};
