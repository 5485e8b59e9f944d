import { z } from "zod";
import { identifier } from "../adapter/check";
import { type ApiMergeRules, MERGE_RULE_NAMES, type MergeRuleName } from "../api/merge-rules";
import { sortedSet } from "../api/requests";

/**
 * Merge rules of change requests, as organizations (2.11) and spaces (2.6) carry them. DESIGN.md 8
 * (production): a space's are `{ type: "inherit" }` (its organization's), `{ type: "none" }` or
 * `{ type: "rules", rules: [...] }`; an organization's are `none` or `rules` only, since it has
 * nothing to inherit from (production answers `inherit` with a 400). Each rule is one of the five
 * names production takes, with `users` (ids). One rule schema for every resource that takes them,
 * so they validate and compare the same way everywhere.
 */
const mergeRule = z.strictObject({
  rule: z.enum(MERGE_RULE_NAMES, { error: () => `must be one of ${MERGE_RULE_NAMES.join(", ")}` }),
  // A set of user ids: deduplicated and sorted, so order never shows as a change (and a set, not a
  // list, to OpenTofu: the API's order is not the configuration's, and an import knows only the API's).
  users: z
    .array(identifier())
    .transform((users) => sortedSet(users))
    .optional()
    .meta({ setValued: true }),
});

const none = z.strictObject({ type: z.literal("none") });
const rules = z.strictObject({ type: z.literal("rules"), rules: z.array(mergeRule) });

/** A space's merge rules: `inherit` (its organization's), `none` or `rules`. */
export const mergeRulesInput = z.discriminatedUnion("type", [z.strictObject({ type: z.literal("inherit") }), none, rules], {
  error: (issue) => (issue.code === "invalid_union" && issue.note === "No matching discriminator" ? "must be inherit, none or rules" : undefined),
});

/** What a check says of an organization's `mergeRules.type` that is not `none` or `rules`. */
export const ORGANIZATION_MERGE_RULES_TYPES =
  'must be none or rules: an organization\'s merge rules are { type: "none" } or { type: "rules", rules: [...] }; inherit is for spaces only (a space inherits its organization\'s)';

/** An organization's merge rules (DESIGN.md 8): `none` or `rules`, never `inherit`. */
export const organizationMergeRulesInput = z.discriminatedUnion("type", [none, rules], {
  error: (issue) => (issue.code === "invalid_union" && issue.note === "No matching discriminator" ? ORGANIZATION_MERGE_RULES_TYPES : undefined),
});

/** Merge rules as a program declares them. */
export type MergeRules = z.input<typeof mergeRulesInput>;
/** An organization's merge rules as a program declares them. */
export type OrganizationMergeRules = z.input<typeof organizationMergeRulesInput>;
export type { MergeRuleName };

/** Sorts the set-like parts of the API's merge rules, as the schema does, so equal rules compare equal. */
export function normalizeMergeRules(rules: ApiMergeRules | undefined): ApiMergeRules | undefined {
  if (!rules || rules.type !== "rules") return rules;
  return {
    type: "rules",
    rules: rules.rules.map((rule) => (rule.users ? { ...rule, users: sortedSet(rule.users) } : rule)),
  };
}

/**
 * An organization's merge rules as read: normalized, and `inherit` (which an earlier emulator, or
 * a state written by an earlier version of this provider, may hold) read as `none`, what an
 * organization without rules has.
 */
export function normalizeOrganizationMergeRules(rules: ApiMergeRules | undefined): ApiMergeRules | undefined {
  return rules?.type === "inherit" ? { type: "none" } : normalizeMergeRules(rules);
}
