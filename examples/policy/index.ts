/**
 * A CrossGuard policy pack for documentation setups declared with pulumi-docs-platform:
 *
 *   pulumi preview --policy-pack ./policy [--policy-pack-config ./policy-config.json]
 *
 * The rules are in rules.ts (unit-tested there); this file wires them into a pack.
 */
import policy from "@pulumi/policy";
import { type ResourceView, publicSitesNeedSaml, publishedSitesAreProtected, specsPrivateUnlessTagged } from "./rules.ts";

const { PolicyPack } = policy;

const view = (resource: { type: string; name: string; props: Record<string, unknown>; opts?: { protect?: boolean } }): ResourceView => ({
  type: resource.type,
  name: resource.name,
  props: resource.props,
  protect: resource.opts?.protect,
});

new PolicyPack("docs-platform", {
  policies: [
    {
      name: "public-site-needs-saml",
      description: "A public site needs a SAML provider in its organization.",
      enforcementLevel: "mandatory",
      validateStack: (args, reportViolation) => {
        for (const message of publicSitesNeedSaml(args.resources.map(view))) reportViolation(message);
      },
    },
    {
      name: "published-site-protected",
      description: "A published site is protected, so it is never replaced or deleted by an update.",
      enforcementLevel: "mandatory",
      validateResource: (args, reportViolation) => {
        for (const message of publishedSitesAreProtected(view(args))) reportViolation(message);
      },
    },
    {
      name: "openapi-spec-private-unless-tagged",
      description: "OpenAPI specs are private unless their slug is listed in publicSpecs.",
      enforcementLevel: "mandatory",
      configSchema: {
        properties: { publicSpecs: { type: "array", items: { type: "string" }, default: [] } },
      },
      validateResource: (args, reportViolation) => {
        const { publicSpecs = [] } = args.getConfig<{ publicSpecs?: string[] }>();
        for (const message of specsPrivateUnlessTagged(view(args), publicSpecs)) reportViolation(message);
      },
    },
  ],
});
