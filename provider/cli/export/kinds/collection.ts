/** Collection: the tree of collections, each child naming its parent's variable. */
import { definition } from "../../../resources/collection";
import type { Adopt } from "../../../adapter/adopt";
import type { ResourceDefinition } from "../../../adapter/resource";
import { literal, ref } from "../values";
import type { KindExporter } from "./kind";

export const collection: KindExporter = {
  kind: "Collection",
  definition: definition as unknown as ResourceDefinition<{ adopt?: Adopt }>,
  async read(org) {
    const collections = await org.collections();
    return collections.map((item) => ({
      kind: "Collection",
      id: item.id,
      name: { title: item.title, fallback: "collection" },
      inputs: [
        ["title", literal(item.title)],
        ["description", item.description ? literal(item.description) : undefined],
        ["defaultLevel", item.defaultLevel ? literal(item.defaultLevel) : undefined],
        ["parent", item.parent ? ref("Collection", item.parent) : undefined],
      ],
    }));
  },
};
