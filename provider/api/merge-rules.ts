/** Merge rules as the API returns them (of an organization, and of a space). */
export type ApiMergeRules = { type: "inherit" } | { type: "rules"; rules: { rule: string; users?: string[] }[] };
