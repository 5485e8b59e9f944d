/**
 * Translation: its language, its source (the space as a reference to the exported Space) and its
 * instructions for the translator, through the plugin's import path. Named after the source space
 * and the language (`getting-started-fr`).
 *
 * `runTrigger` is never written: it exists only in a program (the API has no such field), and
 * declaring one would make the first `up` of a copy run the translation. Adopting the exported
 * program runs nothing either: an adopted translation is never run.
 */
import { definition } from "../../resources/translation";
import type { Adopt } from "../../adapter/adopt";
import type { ResourceDefinition } from "../../adapter/resource";
import { type Json, type Value, documentLiteral, literal, object, ref } from "../values";
import { importedInputs } from "./imported";
import type { ExportedObject, KindExporter } from "./kind";

const translationDefinition: ResourceDefinition<{ adopt?: Adopt }> = definition;

/** The source, its space a reference; the API shows `{}` for a translation made without one: that is no source to declare. */
function sourceValue(source: Json): Value | undefined {
  const { space, language } = source as { space?: string; language?: string };
  const value = object([
    ["space", space ? ref("Space", space) : undefined],
    ["language", language ? literal(language) : undefined],
  ]);
  return value.type === "object" && value.entries.length > 0 ? value : undefined;
}

/** The API answers the empty document when no instructions were set: nothing to declare. */
function instructionsValue(document: Json): Value | undefined {
  const nodes = (document as { nodes?: unknown }).nodes;
  return Array.isArray(nodes) && nodes.length > 0 ? documentLiteral(document) : undefined;
}

export const translation: KindExporter = {
  kind: "Translation",
  definition: translationDefinition,
  async read(org, notes) {
    const [translations, spaces] = await Promise.all([org.translations(), org.spaces()]);
    const spaceTitle = new Map(spaces.map((space) => [space.id, space.title]));
    return Promise.all(
      translations.map(async (item): Promise<ExportedObject> => {
        const sourceTitle = item.source?.space ? spaceTitle.get(item.source.space) : undefined;
        return {
          kind: "Translation",
          id: item.id,
          name: { title: sourceTitle ? `${sourceTitle} ${item.language}` : item.language, fallback: "translation" },
          inputs: importedInputs({ kind: "Translation", id: item.id }, await notes.imported(translationDefinition, item.id), {
            source: { as: sourceValue },
            instructions: { as: instructionsValue },
            runTrigger: { never: "declaring one would make the first `up` of a copy run the translation" },
          }),
        };
      }),
    );
  },
};
