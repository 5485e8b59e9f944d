/** DESIGN.md 8: the rule names production takes, each with `users` (ids). */
export const MERGE_RULE_NAMES = ["require_specific_reviewers", "require_one_of_specific_reviewers", "allow_bypass", "require_at_least_one_review", "custom"] as const;

export type MergeRuleName = (typeof MERGE_RULE_NAMES)[number];

/**
 * Merge rules as the API returns them: a space's are `inherit`, `none` or `rules`; an
 * organization's `none` or `rules` (DESIGN.md 8). A rule name is kept a string as read: a name
 * production adds later must not fail a read.
 */
export type ApiMergeRules = { type: "inherit" } | { type: "none" } | { type: "rules"; rules: { rule: string; users?: string[] }[] };
