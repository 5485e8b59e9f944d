/** SiteAdaptiveSchema: a site's visitor schema, when it has one (a new site has none). */
import { definition } from "../../../resources/site-adaptive-schema";
import type { Adopt } from "../../../adapter/adopt";
import type { ResourceDefinition } from "../../../adapter/resource";
import { literal, ref } from "../values";
import type { ExportedObject, KindExporter } from "./kind";

export const siteAdaptiveSchema: KindExporter = {
  kind: "SiteAdaptiveSchema",
  definition: definition as unknown as ResourceDefinition<{ adopt?: Adopt }>,
  async read(org) {
    const sites = await org.sites();
    const perSite = await Promise.all(
      sites.map(async (site): Promise<ExportedObject[]> => {
        const schema = await org.adaptiveSchema(site.id);
        if (!schema) return [];
        return [
          {
            kind: "SiteAdaptiveSchema",
            id: site.id,
            name: { object: { kind: "Site", id: site.id }, suffix: "adaptive-schema" },
            inputs: [
              ["siteId", ref("Site", site.id)],
              ["jsonSchema", literal(schema.jsonSchema)],
            ],
          },
        ];
      }),
    );
    return perSite.flat();
  },
};
