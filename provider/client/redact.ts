/**
 * Credential redaction. Every string the client puts into an error, a log line or an error's
 * cause goes through a {@link Redactor} first, so the token and URL credentials never leave the
 * client, whatever the server or the network stack echoes back.
 */

export const REDACTED = "[REDACTED]";

// Matches the userinfo of any URL in free text ("https://user:pass@host"), not just ours: a proxy
// or an error from the network stack may print a URL we did not build.
const URL_USERINFO = /(\b[a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]*@/gi;
// A bearer credential wherever it appears (an echoed header, a log line of a proxy).
const BEARER = /(\bbearer\s+)[^\s"',;]+/gi;

export type Redactor = (text: string) => string;

/**
 * Builds a redactor for the given secrets. Secrets shorter than 4 characters are ignored as
 * needles: replacing every "a" in a message would make it unreadable and protect nothing.
 */
export function createRedactor(secrets: readonly string[]): Redactor {
  const needles = new Set<string>();
  for (const secret of secrets) {
    if (secret.length < 4) continue;
    needles.add(secret);
    // The same secret may come back percent-encoded (in a URL) or JSON-escaped (in a body).
    needles.add(encodeURIComponent(secret));
    needles.add(JSON.stringify(secret).slice(1, -1));
  }
  // Longest first, so a secret containing another secret is replaced whole.
  const ordered = [...needles].sort((a, b) => b.length - a.length);
  return (text) => {
    let out = text.replace(URL_USERINFO, `$1${REDACTED}@`).replace(BEARER, `$1${REDACTED}`);
    for (const needle of ordered) out = out.split(needle).join(REDACTED);
    return out;
  };
}

/** Returns the URL as text with any `user:password@` part replaced. */
export function redactUrl(url: URL): string {
  if (url.username === "" && url.password === "") return url.href;
  // Built by hand: the URL setters would percent-encode the brackets of the marker.
  return `${url.protocol}//${REDACTED}@${url.host}${url.pathname}${url.search}${url.hash}`;
}
