/**
 * SiteCustomization: the fields of a site's customization that differ from what a new site gets.
 *
 * The API gives no operation that answers the defaults, and the API's reference gives sample values only; the
 * table below is what the production service gives a site that was never customized. A field it
 * does not list is always written. A field it lists wrongly would be left out of a copy, so it
 * lists only values that nothing contradicts: `styling.corners` is written always (the API's
 * sample, `straight`, is not what new sites get).
 */
import { definition } from "../../../resources/site-customization";
import { customizationFields } from "../../../resources/site-customization";
import type { Adopt } from "../../../adapter/adopt";
import type { ResourceDefinition } from "../../../adapter/resource";
import type { JsonObject } from "../reader";
import { ref } from "../values";
import { customizationInputs, differences } from "./customization";
import type { ExportedObject, KindExporter } from "./kind";

/** What a new site's customization holds (its title is the site's). */
export function customizationDefaults(siteTitle: string): JsonObject {
  const both = (color: string) => ({ light: color, dark: color });
  return {
    title: siteTitle,
    styling: {
      theme: "clean",
      primaryColor: both("#346DDB"),
      infoColor: both("#787878"),
      successColor: both("#00C950"),
      warningColor: both("#FE9A00"),
      dangerColor: both("#FB2C36"),
      depth: "subtle",
      links: "default",
      font: "Inter",
      monospaceFont: "IBMPlexMono",
      icons: "regular",
      sidebar: { background: "default", list: "default" },
      search: "prominent",
    },
    header: { links: [] },
    footer: { groups: [] },
    announcement: { enabled: false, message: "", style: "info" },
    themes: { default: "light", toggeable: true },
    pdf: { enabled: true },
    feedback: { enabled: false },
    ai: { mode: "none" },
    advancedCustomization: { enabled: true },
    git: { showEditLink: false },
    pageActions: { externalAI: true, markdown: true, mcp: true },
    externalLinks: { target: "self" },
    pagination: { enabled: true },
    trademark: { enabled: true },
    insights: { trackingCookie: true },
  };
}

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

