/**
 * fast-check generators for validation suites: strings at, just inside and just outside each
 * length limit (counted in characters, with astral characters that are two UTF-16 units), strings
 * near a pattern, URLs near their limits and with what a URL parser would silently drop, enum near
 * misses, values of the wrong type, and lone surrogates.
 *
 * Lengths are drawn around every limit the API documents or applies (API.md 8, DESIGN.md 8 and the
 * emulator), not only the limits the schemas hold today: a suite comparing check with the API then
 * stays meaningful when a limit moves.
 */
import fc from "fast-check";

/** Every length limit of API.md 8, DESIGN.md 8 and the emulator. */
export const LIMITS = [1, 2, 3, 30, 32, 50, 64, 100, 128, 253, 255, 1000, 1024, 2048, 10000] as const;

/** Lengths 0..4, each limit and its two neighbours up to `ceiling`, and any length up to `ceiling`. */
export function lengths(ceiling: number): fc.Arbitrary<number> {
  const edges = new Set<number>([0, 1, 2, 3, 4]);
  for (const limit of LIMITS) for (const length of [limit - 1, limit, limit + 1]) if (length >= 0 && length <= ceiling) edges.add(length);
  return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...[...edges].sort((a, b) => a - b)) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: ceiling }) });
}

/** Characters by kind: ASCII letters, astral emoji (2 UTF-16 units each), and a mix with spaces and accents. */
const ALPHABETS = {
  ascii: [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"],
  emoji: ["😀", "📘", "🔐", "🅰", "𝔸", "🚀"],
  mixed: [..."aZ9 _-.,/é:ü", "😀", "\t"],
} as const;

export type Alphabet = keyof typeof ALPHABETS;

/** A string of exactly `length` characters (code points) drawn from `alphabet`. */
export function stringOfLength(length: number, alphabet: Alphabet): fc.Arbitrary<string> {
  return fc.array(fc.constantFrom(...ALPHABETS[alphabet]), { minLength: length, maxLength: length }).map((chars) => chars.join(""));
}

/** Strings whose character counts sit on and around every limit up to `ceiling`, in every alphabet. */
export function texts(ceiling: number): fc.Arbitrary<string> {
  return fc.tuple(lengths(ceiling), fc.constantFrom<Alphabet>("ascii", "ascii", "emoji", "mixed")).chain(([length, alphabet]) => stringOfLength(length, alphabet));
}

/** A lone surrogate inserted into a string: not well-formed Unicode. */
export function withLoneSurrogate(strings: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(strings, fc.constantFrom("\uD800", "\uDBFF", "\uDC00", "\uDFFF"), fc.nat()).map(([text, surrogate, at]) => {
    const chars = [...text];
    chars.splice(at % (chars.length + 1), 0, surrogate);
    return chars.join("");
  });
}

/** Values of the wrong type for a string, boolean or object input (null apart: some inputs take it). */
export const wrongTypes: fc.Arbitrary<unknown> = fc.constantFrom<unknown>(7, 0, true, false, {}, [], ["x"], { value: "x" });

/**
 * Strings near a pattern: made of `valid` characters, with lengths around the limits up to
 * `ceiling`, sometimes with one `invalid` character put in at the start, the end or anywhere.
 */
export function nearPattern(valid: string, invalid: string, ceiling: number): fc.Arbitrary<string> {
  const base = lengths(ceiling).chain((length) => fc.array(fc.constantFrom(...valid), { minLength: length, maxLength: length }).map((chars) => chars.join("")));
  const broken = fc.tuple(base, fc.constantFrom(...invalid), fc.constantFrom("start", "end", "anywhere"), fc.nat()).map(([text, char, where, at]) => {
    if (where === "start") return char + text;
    if (where === "end") return text + char;
    const chars = [...text];
    chars.splice(at % (chars.length + 1), 0, char);
    return chars.join("");
  });
  return fc.oneof({ weight: 3, arbitrary: base }, { weight: 2, arbitrary: broken });
}

/** Enum values and near misses: case changes, padding, empty, another word. */
export function enumCandidates(values: readonly string[]): fc.Arbitrary<unknown> {
  const misses = values.flatMap((value) => [value.toUpperCase(), ` ${value}`, `${value}s`]).filter((miss) => !values.includes(miss));
  return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...values) }, { weight: 2, arbitrary: fc.constantFrom("", "other", ...misses) }, { weight: 1, arbitrary: wrongTypes });
}

export const booleans: fc.Arbitrary<unknown> = fc.oneof({ weight: 4, arbitrary: fc.boolean() }, { weight: 1, arbitrary: fc.constantFrom<unknown>("true", 1, null, {}) });

/** Whitespace and control characters a URL parser drops or encodes without a word. */
export const URL_NOISE = [" ", "\n", "\r\n", "\t", "\u0000", "\u0007", "\u007f", "\u00a0", "\u2028"] as const;

/**
 * URLs near the rules of an http(s) URL of at most `max` characters: lengths around the limits
 * (the path padded to length, in ASCII or emoji), other schemes, relative references, and noise
 * (whitespace, newlines, NUL) around or inside.
 */
export function urls(max: number): fc.Arbitrary<string> {
  const prefix = fc.constantFrom("https://docs.example.com/", "http://idp.example.test/sso/", "https://example.com:8443/a?b=");
  const sized = fc
    .tuple(prefix, lengths(max + 1), fc.constantFrom<Alphabet>("ascii", "ascii", "emoji"))
    .chain(([start, length, alphabet]) => stringOfLength(Math.max(0, length - [...start].length), alphabet).map((rest) => start + rest));
  const otherSchemes = fc.constantFrom(
    "ftp://example.com/spec.yaml",
    "mailto:sso@example.com",
    "file:///etc/passwd",
    "javascript:alert(1)",
    "example.com/spec.yaml",
    "/relative/path",
    "https://",
    "not a url",
    "",
  );
  const noisy = fc.tuple(sized, fc.constantFrom(...URL_NOISE), fc.constantFrom("start", "end", "inside")).map(([url, noise, where]) => {
    if (where === "start") return noise + url;
    if (where === "end") return url + noise;
    return url.replace("://", `://${noise}`);
  });
  return fc.oneof({ weight: 5, arbitrary: sized }, { weight: 2, arbitrary: otherSchemes }, { weight: 2, arbitrary: noisy });
}

/** True when the string holds a lone (unpaired) UTF-16 surrogate. */
export function hasLoneSurrogate(value: unknown): boolean {
  if (typeof value === "string") return /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value);
  if (Array.isArray(value)) return value.some(hasLoneSurrogate);
  if (value !== null && typeof value === "object") return Object.values(value).some(hasLoneSurrogate);
  return false;
}
