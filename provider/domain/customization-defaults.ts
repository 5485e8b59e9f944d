/**
 * A customization as a program would declare it: the leaves that differ from what the object
 * would be without the program. Shared by `pulumi import` of SiteCustomization and
 * SiteSpaceCustomization (resources/) and by `export` (cli/export/), so an imported customization
 * and an exported one declare the same fields.
 */
import { jsonEqual } from "../adapter/values";

type JsonObject = { [key: string]: unknown };

const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The leaves of `actual` that differ from `base`, as an object of the same shape; undefined when
 * nothing differs. Objects are compared key by key; anything else (a string, a boolean, an array
 * of links) is a leaf taken whole. A leaf `base` does not have is a difference, except an empty
 * object, which declares nothing.
 */
export function differences(actual: unknown, base: unknown): unknown {
  if (actual === undefined) return undefined;
  if (isObject(actual)) {
    const result: JsonObject = {};
    for (const [key, member] of Object.entries(actual)) {
      const difference = differences(member, isObject(base) ? base[key] : undefined);
      // Defined, not assigned: `result.__proto__ = ...` would set the prototype, and the key would be lost.
      if (difference !== undefined) Object.defineProperty(result, key, { value: difference, enumerable: true, writable: true, configurable: true });
    }
    return Object.keys(result).length > 0 ? result : undefined;
  }
  return base !== undefined && jsonEqual(actual, base) ? undefined : actual;
}

/**
 * What a new site's customization holds (its title is the site's).
 *
 * The API gives no operation that answers the defaults, and the API's reference gives sample
 * values only; this is what the production service gives a site that was never customized. A
 * field it does not list is always declared. A field it listed wrongly would be left out of a
 * copy, so it lists only values that nothing contradicts: `styling.corners` is declared always
 * (the API's sample, `straight`, is not what new sites get).
 */
export function customizationDefaults(siteTitle: string): JsonObject {
  const both = (color: string) => ({ light: color, dark: color });
  return {
    title: siteTitle,
    styling: {
      theme: "clean",
      primaryColor: both("#346DDB"),
      infoColor: both("#787878"),
      successColor: both("#00C950"),
      warningColor: both("#FE9A00"),
      dangerColor: both("#FB2C36"),
      depth: "subtle",
      links: "default",
      font: "Inter",
      monospaceFont: "IBMPlexMono",
      icons: "regular",
      sidebar: { background: "default", list: "default" },
      search: "prominent",
    },
    header: { links: [] },
    footer: { groups: [] },
    announcement: { enabled: false, message: "", style: "info" },
    themes: { default: "light", toggeable: true },
    pdf: { enabled: true },
    feedback: { enabled: false },
    ai: { mode: "none" },
    advancedCustomization: { enabled: true },
    git: { showEditLink: false },
    pageActions: { externalAI: true, markdown: true, mcp: true },
    externalLinks: { target: "self" },
    pagination: { enabled: true },
    trademark: { enabled: true },
    insights: { trackingCookie: true },
  };
}
