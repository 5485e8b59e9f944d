import { z } from "zod";
import { identifier } from "../adapter/check";
import type { ApiMergeRules } from "../api/merge-rules";
import { sortedSet } from "../api/requests";

/**
 * Merge rules of change requests, as organizations (2.11) and spaces (2.6) carry
 * them: `{ type: "inherit" }` or `{ type: "rules", rules: [...] }`. One schema for every resource
 * that takes them, so they validate and compare the same way everywhere.
 */
const mergeRule = z.strictObject({
  // the API's reference names `require_specific_reviewers` and says other rule names exist without listing them.
  rule: z.string().min(1),
  // A set of user ids: deduplicated and sorted, so order never shows as a change.
  users: z
    .array(identifier())
    .transform((users) => sortedSet(users))
    .optional(),
});

export const mergeRulesInput = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("inherit") }),
  z.strictObject({ type: z.literal("rules"), rules: z.array(mergeRule) }),
]);

/** Merge rules as a program declares them. */
export type MergeRules = z.input<typeof mergeRulesInput>;

/** Sorts the set-like parts of the API's merge rules, as the schema does, so equal rules compare equal. */
export function normalizeMergeRules(rules: ApiMergeRules | undefined): ApiMergeRules | undefined {
  if (!rules || rules.type !== "rules") return rules;
  return {
    type: "rules",
    rules: rules.rules.map((rule) => (rule.users ? { ...rule, users: sortedSet(rule.users) } : rule)),
  };
}
