/**
 * Translation: its language, its source (the space as a reference to the exported Space) and its
 * instructions for the translator. Named after the source space and the language
 * (`getting-started-fr`).
 *
 * `runTrigger` is never written: it exists only in a program (the API has no such field), and
 * declaring one would make the first `up` of a copy run the translation. Adopting the exported
 * program runs nothing either: an adopted translation is never run.
 */
import { definition } from "../../../resources/translation";
import type { Adopt } from "../../../adapter/adopt";
import type { ResourceDefinition } from "../../../adapter/resource";
import { documentLiteral, literal, object, ref } from "../values";
import type { KindExporter } from "./kind";

export const translation: KindExporter = {
  kind: "Translation",
  definition: definition as unknown as ResourceDefinition<{ adopt?: Adopt }>,
  async read(org) {
    const [translations, spaces] = await Promise.all([org.translations(), org.spaces()]);
    const spaceTitle = new Map(spaces.map((space) => [space.id, space.title]));
    return translations.map((item) => {
      const sourceSpace = item.source?.space;
      const source = object([
        ["space", sourceSpace ? ref("Space", sourceSpace) : undefined],
        ["language", item.source?.language ? literal(item.source.language) : undefined],
      ]);
      const sourceTitle = sourceSpace ? spaceTitle.get(sourceSpace) : undefined;
      return {
        kind: "Translation",
        id: item.id,
        name: { title: sourceTitle ? `${sourceTitle} ${item.language}` : item.language, fallback: "translation" },
        inputs: [
          ["language", literal(item.language)],
          // The API shows `{}` for a translation made without a source: that is no source to declare.
          ["source", source.type === "object" && source.entries.length > 0 ? source : undefined],
          // The API answers the empty document when none was set: nothing to declare.
          ["instructions", item.instructions && Array.isArray(item.instructions.nodes) && item.instructions.nodes.length > 0 ? documentLiteral(item.instructions) : undefined],
        ],
      };
    });
  },
};
