/**
 * SiteSection. A section is declared with its default site space (`spaceId`, the one the API
 * creates with it); its other site spaces are SiteSpace resources. The site's default section is
 * the first one the API creates, so every other section of the site depends on it: a copy made
 * from the export gets the same default.
 */
import { definition } from "../../resources/site-section";
import type { Adopt } from "../../adapter/adopt";
import type { ResourceDefinition } from "../../adapter/resource";
import { importedInputs } from "./imported";
import type { ExportedObject, KindExporter } from "./kind";

const sectionDefinition: ResourceDefinition<{ adopt?: Adopt }> = definition;

export const siteSection: KindExporter = {
  kind: "SiteSection",
  definition: sectionDefinition,
  async read(org, notes) {
    const sites = await org.sites();
    const perSite = await Promise.all(
      sites.map(async (site) => {
        const sections = await org.sectionsWithPrimary(site.id);
        const defaultSection = sections.find(({ section }) => section.default)?.section;
        const declared = sections.filter(({ section, primary }) => {
          if (primary?.space?.id) return true;
          notes.warn(`SiteSection "${section.title}" of site "${site.title}" has no site space, so it cannot be declared (a section is created with one); it is not exported`);
          return false;
        });
        return Promise.all(
          declared.map(async ({ section }): Promise<ExportedObject> => ({
            kind: "SiteSection",
            id: section.id,
            name: { title: section.title, fallback: "section" },
            inputs: importedInputs(
              { kind: "SiteSection", id: section.id },
              await notes.imported(sectionDefinition, sectionDefinition.importId!.format(section.id, { siteId: site.id })),
              { defaultSiteSpace: { never: "used at creation only: the site's default is the site space the API made first" } },
            ),
            dependsOn: defaultSection && defaultSection.id !== section.id ? [{ kind: "SiteSection", id: defaultSection.id }] : undefined,
          })),
        );
      }),
    );
    return perSite.flat();
  },
};
