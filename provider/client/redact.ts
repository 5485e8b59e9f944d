/**
 * Credential redaction. Every string the client puts into an error, a log line or an error's
 * cause goes through a {@link Redactor} first, so the token and URL credentials never leave the
 * client, whatever the server or the network stack echoes back.
 */

export const REDACTED = "[REDACTED]";

// Matches the userinfo of any URL in free text ("https://user:pass@host"), not just ours: a proxy
// or an error from the network stack may print a URL we did not build. Up to the last "@" of the
// authority, as URL parsers read it: a password may hold a raw "@". Quotes and angle brackets end
// it, so a URL quoted in JSON or HTML does not run into the next value.
const URL_USERINFO = /(\b[a-z][a-z0-9+.-]*:\/\/)[^\s/?#\\"'<>]*@/gi;
// A bearer credential wherever it appears (an echoed header, a log line of a proxy).
const BEARER = /(\bbearer\s+)[^\s"',;]+/gi;

export type Redactor = (text: string) => string;

/** `%3b` as well as `%3B`: servers and proxies differ in the case of the hex digits they write. */
function withLowerHex(text: string): string {
  return text.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());
}

/** The secret as JSON serializers write it inside a string: `\"`, and `<>&'` as `\u003c`... (HTML-safe encoders such as Go's). */
function jsonForms(text: string): string[] {
  const escaped = JSON.stringify(text).slice(1, -1);
  return [escaped, escaped.replace(/[<>&']/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)];
}

/**
 * Every spelling in which a secret may come back: as is, percent-encoded the ways URLs and forms
 * encode it (once, or twice inside a URL held by another URL), with lower- or upper-case hex, and
 * JSON-escaped inside a body.
 */
function spellings(secret: string): string[] {
  const encoded = [
    secret,
    encodeURIComponent(secret),
    encodeURI(secret),
    new URLSearchParams({ s: secret }).toString().slice(2),
    encodeURIComponent(encodeURIComponent(secret)),
  ].flatMap((form) => [form, withLowerHex(form)]);
  return encoded.flatMap((form) => [form, ...jsonForms(form)]);
}

/**
 * Builds a redactor for the given secrets. Secrets shorter than 4 characters are ignored as
 * needles: replacing every "a" in a message would make it unreadable and protect nothing.
 */
export function createRedactor(secrets: readonly string[]): Redactor {
  const needles = new Set<string>();
  for (const secret of secrets) {
    if (secret.length < 4) continue;
    for (const needle of spellings(secret)) needles.add(needle);
  }
  // Longest first, so a secret containing another secret is replaced whole.
  const ordered = [...needles].sort((a, b) => b.length - a.length);
  return (text) => {
    // The known secrets go first and whole. The general patterns below stop at characters a
    // token may contain (`;`, `"`, `@`, ...): run first, they would replace only the head of
    // such a token and leave its tail for the exact match to miss.
    let out = text;
    for (const needle of ordered) out = out.split(needle).join(REDACTED);
    return redactUrlCredentials(out).replace(BEARER, `$1${REDACTED}`);
  };
}

/** Replaces the `user:password@` of every URL in free text, whoever's credentials they are. */
export function redactUrlCredentials(text: string): string {
  return text.replace(URL_USERINFO, `$1${REDACTED}@`);
}

/** Returns the URL as text with any `user:password@` part replaced. */
export function redactUrl(url: URL): string {
  if (url.username === "" && url.password === "") return url.href;
  // Built by hand: the URL setters would percent-encode the brackets of the marker.
  return `${url.protocol}//${REDACTED}@${url.host}${url.pathname}${url.search}${url.hash}`;
}

/**
 * Query parameters that carry a credential by their name: `?token=`, `?api_key=`, a signed URL's
 * `X-Amz-Signature`, `sig`, `access_token`, ...
 */
const CREDENTIAL_PARAMETER = /token|secret|passw|pwd|api[-_]?key|^key$|signature|^sig$|credential|^auth|session|^code$/i;

/**
 * Where a URL holds a credential (its `user:password@`, or a query parameter named like one), in
 * words for a message that never repeats the value; undefined when it holds none.
 */
export function urlCredential(text: string): string | undefined {
  if (!URL.canParse(text)) return undefined;
  const url = new URL(text);
  if (url.username !== "" || url.password !== "") return "credentials (user:password@)";
  for (const name of url.searchParams.keys()) if (CREDENTIAL_PARAMETER.test(name)) return `a credential in its query string (the ${JSON.stringify(name)} parameter)`;
  return undefined;
}

/**
 * The URL with every credential replaced by {@link REDACTED}: its `user:password@` and the values
 * of query parameters named like credentials (see {@link urlCredential}). Any other text is
 * returned as it is.
 */
export function withoutUrlCredentials(text: string): string {
  if (!URL.canParse(text)) return redactUrlCredentials(text);
  const url = new URL(text);
  const names = [...url.searchParams.keys()].filter((name) => CREDENTIAL_PARAMETER.test(name));
  // A URL without a credential parameter is kept byte for byte (no parser normalization).
  if (names.length === 0) return redactUrlCredentials(text);
  for (const name of names) url.searchParams.set(name, REDACTED);
  return redactUrlCredentials(url.href);
}
