/**
 * `getOrganization`: an organization the token's user belongs to, by id (the
 * stack's by default) or by title.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { isNotFoundError } from "../client";
import { identifier } from "../adapter/check";
import { roleEnum } from "../domain/roles";
import { compact } from "../adapter/values";
import { type LookupDefinition, type LookupInputs, lookupOutput, runLookup } from "./lookup";
import { LookupError } from "./lookup-error";
import { exactlyOne, nearlyEqual } from "./match";
import { type ApiOrganization, getOrganizationOrThrow, listOrganizations } from "../api/organizations";
import { fromApi } from "../resources/organization-settings";

export const getOrganizationResult = z
  .object({
    id: z.string().meta({ description: "The organization id, e.g. for a resource's `organizationId`." }),
    title: z.string(),
    emailDomains: z.array(z.string()),
    hostname: z.string().optional(),
    defaultRole: roleEnum.nullable().optional().meta({ description: "The role new members get; null for guests." }),
    urls: z.object({ location: z.string().optional(), app: z.string().optional(), logo: z.string().optional() }).optional(),
  })
  .meta({ typeName: "GetOrganizationResult", description: "An organization as `getOrganization` returns it." });

/**
 * The result: the fields it declares of the state an OrganizationSettings resource holds for the
 * organization (its `fromApi`: the email domains as a set, an unset default role as null), and its
 * id. `urls` is the object's own; an organization with no email domains gives an empty list.
 */
function resultOf(organization: ApiOrganization): GetOrganizationResult {
  const state: Record<string, unknown> = { ...fromApi(organization), id: organization.id };
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(getOrganizationResult.shape)) result[key] = state[key];
  return compact({ ...result, emailDomains: state.emailDomains ?? [] }) as GetOrganizationResult;
}

export const getOrganizationArgs = z.strictObject({
  organizationId: identifier().optional().meta({ description: "The organization's id. Defaults to the stack's `docs-platform:organizationId` when `title` is not given either." }),
  title: z
    .string()
    .min(1, "must not be empty")
    .optional()
    .meta({ description: "The exact title of one of the organizations the token's user belongs to, instead of an id.", example: "Acme Docs" }),
});

export const getOrganizationLookup: LookupDefinition<GetOrganizationArgs, GetOrganizationResult> = {
  name: "getOrganization",
  description:
    "An organization: the default one (`docs-platform:organizationId`) with no arguments, the one with\n" +
    "`organizationId`, or the one of the token's organizations with the exact `title` (every page\n" +
    "read). Fails<!-- pulumi only --> with a `LookupError`<!-- end --> when none or several match.",
  schema: getOrganizationArgs,
  result: getOrganizationResult,
  inOrganization: false,
  refine: (args) => (args.organizationId !== undefined && args.title !== undefined ? "give organizationId or title, not both" : undefined),
  describe: (args) => (args.title !== undefined ? `titled ${JSON.stringify(args.title)}` : `id ${args.organizationId ?? "(the stack's)"}`),
  async run(api, args, defaultOrganization) {
    if (args.title !== undefined) {
      const title = args.title;
      const organizations = await listOrganizations(api);
      return resultOf(
        exactlyOne({
          lookup: "getOrganization",
          noun: ["organization", "organizations"],
          criteria: `titled ${JSON.stringify(title)} among the token's organizations`,
          searched: organizations,
          matches: organizations.filter((organization) => organization.title === title),
          near: organizations.filter((organization) => nearlyEqual(organization.title, title)),
          id: (organization) => organization.id,
          show: (organization) => `${organization.id} ${JSON.stringify(organization.title)}`,
          narrow: "Give its id as `organizationId` instead.",
        }),
      );
    }
    const organizationId = args.organizationId ?? defaultOrganization();
    try {
      return resultOf(await getOrganizationOrThrow(api, organizationId));
    } catch (error) {
      if (!isNotFoundError(error)) throw error;
      throw new LookupError("getOrganization", "not_found", `getOrganization: no organization ${organizationId} (or the token's user is not a member of it).`, {
        cause: error,
      });
    }
  },
};

/**
 * An organization: the default one (`docs-platform:organizationId`) with no arguments, the one with
 * `organizationId`, or the one of the token's organizations with the exact `title` (every page
 * read). Fails with a `LookupError` when none or several match.
 *
 * @example
 * const acme = await docs.getOrganization();
 * export const organizationTitle = acme.title;
 * @example
 * const globex = await docs.getOrganization({ title: "Globex Docs" });
 * new docs.Team("globex-writers", { organizationId: globex.id, title: "Writers" });
 */
export function getOrganization(args: GetOrganizationArgs = {}): Promise<GetOrganizationResult> {
  return runLookup(getOrganizationLookup, args);
}

/** {@link getOrganization} taking Outputs and returning an Output. */
export function getOrganizationOutput(args: LookupInputs<GetOrganizationArgs> = {}): pulumi.Output<GetOrganizationResult> {
  return lookupOutput(getOrganization, args);
}

// ---- Generated by `npm run kinds` (provider/scripts/generate-kinds.mts) from the declarations above: do not edit. ----
import type { ArgumentOf, FieldOf } from "./lookup";

/** The arguments of `getOrganization`. */
export interface GetOrganizationArgs {
  /** The organization's id. Defaults to the stack's `docs-platform:organizationId` when `title` is not given either. */
  organizationId?: ArgumentOf<typeof getOrganizationArgs, "organizationId">;
  /** The exact title of one of the organizations the token's user belongs to, instead of an id. Example: `"Acme Docs"`. */
  title?: ArgumentOf<typeof getOrganizationArgs, "title">;
}

/** An organization as `getOrganization` returns it. */
export interface GetOrganizationResult {
  /** The organization id, e.g. for a resource's `organizationId`. */
  id: FieldOf<typeof getOrganizationResult, "id">;
  title: FieldOf<typeof getOrganizationResult, "title">;
  emailDomains: FieldOf<typeof getOrganizationResult, "emailDomains">;
  hostname?: FieldOf<typeof getOrganizationResult, "hostname">;
  /** The role new members get; null for guests. */
  defaultRole?: FieldOf<typeof getOrganizationResult, "defaultRole">;
  urls?: FieldOf<typeof getOrganizationResult, "urls">;
}
// ---- End of the generated part. ----
