/**
 * Lookups: plain async functions that find existing objects by name in the program's own process,
 * so programs refer to them by title or email instead of pasting ids. Each has an `...Output`
 * form that takes and returns Outputs.
 */
export { getCollection, getCollectionOutput, type GetCollectionArgs, type GetCollectionResult } from "./collections";
export { getMember, getMemberOutput, getMembers, getMembersOutput, type GetMemberArgs, type GetMemberResult, type GetMembersArgs } from "./members";
export { getOrganization, getOrganizationOutput, type GetOrganizationArgs, type GetOrganizationResult } from "./organizations";
export { getSite, getSiteOutput, type GetSiteArgs, type GetSiteResult } from "./sites";
export { getSpace, getSpaceOutput, getSpaces, getSpacesOutput, type GetSpaceArgs, type GetSpaceResult, type GetSpacesArgs } from "./spaces";
export { getTeam, getTeamOutput, type GetTeamArgs, type GetTeamResult } from "./teams";
export { LookupError, isLookupError, type LookupErrorCode } from "./lookup-error";
export type { LookupInputs } from "./lookup";
