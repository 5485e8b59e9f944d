import { said, term } from "../adapter/door-words";
import { ref } from "../adapter/example-values";
import { z } from "zod";
import { wireMapping } from "../adapter/wire";
import type { ApiRequester } from "../api/requester";
import type { ResourceContext } from "../recovery/context";
import { httpUrl, identifier, text } from "../adapter/check";
import { type OrganizationMergeRules, normalizeOrganizationMergeRules, organizationMergeRulesInput } from "../domain/merge-rules";
import { sortedSet } from "../api/requests";
import type { ResourceDefinition, State } from "../adapter/resource";
import { declaredKeyLists } from "../adapter/fields";
import { roleEnum } from "../domain/roles";
import { jsonEqual } from "../adapter/values";
import { ofOrganization } from "../adapter/import-ids";
import { type ApiOrganization, getOrganization, updateOrganization } from "../api/organizations";

/**
 * The settings of an existing organization. The API has no endpoint that
 * creates or deletes an organization, so this resource always adopts the organization named by
 * `organizationId`:
 *
 * - create reads the organization and changes (PATCH) only the settings that differ from the
 *   inputs; the resource id is the organization id;
 * - delete (`pulumi destroy`, or removing the resource) leaves the organization and its settings
 *   as they are;
 * - changing `organizationId` replaces the resource: the new organization is adopted, the old one
 *   is left as it is;
 * - removing a setting from the program stops managing it: the organization keeps its current
 *   value. To clear a nullable setting, set it to `null` (`defaultRole`, `defaultContent`, `logo`).
 */
const siteContent = z.strictObject({ type: z.literal("site"), site: identifier() });

export const schema = z.strictObject({
  organizationId: identifier().meta({
    replaces: true,
    // In the request's path; the organization object holds it as its own id.
    readFrom: "id",
    sendAs: false,
    description: "Id of the existing organization to manage; changing it takes over another organization's settings. Defaults to the stack's `docs-platform:organizationId`.",
    example: "org_acme",
  }),
  title: text({ min: 2, max: 255 }).optional().meta({ description: "Name of the organization, 2 to 255 characters.", example: "Acme Inc." }),
  // A set of domains: normalized to lower case, deduplicated and sorted for stable diffs.
  emailDomains: z
    .array(text({ min: 1, max: 253 }))
    .transform((domains) => sortedSet(domains.map((domain) => domain.toLowerCase())))
    .optional()
    .meta({
      setValued: true,
      description: "Email domains whose verified users may join the organization; a set (case, order and\n" + "duplicates ignored).",
      example: ["acme.com", "acme.io"],
    }),
  hostname: text({ min: 3, max: 32 }).optional().meta({ description: "Default hostname of public content, 3 to 32 characters.", example: "acme" }),
  // The nullable settings read back as null when unset, so a declared `null` shows no drift.
  defaultRole: roleEnum
    .nullable()
    .optional()
    .meta({
      nullWhenAbsent: true,
      description: "Role new members get: `admin`, `create`, `review`, `edit`, `comment` or `read`; `null` makes\n" + "them guests.",
      example: "read",
    }),
  defaultContent: siteContent
    .nullable()
    .optional()
    .meta({
      nullWhenAbsent: true,
      description: "What visitors see by default: a site of the organization, or `null` for nothing.",
      example: { type: "site", site: ref("Site", "site") },
    }),
  // Sent as `logo` (API.md 4.7), read back from the organization's `urls.logo` (API.md 2.11).
  logo: httpUrl({ max: 2048 }).nullable().optional().meta({
    readFrom: "urls.logo",
    nullWhenAbsent: true,
    description: "Logo URL, an http(s) URL of at most 2048 characters; `null` removes the logo.",
    example: "https://acme.com/logo.png",
  }),
  sso: z.boolean().optional().meta({ description: "Enforce SAML single sign-on for the whole organization.", example: true }),
  ai: z.boolean().optional().meta({ description: "Enable AI features.", example: true }),
  inviteLinks: z.boolean().optional().meta({ description: "Enable invite links.", example: false }),
  // DESIGN.md 8: an organization's are `none` or `rules`; production refuses `inherit` (spaces only).
  mergeRules: organizationMergeRulesInput.optional().meta({
    description:
      "Merge rules of change requests: a `type` of `none`, or of `rules` with a list of `rules`. A rule is\n" +
      "`require_specific_reviewers`, `require_one_of_specific_reviewers`, `allow_bypass`,\n" +
      "`require_at_least_one_review` or `custom`, each with `users` (user ids). Not `inherit`: that is\n" +
      "for spaces only.",
    example: { type: "rules", rules: [{ rule: "require_specific_reviewers", users: ["user_1"] }] },
  }),
});

/** `adopt` is never an input here: the organization is always adopted. */
export type OrganizationSettingsInputs = z.infer<typeof schema> & { adopt?: undefined };

export type { OrganizationMergeRules as MergeRules };

/** Links of the organization. */
export interface OrganizationUrls {
  location?: string;
  app?: string;
  logo?: string;
}

/**
 * The state an organization object stands for, from the declarations (`wire`, below the outputs),
 * used by create, read, update and the `getOrganization` lookup. By hand, each for its reason: the
 * email domains are a set the schema normalizes (lower case, sorted, once each), so they read back
 * the same way or an `up` would show a change of case or order; and a state or an emulator of an
 * earlier version may say `inherit` for the merge rules, which an organization never has (DESIGN.md
 * 8): read as `none`.
 */
export function fromApi(organization: ApiOrganization): State {
  return wire.fromApi(organization, {
    emailDomains: organization.emailDomains ? sortedSet(organization.emailDomains.map((domain) => domain.toLowerCase())) : undefined,
    mergeRules: normalizeOrganizationMergeRules(organization.mergeRules),
  });
}

async function readOrganization(api: ApiRequester, organizationId: string): Promise<State | undefined> {
  const organization = await getOrganization(api, organizationId);
  return organization ? fromApi(organization) : undefined;
}

/**
 * PATCHes the settings of `keys` that the inputs set and `current` does not hold already, and
 * returns the state after. Undefined means "not managed": nothing is sent, the organization keeps
 * its value.
 */
async function apply(ctx: ResourceContext, inputs: OrganizationSettingsInputs, current: State, keys: Iterable<string>): Promise<State> {
  const differing = [...keys].filter((key) => !jsonEqual(current[key], (inputs as Record<string, unknown>)[key]));
  const body = wire.bodyOf(inputs, differing);
  if (Object.keys(body).length === 0) return current;
  const organization = await updateOrganization(ctx.api, inputs.organizationId, body);
  return fromApi(organization);
}

/**
 * What the state holds beyond the inputs (the server's own fields), and what an input's value in the
 * state means where that differs from the input's description.
 */
export const outputs = z.object({
  type: z.string().meta({ description: "Organization type; `business` appears." }),
  plan: z.string().meta({ description: "Billing plan; `free_2024` appears." }),
  useCase: z.string().optional(),
  communityType: z.string().optional(),
  customHostname: z.string().optional(),
  urls: z.object({ location: z.string().optional(), app: z.string().optional(), logo: z.string().optional() }).meta({ typeName: "OrganizationUrls" }),
  createdAt: z.string(),
});

/** The state of an organization as the API answers it, and the bodies sent, from the declarations above. */
const wire = wireMapping(schema, outputs);

export const definition: ResourceDefinition<OrganizationSettingsInputs> = {
  kind: "OrganizationSettings",
  soleOwner: {
    keyInputs: ["organizationId"],
    object: ({ organizationId }) => (typeof organizationId === "string" ? { key: organizationId, description: `the settings of organization ${organizationId}` } : undefined),
    sameOutput: "the settings of the same organization",
    why: said`an organization has one set of settings, so every ${term.apply("up")} would undo the other's changes. Declare one ${term.kind("OrganizationSettings")} per organization.`,
  },
  importId: ofOrganization,
  schema,
  outputs,
  ...declaredKeyLists(schema),

  async create(ctx, inputs) {
    const current = await readOrganization(ctx.api, inputs.organizationId);
    if (!current) {
      throw new Error(
        `OrganizationSettings: organization ${inputs.organizationId} does not exist or is not visible to this token; ` +
          "organizations cannot be created through the API, so organizationId must name an existing one",
      );
    }
    return { id: inputs.organizationId, state: await apply(ctx, inputs, current, wire.sentKeys) };
  },

  async read(ctx, id) {
    return readOrganization(ctx.api, id);
  },

  async update(ctx, id, _olds, news, changed) {
    // One request: the PATCH of the changed settings answers the organization (API.md 4.7), and
    // its values are absolute, so sending one the organization already holds changes nothing. A
    // GET first would only spare sending those (read only when nothing is left to send).
    const keys = wire.sentKeys.filter((key) => changed.has(key));
    if (keys.every((key) => (news as Record<string, unknown>)[key] === undefined)) {
      const current = await readOrganization(ctx.api, id);
      if (!current) throw new Error(`OrganizationSettings: organization ${id} no longer exists or is not visible to this token`);
      return current;
    }
    return apply(ctx, news, {}, keys);
  },

  async delete() {
    // Deliberately nothing: the organization cannot be deleted through the API, and removing this
    // resource means "stop managing these settings", not "reset them".
  },
};
