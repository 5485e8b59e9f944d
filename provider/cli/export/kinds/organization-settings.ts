/**
 * OrganizationSettings: the organization's own settings. An organization is never created through
 * the API, so there is no "default" to leave out: every setting it has is declared, so a copy in
 * another organization gets all of them. What identifies the organization (title, email domains,
 * hostname) is stack config, not a literal: another organization has its own.
 */
import type { ApiMergeRules } from "../../../api/merge-rules";
import { normalizeMergeRules } from "../../../domain/merge-rules";
import { definition } from "../../../resources/organization-settings";
import type { Adopt } from "../../../adapter/adopt";
import type { ResourceDefinition } from "../../../adapter/resource";
import { type Value, literal, object, ref } from "../values";
import type { KindExporter } from "./kind";

/** Merge rules with their reviewers as members of the organization (user ids in the stack config). */
export function mergeRulesValue(rules: ApiMergeRules | undefined, emails: ReadonlyMap<string, string>): Value | undefined {
  const normalized = normalizeMergeRules(rules);
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
            ["users", rule.users && { type: "array", items: rule.users.map((userId) => ({ type: "member", userId, email: emails.get(userId), as: "id" }) as Value) }],
          ]),
        ),
      },
    ],
  ]);
}

export const organizationSettings: KindExporter = {
  kind: "OrganizationSettings",
  definition: definition as unknown as ResourceDefinition<{ adopt?: Adopt }>,
  async read(org) {
    const organization = await org.organization();
    const emails = organization.mergeRules?.type === "rules" ? new Map((await org.members()).map((member) => [member.id, member.user?.email ?? ""])) : new Map<string, string>();
    const domains = [...new Set((organization.emailDomains ?? []).map((domain) => domain.toLowerCase()))].sort();
    return [
      {
        kind: "OrganizationSettings",
        id: organization.id,
        name: { title: "organization", fallback: "organization" },
        inputs: [
          ["title", { type: "organization", field: "title", value: organization.title }],
          ["emailDomains", domains.length > 0 ? { type: "organization", field: "emailDomains", value: domains } : undefined],
          ["hostname", organization.hostname ? { type: "organization", field: "hostname", value: organization.hostname } : undefined],
          ["defaultRole", organization.defaultRole === undefined ? undefined : literal(organization.defaultRole)],
          ["defaultContent", organization.defaultContent ? object([["type", literal("site")], ["site", ref("Site", organization.defaultContent.site)]]) : undefined],
          ["logo", organization.urls?.logo ? literal(organization.urls.logo) : undefined],
          ["sso", organization.sso === undefined ? undefined : literal(organization.sso)],
          ["ai", organization.ai === undefined ? undefined : literal(organization.ai)],
          ["inviteLinks", organization.inviteLinks === undefined ? undefined : literal(organization.inviteLinks)],
          ["mergeRules", mergeRulesValue(organization.mergeRules, emails)],
        ],
      },
    ];
  },
};
