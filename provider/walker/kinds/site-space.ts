/**
 * SiteSpace: every site space but the ones declared by their section (`SiteSection.spaceId`), its
 * inputs through the plugin's import path. What stays this kind's decision: which site spaces are
 * declared here (not a section's default, not one without a space), and, at the root of a site
 * without sections, the default site space first (it is the first one created, so the others
 * depend on it).
 */
import { definition } from "../../resources/site-space";
import type { Adopt } from "../../adapter/adopt";
import type { ResourceDefinition } from "../../adapter/resource";
import type { OrganizationReader } from "../reader";
import { importedInputs } from "./imported";
import type { ExportedObject, KindExporter } from "./kind";

const siteSpaceDefinition: ResourceDefinition<{ adopt?: Adopt }> = definition;

export const siteSpace: KindExporter = {
  kind: "SiteSpace",
  definition: siteSpaceDefinition,
  async read(org, notes) {
    const sites = await org.sites();
    const perSite = await Promise.all(
      sites.map(async (site) => {
        const [siteSpaces, sections] = await Promise.all([org.siteSpaces(site.id), org.sectionsWithPrimary(site.id)]);
        const primaries = new Set(sections.map(({ primary }) => primary?.id));
        const rootDefault = siteSpaces.find((item) => !item.section && item.default);
        const declared = siteSpaces.filter((item) => {
          // A section's default site space is declared by its section (`SiteSection.spaceId`).
          if (primaries.has(item.id)) return false;
          if (!item.space?.id) {
            notes.warn(`a site space of site "${site.title}" (path "${item.path ?? ""}") shows no space; it is not exported`);
            return false;
          }
          return true;
        });
        return Promise.all(
          declared.map(async (item): Promise<ExportedObject> => ({
            kind: "SiteSpace",
            id: item.id,
            name: { title: item.path || item.title || "", fallback: "site-space" },
            inputs: importedInputs(
              { kind: "SiteSpace", id: item.id },
              await notes.imported(siteSpaceDefinition, siteSpaceDefinition.importId!.format(item.id, { siteId: site.id })),
              {
                // Shown is what a new site space is: only a hidden one says so.
                hidden: { unless: false },
              },
            ),
            // At the root of a site without sections, the default site space is the first one created.
            dependsOn: !item.section && rootDefault && rootDefault.id !== item.id ? [{ kind: "SiteSpace", id: rootDefault.id }] : undefined,
          })),
        );
      }),
    );
    return perSite.flat();
  },
};

/**
 * A reference to a site space: a section's default site space is the section's `siteSpaceId`
 * output, any other is a SiteSpace resource.
 */
export async function siteSpaceRef(
  org: OrganizationReader,
  siteId: string,
  siteSpaceId: string,
): Promise<{ kind: "SiteSection"; id: string; property: "siteSpaceId" } | { kind: "SiteSpace"; id: string; property: "id" }> {
  const sections = await org.sectionsWithPrimary(siteId);
  const owner = sections.find(({ primary }) => primary?.id === siteSpaceId);
  return owner ? { kind: "SiteSection", id: owner.section.id, property: "siteSpaceId" } : { kind: "SiteSpace", id: siteSpaceId, property: "id" };
}
