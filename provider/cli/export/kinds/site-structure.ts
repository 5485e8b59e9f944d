/**
 * SiteStructure: the order of every container of a site that holds two items or more (its top
 * level, each section group, each section's site spaces), so a copy gets the same order whatever
 * order Pulumi creates things in.
 */
import { definition } from "../../../resources/site-structure";
import type { Adopt } from "../../../adapter/adopt";
import type { ResourceDefinition } from "../../../adapter/resource";
import type { ApiStructureNode } from "../../../api/site-structure";
import type { OrganizationReader } from "../reader";
import { type Value, object, ref } from "../values";
import type { ExportedObject, KindExporter } from "./kind";
import { siteSpaceRef } from "./site-space";

async function nodeRef(org: OrganizationReader, siteId: string, node: ApiStructureNode): Promise<Value> {
  if (node.object === "site-section") return ref("SiteSection", node.id);
  if (node.object === "site-section-group") return ref("SiteSectionGroup", node.id);
  const target = await siteSpaceRef(org, siteId, node.id);
  return ref(target.kind, target.id, target.property, node.id);
}

const list = (items: Value[]): Value => ({ type: "array", items });

export const siteStructure: KindExporter = {
  kind: "SiteStructure",
  definition: definition as unknown as ResourceDefinition<{ adopt?: Adopt }>,
  async read(org) {
    const sites = await org.sites();
    const perSite = await Promise.all(
      sites.map(async (site): Promise<ExportedObject[]> => {
        const tree = await org.structure(site.id);
        const refsOf = (nodes: { id: string; object: ApiStructureNode["object"] }[]) => Promise.all(nodes.map((node) => nodeRef(org, site.id, node)));
        const groups: Value[] = [];
        const sections: Value[] = [];
        const pending = [...tree.structure];
        while (pending.length > 0) {
          const node = pending.shift()!;
          if (node.object === "site-section-group") {
            const children = node.children ?? [];
            if (children.length >= 2) groups.push(object([["groupId", ref("SiteSectionGroup", node.id)], ["items", list(await refsOf(children))]]));
            pending.push(...children);
          }
          if (node.object === "site-section" && (node.siteSpaces ?? []).length >= 2) {
            const siteSpaces = (node.siteSpaces ?? []).map((siteSpace) => ({ id: siteSpace.id, object: "site-space" as const }));
            sections.push(object([["sectionId", ref("SiteSection", node.id)], ["siteSpaces", list(await refsOf(siteSpaces))]]));
          }
        }
        const root = tree.structure.length >= 2 ? list(await refsOf(tree.structure)) : undefined;
        if (!root && groups.length === 0 && sections.length === 0) return [];
        return [
          {
            kind: "SiteStructure",
            id: site.id,
            name: { object: { kind: "Site", id: site.id }, suffix: "structure" },
            inputs: [
              ["siteId", ref("Site", site.id)],
              ["root", root],
              ["groups", groups.length > 0 ? list(groups) : undefined],
              ["sections", sections.length > 0 ? list(sections) : undefined],
            ],
          },
        ];
      }),
    );
    return perSite.flat();
  },
};
