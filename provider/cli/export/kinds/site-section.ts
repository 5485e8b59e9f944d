/**
 * SiteSection. A section is declared with its default site space (`spaceId`, the one the API
 * creates with it); its other site spaces are SiteSpace resources. The site's default section is
 * the first one the API creates, so every other section of the site depends on it: a copy made
 * from the export gets the same default.
 */
import { definition } from "../../../resources/site-section";
import type { Adopt } from "../../../adapter/adopt";
import type { ResourceDefinition } from "../../../adapter/resource";
import { literal, ref } from "../values";
import type { ExportedObject, KindExporter } from "./kind";

export const siteSection: KindExporter = {
  kind: "SiteSection",
  definition: definition as unknown as ResourceDefinition<{ adopt?: Adopt }>,
  async read(org, notes) {
    const sites = await org.sites();
    const perSite = await Promise.all(
      sites.map(async (site) => {
        const sections = await org.sectionsWithPrimary(site.id);
        const defaultSection = sections.find(({ section }) => section.default)?.section;
        return sections.flatMap(({ section, primary }): ExportedObject[] => {
          if (!primary?.space?.id) {
            notes.warn(`SiteSection "${section.title}" of site "${site.title}" has no site space, so it cannot be declared (a section is created with one); it is not exported`);
            return [];
          }
          return [
            {
              kind: "SiteSection",
              id: section.id,
              name: { title: section.title, fallback: "section" },
              inputs: [
                ["siteId", ref("Site", site.id)],
                ["spaceId", ref("Space", primary.space.id)],
                ["title", literal(section.title)],
                ["icon", section.icon ? literal(section.icon) : undefined],
                ["path", section.path ? literal(section.path) : undefined],
                ["description", section.description ? literal(section.description) : undefined],
                ["condition", section.condition ? literal(section.condition) : undefined],
                ["siteSectionGroupId", section.sectionGroup ? ref("SiteSectionGroup", section.sectionGroup) : undefined],
              ],
              dependsOn: defaultSection && defaultSection.id !== section.id ? [{ kind: "SiteSection", id: defaultSection.id }] : undefined,
            },
          ];
        });
      }),
    );
    return perSite.flat();
  },
};
