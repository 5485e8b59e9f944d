/**
 * OrganizationSettings: the organization's own settings. An organization is never created through
 * the API, so there is no "default" to leave out: every setting it has is declared, so a copy in
 * another organization gets all of them. What identifies the organization (title, email domains,
 * hostname) is stack config, not a literal: another organization has its own.
 */
import type { ApiMergeRules } from "../../api/merge-rules";
import { normalizeOrganizationMergeRules } from "../../domain/merge-rules";
import { definition } from "../../resources/organization-settings";
import type { Adopt } from "../../adapter/adopt";
import type { ResourceDefinition } from "../../adapter/resource";
import { type Json, type Value, literal, object, ref } from "../values";
import { importedInputs } from "./imported";
import type { KindExporter } from "./kind";

const settingsDefinition: ResourceDefinition<{ adopt?: Adopt }> = definition;

/**
 * Merge rules with their reviewers as members of the organization (user ids in the stack config).
 * `inherit` is never written: an organization's never are (DESIGN.md 8; an earlier emulator's read
 * as none), and it is a space's default. `none` is written where it is not the default (a space's,
 * `keepNone`); an organization's `none` is what it has without rules, left as it is.
 */
export function mergeRulesValue(rules: ApiMergeRules | undefined, emails: ReadonlyMap<string, string>, keepNone = false): Value | undefined {
  const normalized = rules?.type === "none" ? rules : normalizeOrganizationMergeRules(rules);
  if (normalized?.type === "none" && keepNone && rules?.type === "none") return object([["type", literal("none")]]);
  if (!normalized || normalized.type !== "rules") return undefined;
  return object([
    ["type", literal("rules")],
    [
      "rules",
      {
        type: "array",
        items: normalized.rules.map((rule) =>
          object([
            ["rule", literal(rule.rule)],
            ["users", rule.users && { type: "array", items: rule.users.map((userId) => ({ type: "member", userId, email: emails.get(userId), as: "id" })) }],
          ]),
        ),
      },
    ],
  ]);
}

/** A value that identifies the organization itself (title, email domains, hostname): stack config, not a literal. */
const identifying =
  (field: string) =>
  (value: Json): Value | undefined =>
    Array.isArray(value) && value.length === 0 ? undefined : { type: "organization", field, value };

export const organizationSettings: KindExporter = {
  kind: "OrganizationSettings",
  definition: settingsDefinition,
  async read(org, notes) {
    // The resource's id and import id are the organization's.
    const imported = await notes.imported(settingsDefinition, org.organizationId);
    const rules = imported.inputs.mergeRules as ApiMergeRules | undefined;
    const emails = rules?.type === "rules" ? new Map((await org.members()).map((member) => [member.id, member.user?.email ?? ""])) : new Map<string, string>();
    return [
      {
        kind: "OrganizationSettings",
        id: org.organizationId,
        name: { title: "organization", fallback: "organization" },
        inputs: importedInputs({ kind: "OrganizationSettings", id: org.organizationId }, imported, {
          title: { as: identifying("title") },
          emailDomains: { as: identifying("emailDomains") },
          hostname: { as: identifying("hostname") },
          // Null is a setting too (new members join as guests): an organization is never created, so none is left out.
          defaultRole: { keepNull: true },
          defaultContent: {
            as: (content) =>
              object([
                ["type", literal("site")],
                ["site", ref("Site", (content as { site: string }).site)],
              ]),
          },
          mergeRules: { as: (value) => mergeRulesValue(value as ApiMergeRules, emails) },
        }),
      },
    ];
  },
};
