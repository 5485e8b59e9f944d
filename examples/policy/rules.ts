/**
 * The rules of the policy pack, as plain functions over what CrossGuard passes (a resource's type,
 * inputs and options; the stack's resources), so they are unit-tested without the engine. Each
 * returns the violations it finds as messages. index.ts wires them into the pack.
 */

/** The dynamic package's type token of a kind (the plugin's is `docs-platform:index:<Kind>`). */
export const typeOf = (kind: string) => `pulumi-nodejs:dynamic/docs-platform:${kind}`;

/** Whether a resource's type is the kind's, through either front door (the dynamic package or the plugin). */
export const isKind = (type: string, kind: string) => type === typeOf(kind) || type === `docs-platform:index:${kind}`;

export interface ResourceView {
  type: string;
  name: string;
  props: Record<string, unknown>;
  /** `protect` of the resource's options. */
  protect?: boolean;
}

/**
 * No public site without a SAML provider in its organization: a site declared `visibility:
 * "public"` needs a SamlProvider of the same `organizationId` in the stack, so the organization's
 * members sign in through SSO before they publish to the world. (A site that leaves `visibility`
 * out gets the API's default, which this rule cannot see.)
 */
export function publicSitesNeedSaml(resources: readonly ResourceView[]): string[] {
  const organizationsWithSaml = new Set(resources.filter((r) => isKind(r.type, "SamlProvider")).map((r) => r.props.organizationId));
  return resources
    .filter((r) => isKind(r.type, "Site") && r.props.visibility === "public" && !organizationsWithSaml.has(r.props.organizationId))
    .map(
      (r) =>
        `site "${r.name}" is public, but organization ${String(r.props.organizationId)} has no SamlProvider in this stack: add one, or make the site unlisted, share-link or visitor-auth`,
    );
}

/**
 * No replace (or delete) of a published site: CrossGuard does not tell a policy which operation a
 * resource is about to undergo, so the rule asks for what makes the engine refuse both: a site
 * declared `published: true` must have `protect: true`. Changing `type` or `organizationId` of
 * such a site then fails the update instead of replacing the site (and its URL) under the readers.
 */
export function publishedSitesAreProtected(resource: ResourceView): string[] {
  if (!isKind(resource.type, "Site") || resource.props.published !== true || resource.protect === true) return [];
  return [`site "${resource.name}" is published: give it the resource option \`protect: true\`, so the engine refuses to replace or delete it`];
}

/**
 * OpenAPI specs are private unless tagged public: `visibility` must be declared, and may be
 * `public` only for a slug listed in the pack's config `publicSpecs`
 * (`pulumi preview --policy-pack-config`), which is where a platform team reviews exceptions.
 */
export function specsPrivateUnlessTagged(resource: ResourceView, publicSpecs: readonly string[]): string[] {
  if (!isKind(resource.type, "OpenApiSpec")) return [];
  const { slug, visibility } = resource.props;
  if (visibility === "private") return [];
  if (visibility === "public" && publicSpecs.includes(String(slug))) return [];
  if (visibility === "public") return [`OpenAPI spec "${String(slug)}" is public, but its slug is not in the policy config publicSpecs: make it private or list it there`];
  return [`OpenAPI spec "${String(slug)}" leaves visibility out: declare visibility: "private" (or "public" and list the slug in publicSpecs)`];
}
