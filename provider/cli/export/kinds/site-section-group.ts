/** SiteSectionGroup: a nested group names its parent group's variable. */
import { definition } from "../../../resources/site-section-group";
import type { Adopt } from "../../../adapter/adopt";
import type { ResourceDefinition } from "../../../adapter/resource";
import { literal, ref } from "../values";
import type { ExportedObject, KindExporter } from "./kind";

export const siteSectionGroup: KindExporter = {
  kind: "SiteSectionGroup",
  definition: definition as unknown as ResourceDefinition<{ adopt?: Adopt }>,
  async read(org) {
    const sites = await org.sites();
    const perSite = await Promise.all(
      sites.map(async (site) =>
        (await org.sectionGroups(site.id)).map(
          (group): ExportedObject => ({
            kind: "SiteSectionGroup",
            id: group.id,
            name: { title: group.title, fallback: "section-group" },
            inputs: [
              ["siteId", ref("Site", site.id)],
              ["title", literal(group.title)],
              ["icon", group.icon ? literal(group.icon) : undefined],
              ["parentSectionGroupId", group.sectionGroup ? ref("SiteSectionGroup", group.sectionGroup) : undefined],
            ],
          }),
        ),
      ),
    );
    return perSite.flat();
  },
};
