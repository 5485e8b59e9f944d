/** Collection: the tree of collections, each child naming its parent's variable. */
import { definition } from "../../resources/collection";
import type { Adopt } from "../../adapter/adopt";
import type { ResourceDefinition } from "../../adapter/resource";
import { importedInputs } from "./imported";
import type { KindExporter } from "./kind";

const collectionDefinition: ResourceDefinition<{ adopt?: Adopt }> = definition;

export const collection: KindExporter = {
  kind: "Collection",
  definition: collectionDefinition,
  async read(org, notes) {
    const collections = await org.collections();
    return Promise.all(
      collections.map(async (item) => ({
        kind: "Collection",
        id: item.id,
        name: { title: item.title, fallback: "collection" },
        inputs: importedInputs({ kind: "Collection", id: item.id }, await notes.imported(collectionDefinition, item.id)),
      })),
    );
  },
};
