/**
 * Request targets: the base URL a client is given, and the paths and query strings it builds.
 */
import { REDACTED, redactUrl } from "./redact";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * A path as its segments, each percent-encoded on its own, so an identifier holding `/`, `?`,
 * `#`, `..` or spaces can never change which endpoint is called.
 *
 * @example ["orgs", orgId, "sites", siteId] // -> /orgs/<orgId>/sites/<siteId> under the base path
 */
export type PathSegments = readonly string[];

/** Query parameters; `undefined` values are left out. */
export type Query = Record<string, string | number | boolean | undefined>;

export interface BaseTarget {
  /** `protocol://host:port`, without credentials: what the connection pool connects to. */
  origin: string;
  /** The base URL's path without trailing slash, e.g. `/v1` (or "" for the root). */
  basePath: string;
  /** Any `user:password@` of the given URL: secrets to redact, never sent. */
  credentials: string[];
}

/**
 * Parses and checks the `baseUrl` option. Its errors never repeat URL credentials, a query string
 * or a fragment: any of them may hold a secret (`?token=...`).
 */
export function parseBaseUrl(baseUrl: string): BaseTarget {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    const shown = baseUrl.replace(/[?#][\s\S]*$/, "").replace(/\/\/[^/?#]*@/, `//${REDACTED}@`);
    throw new TypeError(`ClientOptions.baseUrl is not a valid URL: "${shown}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new TypeError(`ClientOptions.baseUrl must be an http(s) URL, got "${withoutQuery(url)}"`);
  }
  // `url.search` is "" for a bare "?", which `href` still carries.
  if (url.search !== "" || url.hash !== "" || /[?#]/.test(url.href)) {
    throw new TypeError(
      "ClientOptions.baseUrl must not have a query or fragment (value not shown: it may hold a credential); " + "give the base URL alone, e.g. https://api.example.com/v1",
    );
  }
  const credentials = [url.username, url.password, safeDecode(url.username), safeDecode(url.password)].filter((part) => part !== "");
  return {
    origin: url.origin,
    basePath: url.pathname.replace(/\/+$/, ""),
    credentials,
  };
}

/** The URL without credentials, query string or fragment. */
function withoutQuery(url: URL): string {
  const shown = new URL(url.href);
  shown.search = "";
  shown.hash = "";
  return redactUrl(shown);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The request path without query: base path plus each segment percent-encoded. */
export function buildPath(basePath: string, segments: PathSegments): string {
  for (const segment of segments) {
    // An empty or dot segment would silently address a different resource ("/orgs//sites",
    // "/orgs/../x"): encodeURIComponent leaves dots alone, so reject them here.
    if (typeof segment !== "string" || segment === "" || segment === "." || segment === "..") {
      const shown = segments.map((s) => JSON.stringify(s)).join(", ");
      throw new TypeError(`Invalid path segment ${JSON.stringify(segment)} in [${shown}]`);
    }
    // encodeURIComponent throws a bare "URIError: URI malformed" on a lone surrogate, naming
    // nothing; such a segment has no UTF-8 form, so no request can carry it.
    if (LONE_SURROGATE.test(segment)) {
      // JSON.stringify writes a lone surrogate out as `\ud800` (ES2019): the message stays well-formed.
      const shown = segments.map((s) => JSON.stringify(s)).join(", ");
      throw new TypeError(`Invalid path segment ${JSON.stringify(segment)} in [${shown}]: it holds a lone UTF-16 surrogate, which is not well-formed Unicode`);
    }
  }
  return `${basePath}/${segments.map(encodeURIComponent).join("/")}`;
}

/** A lone (unpaired) UTF-16 surrogate. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** `?a=1&b=x` for the defined values, or "" when there are none. */
export function buildQuery(query: Query | undefined): string {
  if (query === undefined) return "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.append(key, String(value));
  }
  const text = params.toString();
  return text === "" ? "" : `?${text}`;
}
