/**
 * SiteCustomization: the fields of a site's customization that differ from what a new site gets,
 * through the plugin's import path (the kind's declarationOf: `customizationDefaults`). What stays
 * this file's: a site whose customization is a new site's is not declared, and a differing field
 * the resource refuses is reported.
 */
import { definition } from "../../resources/site-customization";
import { customizationFields } from "../../resources/site-customization";
import type { Adopt } from "../../adapter/adopt";
import type { ResourceDefinition } from "../../adapter/resource";
import type { JsonObject } from "../reader";
import { customizationOverrides, declaresAny, reportUndeclarable } from "./customization";
import { customizationDefaults, differences } from "../../domain/customization-defaults";
import { importedInputs } from "./imported";
import type { ExportedObject, KindExporter } from "./kind";

const FIELDS = customizationFields(true);
const customizationDefinition: ResourceDefinition<{ adopt?: Adopt }> = definition;

export const siteCustomization: KindExporter = {
  kind: "SiteCustomization",
  definition: customizationDefinition,
  async read(org, notes) {
    const sites = await org.sites();
    const perSite = await Promise.all(
      sites.map(async (site): Promise<ExportedObject[]> => {
        const declared = differences(await org.customization(site.id), customizationDefaults(site.title)) as JsonObject | undefined;
        reportUndeclarable(declared, FIELDS, notes, `SiteCustomization of site "${site.title}"`);
        const imported = await notes.imported(customizationDefinition, customizationDefinition.importId!.format(site.id, { siteId: site.id }));
        if (!declaresAny(imported, FIELDS)) return [];
        return [
          {
            kind: "SiteCustomization",
            id: site.id,
            name: { object: { kind: "Site", id: site.id }, suffix: "customization" },
            inputs: importedInputs({ kind: "SiteCustomization", id: site.id }, imported, customizationOverrides(FIELDS)),
          },
        ];
      }),
    );
    return perSite.flat();
  },
};
