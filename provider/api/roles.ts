/**
 * Member roles in an organization, from most to least privileged. Where a role is
 * nullable, null means guest.
 */
export const ROLES = ["admin", "create", "review", "edit", "comment", "read"] as const;

export type Role = (typeof ROLES)[number];
