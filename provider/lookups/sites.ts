/**
 * `getSite`: a docs site of an organization by title.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { identifier } from "../adapter/check";
import { compact } from "../adapter/values";
import { type LookupDefinition, type LookupInputs, lookupOutput, runLookup } from "./lookup";
import { exactlyOne, nearlyEqual } from "./match";
import { listSites } from "../api/sites";

/** A site as `getSite` returns it. */
export interface GetSiteResult {
  /** The site id, e.g. for `SiteSection.siteId`. */
  id: string;
  title: string;
  organizationId: string;
  type?: string;
  visibility?: string;
  published?: boolean;
  hostname?: string;
  basename?: string;
  urls?: { location?: string; app?: string; published?: string };
}

export interface GetSiteArgs {
  /** The site's exact title. Example: `"Developer portal"`. */
  title: string;
  /** The organization to search. Defaults to the stack's `docs-platform:organizationId`. */
  organizationId?: string;
}

const getSiteArgs = z.strictObject({ title: z.string().min(1, "must not be empty"), organizationId: identifier().optional() });

const describeSite = (args: GetSiteArgs, organizationId: string) => `titled ${JSON.stringify(args.title)} in organization ${organizationId}`;

export const getSiteLookup: LookupDefinition<GetSiteArgs, GetSiteResult> = {
  name: "getSite",
  schema: getSiteArgs,
  inOrganization: true,
  describe: describeSite,
  async run(api, args, organizationId) {
    // Every site, matched here: the API's reference names a title filter but not how it matches.
    const sites = await listSites(api, organizationId);
    const site = exactlyOne({
      lookup: "getSite",
      noun: ["site", "sites"],
      criteria: describeSite(args, organizationId),
      searched: sites,
      matches: sites.filter((candidate) => candidate.title === args.title),
      near: sites.filter((candidate) => nearlyEqual(candidate.title, args.title)),
      id: (candidate) => candidate.id,
      show: (candidate) => `${candidate.id} (${candidate.type ?? "site"}, ${candidate.published ? "published" : "unpublished"})`,
      narrow: "Use the site's id.",
    });
    return compact({
      id: site.id,
      title: site.title,
      organizationId,
      type: site.type,
      visibility: site.visibility,
      published: site.published,
      hostname: site.hostname,
      basename: site.basename,
      urls: site.urls,
    });
  },
};

/**
 * One docs site of the organization by its exact title (every page of the site list read).
 * Fails with a {@link LookupError} when none or several match.
 *
 * @example
 * const portal = await docs.getSite({ title: "Developer portal" });
 * new docs.SiteSection("changelog", { siteId: portal.id, spaceId: changelog.id, title: "Changelog" });
 */
export function getSite(args: GetSiteArgs): Promise<GetSiteResult> {
  return runLookup(getSiteLookup, args);
}

/** {@link getSite} taking Outputs and returning an Output. */
export function getSiteOutput(args: LookupInputs<GetSiteArgs>): pulumi.Output<GetSiteResult> {
  return lookupOutput(getSite, args);
}
