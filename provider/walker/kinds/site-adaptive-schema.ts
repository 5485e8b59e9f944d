/**
 * SiteAdaptiveSchema: a site's visitor schema, when it has one (a new site has none: the kind's
 * decision, from the site's schema read, since the import of a site without one fails), its
 * inputs through the plugin's import path.
 */
import { definition } from "../../resources/site-adaptive-schema";
import type { Adopt } from "../../adapter/adopt";
import type { ResourceDefinition } from "../../adapter/resource";
import { importedInputs } from "./imported";
import type { ExportedObject, KindExporter } from "./kind";

const schemaDefinition: ResourceDefinition<{ adopt?: Adopt }> = definition;

export const siteAdaptiveSchema: KindExporter = {
  kind: "SiteAdaptiveSchema",
  definition: schemaDefinition,
  async read(org, notes) {
    const sites = await org.sites();
    const perSite = await Promise.all(
      sites.map(async (site): Promise<ExportedObject[]> => {
        if (!(await org.adaptiveSchema(site.id))) return [];
        return [
          {
            kind: "SiteAdaptiveSchema",
            id: site.id,
            name: { object: { kind: "Site", id: site.id }, suffix: "adaptive-schema" },
            inputs: importedInputs(
              { kind: "SiteAdaptiveSchema", id: site.id },
              await notes.imported(schemaDefinition, schemaDefinition.importId!.format(site.id, { siteId: site.id })),
            ),
          },
        ];
      }),
    );
    return perSite.flat();
  },
};
