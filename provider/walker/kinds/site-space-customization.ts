/**
 * SiteSpaceCustomization: a site space's override, as the fields where what its visitors get
 * differs from the site's customization, through the plugin's import path (the kind's
 * declarationOf). (The API answers the site space's effective customization only, so an override
 * that repeats the site's value cannot be told apart from no override, and is not exported.) What
 * stays this file's: a site space without an override is not declared (and not imported), a
 * differing field the resource refuses is reported, and the site space is named as its section's
 * default (`SiteSection.siteSpaceId`) or as a SiteSpace.
 */
import { definition } from "../../resources/site-space-customization";
import { customizationFields } from "../../resources/site-customization";
import type { Adopt } from "../../adapter/adopt";
import type { ResourceDefinition } from "../../adapter/resource";
import type { JsonObject } from "../reader";
import { ref } from "../values";
import { customizationOverrides, declaresAny, reportUndeclarable } from "./customization";
import { differences } from "../../domain/customization-defaults";
import { importedInputs } from "./imported";
import type { ExportedObject, KindExporter } from "./kind";
import { siteSpaceRef } from "./site-space";

const FIELDS = customizationFields(false);
const overrideDefinition: ResourceDefinition<{ adopt?: Adopt }> = definition;

export const siteSpaceCustomization: KindExporter = {
  kind: "SiteSpaceCustomization",
  definition: overrideDefinition,
  async read(org, notes) {
    const sites = await org.sites();
    const perSite = await Promise.all(
      sites.map(async (site) => {
        const [siteSpaces, base] = await Promise.all([org.siteSpaces(site.id), org.customization(site.id)]);
        const overrides = await Promise.all(
          siteSpaces.map(async (item): Promise<ExportedObject[]> => {
            const declared = differences(await org.siteSpaceCustomization(site.id, item.id), base) as JsonObject | undefined;
            const describe = `SiteSpaceCustomization of site space "${item.path ?? item.id}" of site "${site.title}"`;
            if (reportUndeclarable(declared, FIELDS, notes, describe) === 0) return [];
            const imported = await notes.imported(overrideDefinition, overrideDefinition.importId!.format(item.id, { siteId: site.id }));
            if (!declaresAny(imported, FIELDS)) return [];
            const owner = await siteSpaceRef(org, site.id, item.id);
            return [
              {
                kind: "SiteSpaceCustomization",
                id: item.id,
                name: { object: { kind: owner.kind, id: owner.id }, suffix: "customization" },
                inputs: importedInputs({ kind: "SiteSpaceCustomization", id: item.id }, imported, {
                  siteSpaceId: { as: () => ref(owner.kind, owner.id, owner.property, item.id) },
                  ...customizationOverrides(FIELDS),
                }),
              },
            ];
          }),
        );
        return overrides.flat();
      }),
    );
    return perSite.flat();
  },
};
