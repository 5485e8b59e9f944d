/**
 * Site. Left out when they are what a new site gets: type `basic`, no basename, no proxy, adaptive
 * content off, unpublished. Visibility and agents context are always written: they decide who and
 * what reads the site. `spaces` (used only at creation) is never written: the site's site spaces
 * are SiteSection and SiteSpace resources.
 */
import { definition } from "../../../resources/site";
import type { Adopt } from "../../../adapter/adopt";
import type { ResourceDefinition } from "../../../adapter/resource";
import type { ApiSite } from "../../../api/sites";
import { literal, object } from "../values";
import type { KindExporter } from "./kind";

/** The proxy as the input spells it, `<domain>/<path>` (the API answers its origin URL). */
function proxyInput(proxy: ApiSite["proxy"]): string | undefined {
  const raw = typeof proxy === "string" ? proxy : proxy?.origin;
  return raw ? raw.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "").replace(/\/+$/, "") : undefined;
}

export const site: KindExporter = {
  kind: "Site",
  definition: definition as unknown as ResourceDefinition<{ adopt?: Adopt }>,
  async read(org) {
    const sites = await org.sites();
    return sites.map((item) => {
      const proxy = proxyInput(item.proxy);
      return {
        kind: "Site",
        id: item.id,
        name: { title: item.title, fallback: "site" },
        inputs: [
          ["title", literal(item.title)],
          ["type", item.type && item.type !== "basic" ? literal(item.type) : undefined],
          ["visibility", item.visibility ? literal(item.visibility) : undefined],
          ["basename", item.basename ? literal(item.basename) : undefined],
          ["proxy", proxy ? literal(proxy) : undefined],
          ["adaptiveContent", item.adaptiveContent?.enabled ? object([["enabled", literal(true)]]) : undefined],
          ["agentsContext", item.agentsContext ? literal(item.agentsContext) : undefined],
          ["published", item.published ? literal(true) : undefined],
        ],
      };
    });
  },
};
