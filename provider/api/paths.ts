import type { HttpMethod } from "./requester";

/**
 * A path builder of one API noun, carrying the methods the provider sends to that path: a test
 * (test/unit/api-paths.test.ts) builds every path of every noun module and holds each method and
 * path to an operation of API.md (or of DESIGN.md 8, the production service beside it).
 */
export type PathBuilder<Ids extends string[]> = ((...ids: Ids) => string[]) & { readonly methods: readonly HttpMethod[] };

/**
 * Declares a path builder: `build` takes the ids of the path, one parameter each (no defaults, no
 * rest parameters, so the test knows how many to give it).
 *
 * @example export const teamPath = apiPath(["GET", "PATCH", "DELETE"], (organizationId: string, teamId: string) => ["orgs", organizationId, "teams", teamId]);
 */
export function apiPath<Ids extends string[]>(methods: readonly HttpMethod[], build: (...ids: Ids) => string[]): PathBuilder<Ids> {
  return Object.assign(build, { methods });
}
