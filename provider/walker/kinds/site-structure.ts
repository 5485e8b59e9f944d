/**
 * SiteStructure: the order of every container of a site that holds two items or more (its top
 * level, each section group, each section's site spaces), so a copy gets the same order whatever
 * order Pulumi creates things in. The lists come through the plugin's import path (the kind's
 * declarationOf); what stays this file's is naming each item, which the lists give by id only:
 * a section, a section group, a section's default site space (the section's `siteSpaceId`) or a
 * SiteSpace.
 */
import { definition } from "../../resources/site-structure";
import type { Adopt } from "../../adapter/adopt";
import type { ResourceDefinition } from "../../adapter/resource";
import type { ApiStructureNode } from "../../api/site-structure";
import { type Value, object, ref } from "../values";
import { importedInputs } from "./imported";
import type { ExportedObject, KindExporter } from "./kind";

const structureDefinition: ResourceDefinition<{ adopt?: Adopt }> = definition;

const list = (items: Value[]): Value => ({ type: "array", items });

export const siteStructure: KindExporter = {
  kind: "SiteStructure",
  definition: structureDefinition,
  async read(org, notes) {
    const sites = await org.sites();
    const perSite = await Promise.all(
      sites.map(async (site): Promise<ExportedObject[]> => {
        const [tree, sections] = await Promise.all([org.structure(site.id), org.sectionsWithPrimary(site.id)]);
        const objectOf = new Map<string, ApiStructureNode["object"]>();
        const pending = [...tree.structure];
        while (pending.length > 0) {
          const node = pending.shift()!;
          objectOf.set(node.id, node.object);
          pending.push(...(node.children ?? []));
        }
        const sectionOf = new Map<string, string>();
        for (const { section, primary } of sections) if (primary && !sectionOf.has(primary.id)) sectionOf.set(primary.id, section.id);
        const itemRef = (id: string): Value => {
          if (objectOf.get(id) === "site-section") return ref("SiteSection", id);
          if (objectOf.get(id) === "site-section-group") return ref("SiteSectionGroup", id);
          const section = sectionOf.get(id);
          return section ? ref("SiteSection", section, "siteSpaceId", id) : ref("SiteSpace", id);
        };
        const imported = await notes.imported(structureDefinition, structureDefinition.importId!.format(site.id, { siteId: site.id }));
        const inputs = importedInputs({ kind: "SiteStructure", id: site.id }, imported, {
          root: { as: (ids) => list((ids as string[]).map(itemRef)) },
          groups: {
            as: (groups) =>
              list(
                (groups as { groupId: string; items: string[] }[]).map((group) =>
                  object([
                    ["groupId", ref("SiteSectionGroup", group.groupId)],
                    ["items", list(group.items.map(itemRef))],
                  ]),
                ),
              ),
          },
          sections: {
            as: (entries) =>
              list(
                (entries as { sectionId: string; siteSpaces: string[] }[]).map((entry) =>
                  object([
                    ["sectionId", ref("SiteSection", entry.sectionId)],
                    ["siteSpaces", list(entry.siteSpaces.map(itemRef))],
                  ]),
                ),
              ),
          },
        });
        // A site whose every container holds one item or none has no order to declare.
        if (inputs.every(([key, value]) => key === "siteId" || value === undefined)) return [];
        return [{ kind: "SiteStructure", id: site.id, name: { object: { kind: "Site", id: site.id }, suffix: "structure" }, inputs }];
      }),
    );
    return perSite.flat();
  },
};
