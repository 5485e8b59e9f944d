/**
 * SiteCustomization: the fields of a site's customization that differ from what a new site gets
 * (`customizationDefaults`, shared with `pulumi import`).
 */
import { definition } from "../../../resources/site-customization";
import { customizationFields } from "../../../resources/site-customization";
import type { Adopt } from "../../../adapter/adopt";
import type { ResourceDefinition } from "../../../adapter/resource";
import type { JsonObject } from "../reader";
import { ref } from "../values";
import { customizationInputs } from "./customization";
import { customizationDefaults, differences } from "../../../domain/customization-defaults";
import type { ExportedObject, KindExporter } from "./kind";

const FIELDS = customizationFields(true);

export const siteCustomization: KindExporter = {
  kind: "SiteCustomization",
  definition: definition as unknown as ResourceDefinition<{ adopt?: Adopt }>,
  async read(org, notes) {
    const sites = await org.sites();
    const perSite = await Promise.all(
      sites.map(async (site): Promise<ExportedObject[]> => {
        const declared = differences(await org.customization(site.id), customizationDefaults(site.title)) as JsonObject | undefined;
        const inputs = declared ? customizationInputs(declared, FIELDS, notes, `SiteCustomization of site "${site.title}"`) : [];
        if (inputs.length === 0) return [];
        return [
          {
            kind: "SiteCustomization",
            id: site.id,
            name: { object: { kind: "Site", id: site.id }, suffix: "customization" },
            inputs: [["siteId", ref("Site", site.id)], ...inputs],
          },
        ];
      }),
    );
    return perSite.flat();
  },
};

