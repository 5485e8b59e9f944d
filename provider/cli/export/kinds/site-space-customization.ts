/**
 * SiteSpaceCustomization: a site space's override, as the fields where what its visitors get
 * differs from the site's customization. (The API answers the site space's effective
 * customization only, so an override that repeats the site's value cannot be told apart from no
 * override, and is not exported.)
 */
import { definition } from "../../../resources/site-space-customization";
import { customizationFields } from "../../../resources/site-customization";
import type { Adopt } from "../../../adapter/adopt";
import type { ResourceDefinition } from "../../../adapter/resource";
import type { JsonObject } from "../reader";
import { ref } from "../values";
import { customizationInputs } from "./customization";
import { differences } from "../../../domain/customization-defaults";
import type { ExportedObject, KindExporter } from "./kind";
import { siteSpaceRef } from "./site-space";

const FIELDS = customizationFields(false);

export const siteSpaceCustomization: KindExporter = {
  kind: "SiteSpaceCustomization",
  definition: definition as unknown as ResourceDefinition<{ adopt?: Adopt }>,
  async read(org, notes) {
    const sites = await org.sites();
    const perSite = await Promise.all(
      sites.map(async (site) => {
        const [siteSpaces, base] = await Promise.all([org.siteSpaces(site.id), org.customization(site.id)]);
        const overrides = await Promise.all(
          siteSpaces.map(async (item): Promise<ExportedObject[]> => {
            const declared = differences(await org.siteSpaceCustomization(site.id, item.id), base) as JsonObject | undefined;
            const describe = `SiteSpaceCustomization of site space "${item.path ?? item.id}" of site "${site.title}"`;
            const inputs = declared ? customizationInputs(declared, FIELDS, notes, describe) : [];
            if (inputs.length === 0) return [];
            const owner = await siteSpaceRef(org, site.id, item.id);
            return [
              {
                kind: "SiteSpaceCustomization",
                id: item.id,
                name: { object: { kind: owner.kind, id: owner.id }, suffix: "customization" },
                inputs: [["siteId", ref("Site", site.id)], ["siteSpaceId", ref(owner.kind, owner.id, owner.property, item.id)], ...inputs],
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
