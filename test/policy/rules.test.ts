/** The policy pack's rules (examples/policy/rules.ts), on plain resource views. */
import { describe, expect, it } from "vitest";
import { publicSitesNeedSaml, publishedSitesAreProtected, specsPrivateUnlessTagged, typeOf } from "../../examples/policy/rules.ts";

const site = (name: string, props: Record<string, unknown>, protect?: boolean) => ({ type: typeOf("Site"), name, props: { organizationId: "org-acme", ...props }, protect });
const saml = (organizationId: string) => ({ type: typeOf("SamlProvider"), name: "sso", props: { organizationId, label: "SSO" } });
const spec = (props: Record<string, unknown>) => ({ type: typeOf("OpenApiSpec"), name: "spec", props: { organizationId: "org-acme", slug: "petstore", ...props } });

describe("public-site-needs-saml", () => {
  it("flags a public site whose organization has no SAML provider in the stack, naming the site", () => {
    expect(publicSitesNeedSaml([site("portal", { visibility: "public" })])).toEqual([expect.stringContaining('site "portal" is public')]);
    expect(publicSitesNeedSaml([site("portal", { visibility: "public" }), saml("org-other")])).toHaveLength(1);
  });
  it("passes a public site with a SAML provider of its organization, and non-public sites", () => {
    expect(publicSitesNeedSaml([site("portal", { visibility: "public" }), saml("org-acme")])).toEqual([]);
    expect(publicSitesNeedSaml([site("portal", { visibility: "unlisted" }), site("internal", {})])).toEqual([]);
  });
});

describe("published-site-protected", () => {
  it("asks a published site for protect: true", () => {
    expect(publishedSitesAreProtected(site("portal", { published: true }))).toEqual([expect.stringContaining("protect: true")]);
    expect(publishedSitesAreProtected(site("portal", { published: true }, true))).toEqual([]);
    expect(publishedSitesAreProtected(site("draft", { published: false }))).toEqual([]);
  });
});

describe("openapi-spec-private-unless-tagged", () => {
  it("passes private specs and public ones listed in publicSpecs", () => {
    expect(specsPrivateUnlessTagged(spec({ visibility: "private" }), [])).toEqual([]);
    expect(specsPrivateUnlessTagged(spec({ visibility: "public" }), ["petstore"])).toEqual([]);
  });
  it("flags public specs not listed, and specs that leave visibility out", () => {
    expect(specsPrivateUnlessTagged(spec({ visibility: "public" }), ["other"])).toEqual([expect.stringContaining("not in the policy config publicSpecs")]);
    expect(specsPrivateUnlessTagged(spec({}), [])).toEqual([expect.stringContaining("leaves visibility out")]);
  });
  it("ignores other resource types", () => {
    expect(specsPrivateUnlessTagged(site("portal", { visibility: "public" }), [])).toEqual([]);
  });
});

describe("resources of the provider plugin", () => {
  it("are checked like the dynamic package's: the rules match the kind through either door", () => {
    const pluginSite = { ...site("portal", { visibility: "public", published: true }), type: "docs-platform:index:Site" };
    const pluginSaml = { ...saml("org-acme"), type: "docs-platform:index:SamlProvider" };
    expect(publicSitesNeedSaml([pluginSite])).toHaveLength(1);
    expect(publicSitesNeedSaml([pluginSite, pluginSaml])).toEqual([]);
    expect(publishedSitesAreProtected(pluginSite)).toHaveLength(1);
    expect(specsPrivateUnlessTagged({ ...spec({ visibility: "public" }), type: "docs-platform:index:OpenApiSpec" }, [])).toHaveLength(1);
  });
});
