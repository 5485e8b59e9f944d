/** SiteSectionGroup: its inputs through the plugin's import path; a nested group names its parent group's variable. */
import { definition } from "../../resources/site-section-group";
import type { Adopt } from "../../adapter/adopt";
import type { ResourceDefinition } from "../../adapter/resource";
import { importedInputs } from "./imported";
import type { ExportedObject, KindExporter } from "./kind";

const groupDefinition: ResourceDefinition<{ adopt?: Adopt }> = definition;

export const siteSectionGroup: KindExporter = {
  kind: "SiteSectionGroup",
  definition: groupDefinition,
  async read(org, notes) {
    const sites = await org.sites();
    const perSite = await Promise.all(
      sites.map(async (site) =>
        Promise.all(
          (await org.sectionGroups(site.id)).map(async (group): Promise<ExportedObject> => ({
            kind: "SiteSectionGroup",
            id: group.id,
            name: { title: group.title, fallback: "section-group" },
            inputs: importedInputs(
              { kind: "SiteSectionGroup", id: group.id },
              await notes.imported(groupDefinition, groupDefinition.importId!.format(group.id, { siteId: site.id })),
            ),
          })),
        ),
      ),
    );
    return perSite.flat();
  },
};
