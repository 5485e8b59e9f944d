/**
 * Space: the organization's spaces (not their content), in their collections. Left out when they
 * are what a new space gets: no emoji, no language, `live` edit mode, no default level, inherited
 * merge rules.
 */
import { definition } from "../../../resources/space";
import type { Adopt } from "../../../adapter/adopt";
import type { ResourceDefinition } from "../../../adapter/resource";
import { literal, ref } from "../values";
import type { KindExporter } from "./kind";
import { mergeRulesValue } from "./organization-settings";

export const space: KindExporter = {
  kind: "Space",
  definition: definition as unknown as ResourceDefinition<{ adopt?: Adopt }>,
  async read(org) {
    const spaces = await org.spaces();
    const needsMembers = spaces.some((item) => item.mergeRules?.type === "rules");
    const emails = needsMembers ? new Map((await org.members()).map((member) => [member.id, member.user?.email ?? ""])) : new Map<string, string>();
    return spaces.map((item) => ({
      kind: "Space",
      id: item.id,
      name: { title: item.title, fallback: "space" },
      inputs: [
        ["title", literal(item.title)],
        ["emoji", item.emoji ? literal(item.emoji) : undefined],
        ["parent", item.parent ? ref("Collection", item.parent) : undefined],
        ["language", item.language ? literal(item.language) : undefined],
        ["editMode", item.editMode === "locked" ? literal("locked") : undefined],
        ["defaultLevel", item.defaultLevel ? literal(item.defaultLevel) : undefined],
        ["mergeRules", mergeRulesValue(item.mergeRules, emails)],
      ],
    }));
  },
};
