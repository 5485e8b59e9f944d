/**
 * `getTeam`: a team of an organization by title.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { identifier } from "../adapter/check";
import { compact } from "../adapter/values";
import { type LookupDefinition, type LookupInputs, lookupOutput, runLookup } from "./lookup";
import { exactlyOne, nearlyEqual } from "./match";
import { listTeams } from "../api/teams";

/** A team as `getTeam` returns it. */
export interface GetTeamResult {
  /** The team id, e.g. for `SamlProvider.defaultTeam`. */
  id: string;
  title: string;
  organizationId: string;
  /** How many members the team has. */
  memberCount: number;
  createdAt?: string;
}

export interface GetTeamArgs {
  /** The team's exact title. Example: `"Writers"`. */
  title: string;
  /** The organization to search. Defaults to the stack's `docs-platform:organizationId`. */
  organizationId?: string;
}

const getTeamArgs = z.strictObject({ title: z.string().min(1, "must not be empty"), organizationId: identifier().optional() });

const describeTeam = (args: GetTeamArgs, organizationId: string) => `titled ${JSON.stringify(args.title)} in organization ${organizationId}`;

export const getTeamLookup: LookupDefinition<GetTeamArgs, GetTeamResult> = {
  name: "getTeam",
  schema: getTeamArgs,
  inOrganization: true,
  describe: describeTeam,
  async run(api, args, organizationId) {
    // Every team, matched here: the API's name filter is a case-insensitive "contains", and its parameter name is not given.
    const teams = await listTeams(api, organizationId);
    const team = exactlyOne({
      lookup: "getTeam",
      noun: ["team", "teams"],
      criteria: describeTeam(args, organizationId),
      searched: teams,
      matches: teams.filter((candidate) => candidate.title === args.title),
      near: teams.filter((candidate) => nearlyEqual(candidate.title, args.title)),
      id: (candidate) => candidate.id,
      show: (candidate) => `${candidate.id} ${JSON.stringify(candidate.title)}`,
      narrow: "Use the team's id.",
    });
    return compact({ id: team.id, title: team.title, organizationId, memberCount: team.members ?? 0, createdAt: team.createdAt });
  },
};

/**
 * One team of the organization by its exact title (every page of the team list read). Fails
 * with a {@link LookupError} when none or several match.
 *
 * @example
 * const writers = await docs.getTeam({ title: "Writers" });
 * new docs.SamlProvider("okta", { label: "Okta", defaultTeam: writers.id });
 */
export function getTeam(args: GetTeamArgs): Promise<GetTeamResult> {
  return runLookup(getTeamLookup, args);
}

/** {@link getTeam} taking Outputs and returning an Output. */
export function getTeamOutput(args: LookupInputs<GetTeamArgs>): pulumi.Output<GetTeamResult> {
  return lookupOutput(getTeam, args);
}
