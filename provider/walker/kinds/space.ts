/**
 * Space: the organization's spaces (not their content), in their collections. Left out when they
 * are what a new space gets: no emoji, no language, `live` edit mode, no default level, inherited
 * merge rules. Its inputs come through the plugin's import path; a merge rule's reviewers are the
 * stack config's members.
 */
import { definition } from "../../resources/space";
import type { Adopt } from "../../adapter/adopt";
import type { ResourceDefinition } from "../../adapter/resource";
import type { ApiMergeRules } from "../../api/merge-rules";
import { importedInputs } from "./imported";
import type { ExportedObject, KindExporter } from "./kind";
import { mergeRulesValue } from "./organization-settings";

const spaceDefinition: ResourceDefinition<{ adopt?: Adopt }> = definition;

export const space: KindExporter = {
  kind: "Space",
  definition: spaceDefinition,
  async read(org, notes) {
    const spaces = await org.spaces();
    const imported = await Promise.all(spaces.map((item) => notes.imported(spaceDefinition, item.id)));
    const needsMembers = imported.some(({ inputs }) => (inputs.mergeRules as ApiMergeRules | undefined)?.type === "rules");
    const emails = needsMembers ? new Map((await org.members()).map((member) => [member.id, member.user?.email ?? ""])) : new Map<string, string>();
    return spaces.map((item, index): ExportedObject => ({
      kind: "Space",
      id: item.id,
      name: { title: item.title, fallback: "space" },
      inputs: importedInputs({ kind: "Space", id: item.id }, imported[index], {
        editMode: { unless: "live" },
        // A space's `none` is not its default (`inherit`): written, so a copy has no rules either.
        mergeRules: { as: (rules) => mergeRulesValue(rules as ApiMergeRules, emails, true) },
      }),
    }));
  },
};
